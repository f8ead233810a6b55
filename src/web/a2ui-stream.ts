import type { Catalog } from '../catalog/model.js';
import { A2uiJsonStreamParser, A2uiStreamParser } from '../stream/parsers.js';
import { optionError, type StreamParserOptions } from '../stream/options.js';
import type { Part } from '../types.js';
import type { TextOrBytes } from './decode.js';
import { a2uiTransformer, type StreamErrorPolicy } from './transformer.js';

/**
 * `TransformStream`, through a call marked pure: bundlers keep a class that extends a global
 * whether it is used or not (reading its heritage might have effects), and with it the Express
 * reader it reaches; so {@link a2uiJsonStream} alone would still carry Express.
 */
const TransformStreamClass = /* @__PURE__ */ (() => TransformStream)();

/** Options of {@link a2uiStream} and {@link A2uiStream}: the parser's options plus an error policy. */
export interface A2uiStreamOptions extends StreamParserOptions {
  /**
   * What happens when a block fails to parse or validate. Default `'emit'`.
   * - `'emit'`: the parts the failing chunk produced before the error are enqueued, then a
   *   `{ type: 'error', error }` part; parsing goes on after the failing block.
   * - `'terminate'`: the stream errors with the `A2uiError`; the parts the failing chunk had
   *   produced are on `error.partialParts` (not enqueued).
   * - a callback: the parts before the error are enqueued, then the callback is called with the
   *   error and parsing goes on; no error part is enqueued. If the callback throws, the stream
   *   errors with what it threw.
   *
   * A `LimitError` always ends the stream: under `'emit'` the error part is the last part and the
   * stream closes (the writable side errors, so a pipe cancels its source); under the other
   * policies the stream errors with it (after calling the callback).
   */
  onError?: StreamErrorPolicy;
}

/**
 * A `TransformStream` from model output (strings, or UTF-8 bytes such as a `fetch` response
 * body) to {@link Part}s: text, A2UI messages and, with `onError: 'emit'`, errors.
 *
 * Strings go to the parser as they are. Bytes are decoded by one streaming `TextDecoder`: a
 * character split across chunks is never mangled, invalid UTF-8 becomes U+FFFD replacement
 * characters, and a leading byte-order mark is dropped. Text parts produced by one chunk are
 * merged into one. When the writable side closes, the parser's `end()` runs and its parts (held
 * text, errors for unclosed blocks) are enqueued. One stream reads one model response.
 *
 * @example
 * ```ts
 * const parts = response.body!.pipeThrough(new A2uiStream(basicCatalog('0.9')));
 * for await (const part of parts) render(part);
 * ```
 */
export class A2uiStream extends TransformStreamClass<TextOrBytes, Part> {
  /**
   * @param catalogs - the catalog, or catalogs, that surfaces in the response may use.
   * @param options - parser options and the error policy; all optional.
   */
  constructor(catalogs: Catalog | readonly Catalog[], options: A2uiStreamOptions = {}) {
    const { onError, ...parserOptions } = options;
    super(a2uiTransformer(new A2uiStreamParser(catalogs, parserOptions), checked(onError)));
  }
}

/**
 * Creates an {@link A2uiStream}: `response.body.pipeThrough(a2uiStream(catalog))`.
 *
 * @param catalogs - the catalog, or catalogs, that surfaces in the response may use.
 * @param options - parser options and the error policy (default `onError: 'emit'`).
 */
export function a2uiStream(catalogs: Catalog | readonly Catalog[], options?: A2uiStreamOptions): TransformStream<TextOrBytes, Part> {
  return new A2uiStream(catalogs, options);
}

/**
 * {@link a2uiStream} for direct JSON only ({@link A2uiJsonStreamParser}): `<a2ui>` (Express) tags
 * stay text, and a bundle that uses it and not {@link a2uiStream} holds no Express code (about
 * 12 KB gzipped less).
 *
 * @param catalogs - the catalog, or catalogs, that surfaces in the response may use.
 * @param options - parser options and the error policy (default `onError: 'emit'`).
 */
export function a2uiJsonStream(catalogs: Catalog | readonly Catalog[], options: A2uiStreamOptions = {}): TransformStream<TextOrBytes, Part> {
  const { onError, ...parserOptions } = options;
  return new TransformStream(a2uiTransformer(new A2uiJsonStreamParser(catalogs, parserOptions), checked(onError)));
}

/** `onError`, when it is a policy: else the option's `ValidationError` (an unknown one would act as `'emit'` unseen). */
function checked(onError: unknown): StreamErrorPolicy | undefined {
  if (onError === undefined || onError === 'emit' || onError === 'terminate' || typeof onError === 'function') return onError as StreamErrorPolicy | undefined;
  throw optionError('onError', "'emit', 'terminate' or a function", onError);
}
