/**
 * A model's whole reply as A2A parts (the reply handler of an A2A agent), on the core's
 * whole-response API.
 */
import { A2uiValidationError, hasA2ui, isA2uiError, parseResponse, type A2uiError, type Catalog, type Part } from '../index.js';
import { resolveCatalogs } from '../internal.js';
import { A2UI_MIME_TYPE, a2uiMimeType, type A2aPart } from './parts.js';

/** Options of {@link replyToA2aParts}. */
export interface ReplyToA2aPartsOptions {
  /**
   * Catalogs to validate the reply's messages against (`parseResponse`'s second argument). A reply
   * whose messages fail counts as unreadable (see `onError`). Default: no validation.
   */
  catalogs?: Catalog | readonly Catalog[];
  /**
   * The A2UI version of the receiving client, which picks the data parts' mime type as in
   * `a2uiDataPart` (`0.8` and `0.9` legacy, later versions current). Default (absent or blank):
   * the current type `application/a2ui+json` (what the reference's reply handler sends, whatever
   * the version).
   */
  version?: string;
  /**
   * The parts for a reply that has a complete block but does not read (bad JSON, a block never
   * closed, messages the catalogs reject). Default: one text part holding the whole trimmed
   * reply, tags included, so nothing the model wrote is lost. Throw from here to fail instead.
   */
  onError?: (error: A2uiError, reply: string) => A2aPart[];
}

const wholeReply = (_error: A2uiError, reply: string): A2aPart[] => [{ kind: 'text', text: reply }];

function argumentError(what: string, path: string): A2uiValidationError {
  const message = `replyToA2aParts: ${what}`;
  return new A2uiValidationError(message, { details: [{ path, code: 'type_mismatch', message }] });
}

/**
 * Turns a model's reply into A2A 0.3 parts: the reply is trimmed; empty gives `[]`; without a
 * complete `<a2ui-json>` block it is one text part; otherwise, in order, each run of text
 * (trimmed, left out when blank) as a text part and each message of each block as its own data
 * part. Blocks are read leniently (curly quotes, trailing commas, a code fence).
 *
 * @param reply The model's whole reply.
 * @param options See {@link ReplyToA2aPartsOptions}.
 * @throws A2uiValidationError when `reply` is not a string, `options` not an object or `onError`
 *   not a function.
 * @throws A2uiCatalogError when `version` is not a version, or `catalogs` is not a catalog or a
 *   list of catalogs of one version with distinct ids, whatever the reply: a mistake in the agent,
 *   not in the reply, so never passed to `onError`.
 */
export function replyToA2aParts(reply: string, options: ReplyToA2aPartsOptions = {}): A2aPart[] {
  if (typeof options !== 'object' || options === null) {
    throw argumentError(`options must be an object, got ${options === null ? 'null' : typeof options}`, '');
  }
  const { version, catalogs, onError = wholeReply } = options;
  if (typeof onError !== 'function') throw argumentError(`onError must be a function, got ${typeof onError}`, 'onError');
  if (catalogs !== undefined) resolveCatalogs(catalogs);
  const none = version === undefined || (typeof version === 'string' && version.trim() === '');
  const mimeType = none ? A2UI_MIME_TYPE : a2uiMimeType(version);
  if (typeof reply !== 'string') {
    throw argumentError(`the reply must be a string, got ${reply === null ? 'null' : typeof reply}`, '');
  }
  const text = reply.trim();
  if (text === '') return [];
  if (!hasA2ui(text, { complete: true, express: true })) return [{ kind: 'text', text }];
  let parsed: Part[];
  try {
    parsed = parseResponse(text, catalogs);
  } catch (error) {
    if (!isA2uiError(error) || error.category === 'CatalogError') throw error;
    return onError(error, text);
  }
  // With catalogs, what fails comes as error parts (parseResponse reads as the stream does).
  const failed = parsed.find((part) => part.type === 'error');
  if (failed?.type === 'error') return onError(failed.error, text);
  const parts: A2aPart[] = [];
  for (const part of parsed) {
    if (part.type === 'text') parts.push({ kind: 'text', text: part.text });
    else if (part.type === 'a2ui') {
      for (const message of part.messages) parts.push({ kind: 'data', data: message, metadata: { mimeType } });
    }
  }
  return parts;
}
