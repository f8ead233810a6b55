import type { BaseEvent, Message } from '@ag-ui/core';
import { A2uiStreamParser, hasA2ui, type Catalog } from '../index.js';
import { A2UI_TEXT_METADATA_KEY } from './ids.js';
import { readWhole, untilLimit } from './read-parts.js';

/**
 * A `MESSAGES_SNAPSHOT` as the middleware passes it on: assistant text without its A2UI (the
 * model's text goes in the message's metadata), read with `catalogs`.
 */
export function snapshotWithoutA2ui(event: BaseEvent & { messages?: unknown }, catalogs: readonly Catalog[]): BaseEvent {
  const messages = event.messages as Message[] | undefined;
  if (
    !Array.isArray(messages) ||
    !messages.some((message) => message.role === 'assistant' && typeof message.content === 'string' && hasA2ui(message.content, { express: true }))
  )
    return event;
  return { ...event, messages: messages.map((message) => withoutA2ui(message, catalogs)) } as BaseEvent;
}

function withoutA2ui(message: Message, catalogs: readonly Catalog[]): Message {
  if (message.role !== 'assistant' || typeof message.content !== 'string' || !hasA2ui(message.content, { express: true })) return message;
  const parser = new A2uiStreamParser(catalogs, { validate: false });
  const parts = untilLimit(() => readWhole(parser, message.content as string));
  const content = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { ...message, content, metadata: { ...message.metadata, [A2UI_TEXT_METADATA_KEY]: { text: message.content } } };
}
