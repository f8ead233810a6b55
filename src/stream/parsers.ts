/**
 * The two public parsers: {@link A2uiStreamParser} reads both notations; {@link A2uiJsonStreamParser}
 * leaves Express out, and with it the Express reader's code from a bundle that uses only it.
 */
import type { Catalog } from '../catalog/model.js';
import { ExpressBlock, expressResponseEnded } from '../express/block.js';
import { newExpressScan } from '../tags/express-scan.js';
import type { StreamParserOptions } from './options.js';
import { StreamParserCore } from './parser.js';

/**
 * Reads one model response as it streams and returns, per chunk, the parts that chunk completes or
 * changes: text at once (holding back only what could start a tag), start messages when they
 * close, components as soon as they are reachable from their surface's root (with placeholders
 * for children not yet arrived: under the child's own id with delta snapshots, the default from
 * v0.9 on; `loading_<id>` with full snapshots, v0.8's default), data-model updates as they grow,
 * and `{ type: 'error', error }` parts where the input fails, in stream order. Synchronous.
 *
 * `push` and `end` never throw. An error part does not stop the reading: the rest of the failing
 * block is skipped (what it sent before stands, the components the failing message put are rolled
 * back) and everything after it is read in the same call. An exceeded limit (`maxBufferSize`,
 * `maxDepth`, `maxSurfaces`, `maxComponentsPerSurface`, `maxComponents`) is an `A2uiLimitError` part, the last
 * part of its call (after the parts the call made before it): the parser then stops reading the
 * response, and every later `push` and `end` returns `[]` (no held-back text, no unclosed block:
 * the response was cut at the limit).
 *
 * At most `maxErrors` error parts per response (then one that counts the rest). A second start
 * message for a live surface is refused, as renderers refuse it, and reported.
 *
 * `end()` flushes held-back text and reports a block that never closed (where it was cut; the
 * text of one that could not be read, a stray open tag, is given back as text); it keeps the surfaces, so
 * one parser can read the model steps of one assistant message in turn (see {@link A2uiStreamParser.end}).
 *
 * Blocks are direct JSON (`<a2ui-json>`) or, from v0.9 on, Express (`<a2ui>`); see
 * {@link A2uiJsonStreamParser} for a parser without Express.
 */
export class A2uiStreamParser extends StreamParserCore {
  /**
   * @param catalogs The catalogs surfaces may use; the first is the default.
   * @param options See {@link StreamParserOptions}.
   * @throws A2uiCatalogError for an empty list, duplicate ids or mixed versions.
   * @throws A2uiValidationError for an option that cannot be read.
   */
  constructor(catalogs: Catalog | readonly Catalog[], options: StreamParserOptions = {}) {
    super(catalogs, options, { open: (sink, settings) => new ExpressBlock(sink, settings), scan: newExpressScan, responseEnded: expressResponseEnded });
  }
}

/**
 * {@link A2uiStreamParser} for direct JSON only: `<a2ui>` (Express) tags stay text, and an app
 * bundle that uses this parser (or {@link a2uiJsonStream}) and not the other holds no Express code
 * (about 12 KB gzipped less). Everything else is the same.
 */
export class A2uiJsonStreamParser extends StreamParserCore {
  /**
   * @param catalogs The catalogs surfaces may use; the first is the default.
   * @param options See {@link StreamParserOptions}; `format: 'express'` is refused.
   * @throws A2uiCatalogError for an empty list, duplicate ids or mixed versions.
   * @throws A2uiValidationError for an option that cannot be read.
   */
  constructor(catalogs: Catalog | readonly Catalog[], options: StreamParserOptions = {}) {
    super(catalogs, options, undefined);
  }
}
