import type { A2uiUIMessage } from 'a2ui-stream/ai-sdk';
import type { A2uiActionEvent } from 'a2ui-stream/react';

/** The chat's messages: A2UI data parts, plus the user's clicks (`data-a2ui-action`). */
export type ChatMessage = A2uiUIMessage<unknown, { 'a2ui-action': A2uiActionEvent }>;

/** What the page posts to `/api/chat`. */
export interface ChatRequestBody {
  messages: ChatMessage[];
  /** The renderer's capabilities (`processor.getClientCapabilities()`): `{ "v0.9": { supportedCatalogIds } }`. */
  a2uiClientCapabilities?: { 'v0.9'?: { supportedCatalogIds?: string[] } };
}
