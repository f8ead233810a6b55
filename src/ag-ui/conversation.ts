import type { Message } from '@ag-ui/core';
import { A2uiLimitError, hasA2ui, type A2uiMessage, type A2uiStreamParser } from '../index.js';
import { ActivityCards, type A2uiActivityUpdates } from './activity-cards.js';
import { A2UI_ACTIVITY_TYPE, A2UI_OPERATIONS_KEY } from './events.js';
import { A2UI_TEXT_METADATA_KEY, envelopeCardIds, envelopeMessages, surfaceIdsOf, textCardId, toolCardId } from './ids.js';
import { isResponseLimit } from '../internal.js';
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
  /**
   * One parser for the conversation's text, told what other sources sent (`seed`): made again
   * from every card's history after each of them, a conversation alternating text and activity
   * messages cost the square of its length. After each text it forgets what the text read and
   * never sent (`forgetUnsent`), so it holds what the client holds, as a turn's parser seeded from
   * the cards does. Another source making a surface again makes a new card (the client holds only
   * what that one shows): the parser is told a delete of the surface before it. It is made again
   * (from the cards' newest surfaces, `seeding.ts`) only when a limit of its state stopped it: a
   * text (read again by the new one) or another source's messages. It starts with at most half of
   * each limit, so that happens at most once per half a limit of surfaces or components read. A
   * limit of a text alone (`maxDepth`, `maxBufferSize`) ends that text only (probe 17 finding 1: a
   * new parser per such text cost the square of the conversation).
   */
  let parser: A2uiStreamParser | undefined;
  /** What another source than the text sent: the cards take it, and the parser is told. */
  const seed = (read: readonly A2uiMessage[], idFor: (surfaceId: string) => string): void => {
    cards.write(read, idFor, true);
    parser = told(parser, madeAnew(read));
  };
  /** The A2UI messages of the model's text; a limit that stopped a parser made before it, a new parser reads it again. */
  const readText = (text: string): A2uiMessage[] => {
    for (;;) {
      const fresh = parser === undefined;
      const current = (parser ??= textParser(setup, cards));
      // A limit of the parser's state (surfaces, components) stops it, and a parser made for this
      // text, seeded within half of each, may not meet it: that one reads the text again. A limit of
      // the text alone (its nesting, an unfinished block) ended only the text: the parser reads on.
      let stopped = false;
      const parts = untilLimit(
        () => readWhole(current, text),
        (limit) => {
          stopped = !isResponseLimit(limit);
        },
      );
      if (stopped) {
        parser = undefined;
        if (!fresh) continue;
      } else current.forgetUnsent();
      return messagesOf(parts);
    }
  };
  for (const message of messages) {
    if (message.role === 'activity') {
      const operations =
        message.activityType === A2UI_ACTIVITY_TYPE ? envelopeMessages({ [A2UI_OPERATIONS_KEY]: message.content?.[A2UI_OPERATIONS_KEY] }) : undefined;
      if (operations) seed(operations, () => message.id);
    } else if (message.role === 'assistant') {
      const text = modelText(message);
      if (text !== undefined) cards.write(readText(text), (surfaceId) => textCardId(message.id, surfaceId), true);
      for (const call of message.toolCalls ?? []) {
        if (!setup.toolNames.has(call.function.name)) continue;
        const reader = new ToolCallReader(setup);
        seed(messagesOf(untilLimit(() => [...reader.push(call.function.arguments), ...reader.end()])), () => toolCardId(call.id));
      }
    } else if (message.role === 'tool') {
      const operations = envelopeMessages(message.content);
      if (operations) seed(operations, envelopeCardIds(surfaceIdsOf(operations), message.toolCallId));
    }
  }
  return cards;
}

/**
 * `parser` told of `read` (messages another source sent), or none when they take it past a limit
 * (`seed` throws it): the next text is read by a new one.
 */
function told(parser: A2uiStreamParser | undefined, read: readonly A2uiMessage[]): A2uiStreamParser | undefined {
  try {
    parser?.seed(read);
    return parser;
  } catch (error) {
    if (error instanceof A2uiLimitError) return undefined;
    throw error;
  }
}

/**
 * `read` with a `deleteSurface` before each `createSurface`. Another source making a surface again
 * makes a new card, and the client holds only what that card shows: the parser forgets what it
 * held of the surface (its components, root and data model), as one seeded from the cards would
 * never have known it (probe 13 finding 4). Before each `createSurface`, not all first: what came
 * of the surface before it went to the card it closes. A delete of a surface the parser does not
 * know is skipped.
 */
function madeAnew(read: readonly A2uiMessage[]): A2uiMessage[] {
  return read.flatMap((message) => {
    const surfaceId = (message.createSurface as { surfaceId?: unknown } | undefined)?.surfaceId;
    return typeof surfaceId === 'string' ? [{ version: message.version, deleteSurface: { surfaceId } } as A2uiMessage, message] : [message];
  });
}
