import { A2uiParseError, A2uiValidationError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import { fixPayload } from '../json/fix-payload.js';
import { A2uiStreamParser } from '../stream/parsers.js';
import type { StreamParserOptions } from '../stream/options.js';
import type { A2uiMessage, Part } from '../types.js';
import { cleanEdges } from './clean.js';
import { splitBlocks } from './unwrap.js';

/**
 * Options of {@link parseResponse}. With catalogs, the parser's options apply too (`snapshots`,
 * `history`, `knownSurfaces`, `placeholder`, `partialComponents`, `cuttableKeys`, limits; their
 * defaults are the parser's).
 */
export interface ParseResponseOptions extends Omit<StreamParserOptions, 'wrapped' | 'text' | 'validate'> {
  /** Whether blocks are wrapped in `<a2ui-json>` tags. `false`: the whole response is one block. Default `true`. */
  wrapped?: boolean;
}

/** Reference wording of the errors a response's shape can raise. */
export const RESPONSE_ERRORS = {
  tagsNotFound: "A2UI tags '<a2ui-json>' and '</a2ui-json>' not found in response.",
  closeTagNotFound: "A2UI close tag '</a2ui-json>' not found in response.",
  emptyBlock: 'A2UI JSON part is empty.',
  expressNeedsCatalogs:
    "An A2UI Express block ('<a2ui>') cannot be read without catalogs: its positional arguments are named by the catalog's property order. Pass catalogs to parseResponse.",
} as const;

function parseError(message: string, code: string): A2uiParseError {
  return new A2uiParseError(message, { details: [{ path: '', code, message }] });
}

/** Reads one cleaned, non-empty block into messages (objects only). */
function readBlock(content: string): A2uiMessage[] {
  const items = fixPayload(content);
  items.forEach((item: unknown, index: number) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      const message = 'Message must be an object';
      throw new A2uiValidationError(message, {
        details: [{ path: `messages.${index}`, code: 'type_mismatch', message }],
      });
    }
  });
  return items as A2uiMessage[];
}

/**
 * Parses a complete model response into parts: each run of text (trimmed, with a Markdown fence at
 * either edge removed; left out when empty) and the A2UI its blocks hold.
 *
 * **Without catalogs** (the reference's `parse_response`): each block's messages as the model wrote
 * them, read leniently (`fixPayload`: trailing commas, curly quotes, raw line breaks in strings, a
 * code fence, a single message or several concatenated ones); they must be JSON objects. Errors are
 * thrown, the shape ones before any block is read, in input order: a block never closed,
 * `A2UI close tag '</a2ui-json>' not found in response.`; a block empty after cleaning,
 * `A2UI JSON part is empty.`; no block at all,
 * `A2UI tags '<a2ui-json>' and '</a2ui-json>' not found in response.` (each an `A2uiParseError`);
 * then a block that does not read, an `A2uiParseError` `Failed to parse JSON: …`. An `<a2ui>`
 * Express block throws an `A2uiParseError` (`RESPONSE_ERRORS.expressNeedsCatalogs`): its positional
 * arguments have no names without a catalog; pass catalogs to read it.
 *
 * **With catalogs**: the stream's answer, whole. The response is read by an
 * {@link A2uiStreamParser} in one chunk, so the parts are what streaming it gives, at any chunking:
 * the messages a renderer should apply (start messages, components as the parser sends them:
 * reachable from the root, with placeholders for children that never came; data-model updates;
 * v1.0 surfaces written inside `createSurface` as separate updates) and `{ type: 'error' }` parts
 * where the input fails (an invalid component is left out and reported, the rest stands), never
 * thrown; an exceeded limit (`A2uiLimitError`) is the last part, and nothing after it is read. A
 * response without a block is its text. `<a2ui>` Express blocks (v0.9 and v1.0) are read as the
 * stream reads them: each compiled statement is its messages, through the same surface logic. The model's own messages are `parseResponse(text)`'s.
 *
 * @param text The whole response.
 * @param catalogs A catalog, or a non-empty list sharing one protocol version (the first is the
 *   default). Default: none (no validation; the model's messages).
 * @param options See {@link ParseResponseOptions}.
 * @throws A2uiCatalogError when `catalogs` is an empty or inconsistent list.
 */
export function parseResponse(text: string, catalogs?: Catalog | readonly Catalog[], options: ParseResponseOptions = {}): Part[] {
  if (catalogs !== undefined) return streamedWhole(text, catalogs, options);
  if (options.wrapped === false) {
    if (options.format === 'express') throw parseError(RESPONSE_ERRORS.expressNeedsCatalogs, 'express_needs_catalogs');
    const content = cleanEdges(text);
    if (content === '') throw parseError(RESPONSE_ERRORS.emptyBlock, 'empty_block');
    return [{ type: 'a2ui', messages: readBlock(content) }];
  }
  const raw = splitBlocks(text, true);
  let blocks = 0;
  const cleaned = raw.map((part) => {
    if (part.type === 'text') return { type: part.type, content: cleanEdges(part.text) };
    if (!part.closed) throw parseError(RESPONSE_ERRORS.closeTagNotFound, 'unclosed_block');
    const content = cleanEdges(part.raw);
    if (content === '') throw parseError(RESPONSE_ERRORS.emptyBlock, 'empty_block');
    if (part.format === 'express') throw parseError(RESPONSE_ERRORS.expressNeedsCatalogs, 'express_needs_catalogs');
    blocks++;
    return { type: part.type, content };
  });
  if (blocks === 0) throw parseError(RESPONSE_ERRORS.tagsNotFound, 'tags_not_found');
  const parts: Part[] = [];
  for (const part of cleaned) {
    if (part.type === 'block') parts.push({ type: 'a2ui', messages: readBlock(part.content) });
    else if (part.content !== '') parts.push({ type: 'text', text: part.content });
  }
  return parts;
}

/** The parts a parser gives for `text` in one chunk, each run of text cleaned as without catalogs. */
function streamedWhole(text: string, catalogs: Catalog | readonly Catalog[], options: ParseResponseOptions): Part[] {
  const parser = new A2uiStreamParser(catalogs, options);
  const parts: Part[] = [];
  for (const part of [...parser.push(text), ...parser.end()]) {
    if (part.type !== 'text') {
      parts.push(part);
      continue;
    }
    const cleaned = cleanEdges(part.text);
    if (cleaned !== '') parts.push({ type: 'text', text: cleaned });
  }
  return parts;
}
