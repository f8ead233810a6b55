import { randomUUID } from '@ag-ui/client';
import type { Message } from '@ag-ui/core';
import { basicCatalogV09, type A2uiMessage, type A2uiPart, type Catalog, type ErrorPart, type Part } from '../index.js';
import { ActivityCards, type A2uiActivityUpdates } from './activity-cards.js';
import { readConversation } from './conversation.js';
import { errorEvent, TEXT_MESSAGE_CONTENT, TEXT_MESSAGE_END, TEXT_MESSAGE_START, type A2uiActivityEvent, type A2uiTextEvent } from './events.js';
import { eventBytes } from './event-bytes.js';
import { textCardId } from './ids.js';
import { SourceLedger } from './source-ledger.js';
import { readSetup, seedingHistory, toolNamesOption, type ReadSetup } from './readers.js';

/** Default tool names whose calls carry a surface. */
export const DEFAULT_TOOL_NAMES: readonly string[] = ['render_a2ui'];

/** How the A2UI of a conversation is read back (options of {@link a2uiActivityHistory}). */
export interface A2uiActivityHistoryOptions {
  /** The catalogs the model's A2UI was read with (v0.9 or later). Default `basicCatalogV09()`. */
  catalogs?: Catalog | readonly Catalog[];
  /**
   * Validate what is read back against the catalogs, as it was when it streamed. Default: `true`
   * when `catalogs` is given, `false` otherwise (the client's catalog is then unknown here).
   */
  validate?: boolean;
  /** Tool names whose calls carry a surface (`{surfaceId, components, data}`). Default `['render_a2ui']`. */
  a2uiToolNames?: readonly string[];
  /**
   * The `maxSurfaces` of the parser the result seeds, which counts its `history` against it: the
   * result holds the newest surfaces (by the last message that touched them) within half of it,
   * rounded up, as the middleware seeds its parser (decisions U10), so the answer keeps the rest.
   * The conversation's text is read back with it too, as the middleware read it. Default 1,000
   * (the parser's).
   */
  maxSurfaces?: number;
  /**
   * The `maxComponents` of the parser the result seeds: the newest surfaces fit in half of it as
   * well. Read back with it too. Default 100,000 (the parser's).
   */
  maxComponents?: number;
  /**
   * The `maxComponentsPerSurface` of the parser the result seeds: a surface holding more (another
   * source sent it) is left out. Read back with it too. Default 10,000 (the parser's).
   */
  maxComponentsPerSurface?: number;
}

/** Options of {@link a2uiActivityEvents}. */
export interface A2uiActivityEventsOptions extends A2uiActivityHistoryOptions {
  /**
   * Names the activity message of each surface the parts create: a string `id` gives
   * `a2ui-surface-<id>-<surfaceId>`; a function gives its own result. Default: `textMessageId`,
   * else a random id per call.
   */
  messageId?: string | ((surfaceId: string) => string);
  /**
   * Writes text parts as a text message with this id (`TEXT_MESSAGE_START` before the first
   * text, `TEXT_MESSAGE_CONTENT` per text part, `TEXT_MESSAGE_END` after the last part). Default:
   * text parts are left to the caller.
   */
  textMessageId?: string;
  /**
   * The conversation so far (AG-UI messages, as the client holds them): updates to its surfaces
   * go to the activity messages that show them (the first such event is a snapshot of the whole
   * surface). Default: none.
   */
  conversation?: readonly Message[];
  /**
   * How a surface's activity message changes after its first `ACTIVITY_SNAPSHOT`: `'delta'`, an
   * `ACTIVITY_DELTA` (JSON Patch of what changed) per change; `'snapshot'`, an `ACTIVITY_SNAPSHOT`
   * (`replace: true`) of its whole content per change, each a renderable whole, for clients that
   * read snapshots only (`@assistant-ui/react-ag-ui` 0.0.58 ignores deltas). Snapshots cost the
   * surface's size per change. Default `'delta'`.
   */
  activityUpdates?: A2uiActivityUpdates;
}

/** The parts' events: what `a2uiActivityEvents` returns for a sync or an async input. */
type EventsOf<P> = P extends Iterable<Part> ? (A2uiActivityEvent | A2uiTextEvent)[] : AsyncIterable<A2uiActivityEvent | A2uiTextEvent>;

/**
 * This library's parts as AG-UI events in the form CopilotKit's A2UI renderer paints: one
 * `a2ui-surface` activity message per surface, from its `createSurface` on, with a stable
 * `messageId`. Its first event is an `ACTIVITY_SNAPSHOT` (`replace: true`) whose content is
 * `{ a2ui_operations: [...] }`, the surface's A2UI messages; every later change is one
 * `ACTIVITY_DELTA` per chunk whose JSON Patch adds the new messages, or puts a component again in
 * place (each surface's components are kept merged by id in its first components message, so the
 * content the renderer applies grows with the surface, not with the stream). The activity events
 * are paced by the parts (issue #37): at most their bytes plus 1 KiB; changes past that, a
 * surface's first snapshot included, wait in order and go out together (a snapshot of the surface
 * when smaller than their patch) when there is room, at the latest at the end. A `deleteSurface`
 * ends its activity message; a surface deleted while it waits sends nothing more than the delete
 * (nothing at all when the client never got it). Error parts become `CUSTOM` events named `a2ui-stream.error`; text
 * parts become text events with `textMessageId`.
 *
 * A sync iterable (an array of parts) gives an array of events; an async iterable or a
 * `ReadableStream` of parts (`a2uiStream`'s output) gives an async iterable, event by event.
 *
 * @example
 * ```ts
 * const parts = new A2uiStreamParser(basicCatalogV09()).push(reply);
 * const events = a2uiActivityEvents(parts, { messageId: 'reply-1' });
 * ```
 */
export function a2uiActivityEvents<P extends Iterable<Part> | AsyncIterable<Part> | ReadableStream<Part>>(
  parts: P,
  options: A2uiActivityEventsOptions = {},
): EventsOf<P> {
  const writer = new PartsWriter(options);
  if (isIterable(parts)) {
    const events = [...parts].flatMap((part) => writer.part(part));
    return [...events, ...writer.end()] as EventsOf<P>;
  }
  return writeAsync(parts as AsyncIterable<Part> | ReadableStream<Part>, writer) as EventsOf<P>;
}

/**
 * The reverse, for a second turn: the A2UI messages the client holds after a conversation (AG-UI
 * messages: `a2ui-surface` activity messages, the model's text the middleware kept, render tool
 * calls, tool results with `a2ui_operations`), in order, for a parser's `history`. A parser counts
 * its `history` against `maxSurfaces` and `maxComponents` (its constructor throws past them), so
 * these are the newest live surfaces within half of each limit (give the parser's limits as
 * options), as the middleware seeds its own; a surface left out is, for that parser, one it does
 * not know.
 */
export function a2uiActivityHistory(conversation: readonly Message[], options: A2uiActivityHistoryOptions = {}): A2uiMessage[] {
  const setup = historySetup(options);
  return seedingHistory(setup, readConversation(conversation, setup));
}

function historySetup(options: A2uiActivityHistoryOptions): ReadSetup {
  const { maxSurfaces, maxComponents, maxComponentsPerSurface } = options;
  return readSetup(
    options.catalogs ?? basicCatalogV09(),
    { validate: options.validate ?? options.catalogs !== undefined, maxSurfaces, maxComponents, maxComponentsPerSurface },
    toolNamesOption(options.a2uiToolNames) ?? DEFAULT_TOOL_NAMES,
  );
}

/** Writes parts as events, holding what the activity messages are. */
class PartsWriter {
  private readonly cards: ActivityCards;
  private readonly idFor: (surfaceId: string) => string;
  private textOpen = false;
  /** The parts' bytes in and the events' out, which pace the activity events (`source-ledger.ts`). */
  private readonly bytes = new SourceLedger({ perIn: 1, cheapest: false });

  constructor(private readonly options: A2uiActivityEventsOptions) {
    this.cards = options.conversation
      ? readConversation(options.conversation, historySetup(options), options.activityUpdates)
      : new ActivityCards(options.activityUpdates);
    const id = options.messageId ?? options.textMessageId ?? randomUUID();
    this.idFor = typeof id === 'function' ? id : (surfaceId) => textCardId(id, surfaceId);
  }

  part(part: Part): (A2uiActivityEvent | A2uiTextEvent)[] {
    let events: (A2uiActivityEvent | A2uiTextEvent)[];
    if (part.type === 'text') {
      events = this.text(part.text);
      // A text event costs what the model's own delta would: counted in as well as out, it leaves the cards their room.
      this.bytes.readBytes(events.length === 0 ? part.text.length : events.reduce((sum, event) => sum + eventBytes(event), 0));
    } else {
      this.bytes.readBytes(partBytes(part));
      if (part.type === 'error') events = [errorEvent(part.error, this.options.textMessageId)];
      else {
        events = [];
        this.bytes.changed(this.cards.apply(part.messages, this.idFor));
      }
    }
    // What waited goes out once there is room, whatever part made it.
    events.push(...(this.bytes.flush(this.cards, events, false) as A2uiActivityEvent[]));
    return this.sent(events);
  }

  /** A text part's events: none without `textMessageId`. */
  private text(text: string): A2uiTextEvent[] {
    const messageId = this.options.textMessageId;
    if (messageId === undefined || text === '') return [];
    const events: A2uiTextEvent[] = [];
    if (!this.textOpen) events.push({ type: TEXT_MESSAGE_START, messageId, role: 'assistant' });
    this.textOpen = true;
    events.push({ type: TEXT_MESSAGE_CONTENT, messageId, delta: text });
    return events;
  }

  end(): (A2uiActivityEvent | A2uiTextEvent)[] {
    const events: (A2uiActivityEvent | A2uiTextEvent)[] = this.bytes.flush(this.cards, [], true) as A2uiActivityEvent[];
    const messageId = this.options.textMessageId;
    if (this.textOpen && messageId !== undefined) events.push({ type: TEXT_MESSAGE_END, messageId });
    return events;
  }

  /** `events`, counted as sent. */
  private sent<E extends A2uiActivityEvent | A2uiTextEvent>(events: E[]): E[] {
    this.bytes.sent(events);
    return events;
  }
}

/** An A2UI or error part's bytes as JSON (0 for an in-process value with no JSON form). */
function partBytes(part: A2uiPart | ErrorPart): number {
  try {
    return JSON.stringify(part.type === 'a2ui' ? part.messages : part.error.message).length;
  } catch {
    return 0;
  }
}

function isIterable(value: unknown): value is Iterable<Part> {
  return typeof (value as Iterable<Part>)[Symbol.iterator] === 'function';
}

async function* writeAsync(parts: AsyncIterable<Part> | ReadableStream<Part>, writer: PartsWriter): AsyncIterable<A2uiActivityEvent | A2uiTextEvent> {
  for await (const part of iterate(parts)) yield* writer.part(part);
  yield* writer.end();
}

/** A `ReadableStream` read through its reader (not every browser makes streams async iterable). */
async function* iterate(parts: AsyncIterable<Part> | ReadableStream<Part>): AsyncIterable<Part> {
  if (!('getReader' in parts)) {
    yield* parts;
    return;
  }
  const reader = parts.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
