import type { Message } from '@ag-ui/core';
import { hasA2ui, type A2uiMessage, type A2uiStreamParser } from '../index.js';
import { ActivityCards, type A2uiActivityUpdates } from './activity-cards.js';
import { A2UI_ACTIVITY_TYPE, A2UI_OPERATIONS_KEY } from './events.js';
import { A2UI_TEXT_METADATA_KEY, envelopeCardIds, envelopeMessages, surfaceIdsOf, textCardId, toolCardId } from './ids.js';
import { readWhole, untilLimit } from './read-parts.js';
import { messagesOf, textParser, ToolCallReader, type ReadSetup } from './readers.js';

/** The model's own text of an assistant message: kept in its metadata by the middleware, or its content. */
export function modelText(message: { content?: unknown; metadata?: unknown }): string | undefined {
  const kept = (message.metadata as Record<string, { text?: unknown } | undefined> | undefined)?.[A2UI_TEXT_METADATA_KEY]?.text;
  if (typeof kept === 'string') return kept;
  return typeof message.content === 'string' && hasA2ui(message.content, { express: true }) ? message.content : undefined;
}

/**
 * What the client holds of a conversation, as activity cards: each `a2ui-surface` activity
 * message as it is (when the conversation still has them: `@ag-ui/client` leaves them out of a
 * run's input), the surfaces of assistant text written with A2UI (the model's text the middleware
 * kept in the message's metadata, or text content holding `<a2ui-json>` blocks), render tool
 * calls and tool results carrying `a2ui_operations`, in conversation order. A surface belongs to
 * the card that last created it. What does not read was reported when it streamed and is skipped.
 * `updates`: how the cards send later changes (see {@link A2uiActivityUpdates}).
 */
export function readConversation(messages: readonly Message[], setup: ReadSetup, updates: A2uiActivityUpdates = 'delta'): ActivityCards {
  const cards = new ActivityCards(updates);
  /** One parser for consecutive text, made again when another source changed what the client holds. */
  let parser: A2uiStreamParser | undefined;
  const seed = (read: readonly A2uiMessage[], idFor: (surfaceId: string) => string): void => {
    cards.write(read, idFor, true);
  };
  for (const message of messages) {
    if (message.role === 'activity') {
      const operations =
        message.activityType === A2UI_ACTIVITY_TYPE ? envelopeMessages({ [A2UI_OPERATIONS_KEY]: message.content?.[A2UI_OPERATIONS_KEY] }) : undefined;
      if (operations) {
        seed(operations, () => message.id);
        parser = undefined;
      }
    } else if (message.role === 'assistant') {
      const text = modelText(message);
      if (text !== undefined) {
        parser ??= textParser(setup, cards.history());
        seed(readAll(parser, text), (surfaceId) => textCardId(message.id, surfaceId));
      }
      for (const call of message.toolCalls ?? []) {
        if (!setup.toolNames.has(call.function.name)) continue;
        const reader = new ToolCallReader(setup);
        seed(messagesOf(untilLimit(() => [...reader.push(call.function.arguments), ...reader.end()])), () => toolCardId(call.id));
        parser = undefined;
      }
    } else if (message.role === 'tool') {
      const operations = envelopeMessages(message.content);
      if (operations) {
        seed(operations, envelopeCardIds(surfaceIdsOf(operations), message.toolCallId));
        parser = undefined;
      }
    }
  }
  return cards;
}

/** The A2UI messages of one whole text (the parser keeps its surfaces for the next). */
function readAll(parser: A2uiStreamParser, text: string): A2uiMessage[] {
  return messagesOf(untilLimit(() => readWhole(parser, text)));
}
