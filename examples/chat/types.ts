import type { A2uiUIMessage } from 'a2ui-stream/ai-sdk';
import type { VersionedClientCapabilities } from 'a2ui-stream/agent';

/** How the model writes its A2UI: JSON in `<a2ui-json>` blocks, or A2UI Express in `<a2ui>` blocks. */
export type A2uiFormat = 'json' | 'express';

/** The chat's messages: v0.9 A2UI data parts, and the user's clicks (`data-a2ui-action`). */
export type ChatMessage = A2uiUIMessage<'0.9'>;

/** What the page posts to `/api/chat`. */
export interface ChatRequestBody {
  messages: ChatMessage[];
  /** The renderer's capabilities, as `processor.getClientCapabilities()` writes them (`{ "v0.9": { supportedCatalogIds } }`). */
  a2uiClientCapabilities?: VersionedClientCapabilities;
}
