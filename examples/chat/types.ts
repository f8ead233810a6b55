import { a2uiDataPartSchemas, type A2uiUIMessage } from 'a2ui-stream/ai-sdk';
import type { A2uiActionEvent } from 'a2ui-stream/react';

/** The chat's messages: A2UI data parts, plus the user's clicks (`data-a2ui-action`). */
export type ChatMessage = A2uiUIMessage<unknown, { 'a2ui-action': A2uiActionEvent }>;

/** What the page posts to `/api/chat`. */
export interface ChatRequestBody {
  messages: ChatMessage[];
  /** The renderer's capabilities (`processor.getClientCapabilities()`): `{ "v0.9": { supportedCatalogIds } }`. */
  a2uiClientCapabilities?: { 'v0.9'?: { supportedCatalogIds?: string[] } };
}

/** `useChat`'s `dataPartSchemas` for {@link ChatMessage} (Standard Schema v1 objects). */
export const chatDataPartSchemas = {
  ...a2uiDataPartSchemas,
  // Clicks are parts the page writes itself; the answer's stream never carries one.
  'a2ui-action': {
    '~standard': {
      version: 1,
      vendor: 'a2ui-stream-chat',
      validate: (value: unknown) =>
        typeof value === 'object' && value !== null && typeof (value as { surfaceId?: unknown }).surfaceId === 'string'
          ? { value: value as A2uiActionEvent }
          : { issues: [{ message: 'Expected an A2UI action event' }] },
    },
  },
} as const;
