/** History given back to a model that writes A2UI Express (issue #40). */
import { decompileExpress, isA2uiError, type Catalog } from '../index.js';
import { a2uiConvertDataPart, jsonBlock, modelMessagesOf } from './history.js';

/**
 * A `convertDataPart` for `convertToModelMessages` in a conversation where the model writes A2UI
 * Express: as {@link a2uiConvertDataPart}, but a `data-a2ui` part's messages (compacted the same
 * way) are written back in Express, `decompileExpress` against `catalogs`, between `<a2ui>` tags,
 * so that the model reads its earlier turns in the notation it writes. Messages with no Express
 * form (a data path a `$path` cannot hold, v0.8 messages) fall back to one `<a2ui-json>` block.
 *
 * @param catalogs - the catalogs the conversation's surfaces use (as given to the stream).
 * @throws A2uiCatalogError at once when `catalogs` is not a catalog or a list of one version.
 *
 * @example
 * ```ts
 * const modelMessages = await convertToModelMessages(a2uiCompactParts(messages), {
 *   convertDataPart: a2uiExpressConvertDataPart(catalog),
 * });
 * ```
 */
export function a2uiExpressConvertDataPart(
  catalogs: Catalog | readonly Catalog[],
): (part: { readonly type: string; readonly data?: unknown }) => { type: 'text'; text: string } | undefined {
  // Checked now: a bad catalog is the agent's mistake, not the conversation's.
  decompileExpress([], catalogs);
  return (part) => {
    const messages = modelMessagesOf(part);
    if (messages === undefined) return a2uiConvertDataPart(part);
    try {
      return { type: 'text', text: `<a2ui>\n${decompileExpress(messages, catalogs)}\n</a2ui>` };
    } catch (error) {
      if (!isA2uiError(error) || error.category === 'CatalogError') throw error;
      return { type: 'text', text: jsonBlock(messages) };
    }
  };
}
