import { A2uiParseError, A2uiValidationError } from '../errors.js';
import { resolveCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { fixPayload } from '../json/fix-payload.js';
import type { A2uiMessage, Part } from '../types.js';
import { validateMessages } from '../validate/index.js';
import { cleanEdges } from './clean.js';
import { unwrap } from './unwrap.js';

/** Options of {@link parseResponse}. */
export interface ParseResponseOptions {
  /** Whether blocks are wrapped in `<a2ui-json>` tags. `false`: the whole response is one block. Default `true`. */
  wrapped?: boolean;
}

/** Reference wording of the errors a response's shape can raise. */
export const RESPONSE_ERRORS = {
  tagsNotFound: "A2UI tags '<a2ui-json>' and '</a2ui-json>' not found in response.",
  closeTagNotFound: "A2UI close tag '</a2ui-json>' not found in response.",
  emptyBlock: 'A2UI JSON part is empty.',
} as const;

function parseError(message: string, code: string): A2uiParseError {
  return new A2uiParseError(message, { details: [{ path: '', code, message }] });
}

/** Reads one cleaned, non-empty block into messages, validating them when catalogs are given. */
function readBlock(content: string, catalogs: readonly Catalog[] | undefined): A2uiMessage[] {
  // Validation reports non-object items in its own words; without it they are still rejected.
  const items = fixPayload(content);
  if (catalogs !== undefined) {
    validateMessages(items, catalogs);
    return items as A2uiMessage[];
  }
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
 * either edge removed; left out when empty) and, for each block, its messages. Blocks are read
 * leniently (`fixPayload`: trailing commas, curly quotes, raw line breaks in strings, a code fence,
 * a single message or several concatenated ones) and must hold JSON objects.
 *
 * Errors (all thrown before any block is read, in input order): a block never closed,
 * `A2UI close tag '</a2ui-json>' not found in response.`; a block empty after cleaning,
 * `A2UI JSON part is empty.`; no block at all,
 * `A2UI tags '<a2ui-json>' and '</a2ui-json>' not found in response.` (each an `A2uiParseError`).
 * Then a block that does not read is an `A2uiParseError` `Failed to parse JSON: …`, and with
 * catalogs, messages a renderer holding them would reject throw the validator's error.
 *
 * @param text The whole response.
 * @param catalogs A catalog, or a non-empty list sharing one protocol version (the first is the
 *   default), to validate each block against with `validateMessages`. Default: no validation.
 * @param options See {@link ParseResponseOptions}.
 * @throws A2uiCatalogError when `catalogs` is an empty or inconsistent list.
 */
export function parseResponse(
  text: string,
  catalogs?: Catalog | readonly Catalog[],
  options: ParseResponseOptions = {},
): Part[] {
  const checked = catalogs === undefined ? undefined : resolveCatalogs(catalogs).all;
  if (options.wrapped === false) {
    const content = cleanEdges(text);
    if (content === '') throw parseError(RESPONSE_ERRORS.emptyBlock, 'empty_block');
    return [{ type: 'a2ui', messages: readBlock(content, checked) }];
  }
  const raw = unwrap(text);
  let blocks = 0;
  const cleaned = raw.map((part) => {
    if (part.type === 'text') return { type: part.type, content: cleanEdges(part.text) };
    if (!part.closed) throw parseError(RESPONSE_ERRORS.closeTagNotFound, 'unclosed_block');
    const content = cleanEdges(part.raw);
    if (content === '') throw parseError(RESPONSE_ERRORS.emptyBlock, 'empty_block');
    blocks++;
    return { type: part.type, content };
  });
  if (blocks === 0) throw parseError(RESPONSE_ERRORS.tagsNotFound, 'tags_not_found');
  const parts: Part[] = [];
  for (const part of cleaned) {
    if (part.type === 'block') parts.push({ type: 'a2ui', messages: readBlock(part.content, checked) });
    else if (part.content !== '') parts.push({ type: 'text', text: part.content });
  }
  return parts;
}
