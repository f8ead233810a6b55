import { randomUUID } from '@ag-ui/client';
import type { BaseEvent, ToolCall } from '@ag-ui/core';
import { boundedError, ErrorBudget, firstErrorRoom, fitError } from '../internal.js';
import type { A2uiError, Part } from '../index.js';
import type { ActivityCards } from './activity-cards.js';
import { activitySnapshot, errorEvent, TEXT_MESSAGE_CONTENT, TOOL_CALL_RESULT, type A2uiActivityContent } from './events.js';
import { A2UI_TEXT_METADATA_KEY, envelopeCardIds, envelopeMessages, surfaceIdsOf, textCardId, toolCardId } from './ids.js';
import type { A2uiRecoveryOptions } from './options.js';
import { snapshotWithoutA2ui } from './messages-snapshot.js';
import { untilLimit } from './read-parts.js';
import { RunLedger } from './run-ledger.js';
import { SourceLedger } from './source-ledger.js';
import type { TextState, ToolState } from './source-states.js';
import { textParser, ToolCallReader, type ReadSetup } from './readers.js';
import { LOG_A2UI_EVENT_TOOL_NAME } from './tool.js';

/** An event as it comes, its fields read by name. */
type Incoming = BaseEvent & Record<string, unknown>;

/** What a run's reader is given. */
export interface RunSetup {
  readonly read: ReadSetup;
  readonly text: boolean;
  readonly recovery: A2uiRecoveryOptions;
  /** The catalog id of a render tool call's surface, given its `catalogId` argument. */
  readonly catalogId: (argument: string | undefined) => string;
}

/** Default most attempts a `retrying` status counts to. */
const MAX_ATTEMPTS = 3;

/**
 * One run's events, read as they come: text messages lose their `<a2ui-json>` blocks (drawn as
 * activity events instead; the model's text goes on the `TEXT_MESSAGE_END`'s metadata), render
 * tool calls are drawn as their arguments stream (with the `building`, `retrying` and `failed`
 * statuses of `@ag-ui/a2ui-middleware`), tool results carrying `a2ui_operations` are drawn, and
 * render tool calls left without a result get one before `RUN_FINISHED`. Every other event passes
 * unchanged.
 */
export class RunReader {
  private readonly texts = new Map<string, TextState>();
  private readonly tools = new Map<string, ToolState>();
  /** Render tool calls this run started, and tool calls that got a result. */
  private readonly renderCalls: string[] = [];
  private readonly resolved = new Set<string>();
  /** The tool call that render tool calls run inside (any other tool call, until its result). */
  private outerCallId: string | undefined;
  private readonly attempts = new Map<string, number>();
  /** Keys showing `retrying`, with the errors of the attempt that failed. */
  private readonly retrying = new Map<string, A2uiError[]>();
  /** Surfaces drawn from streamed render tool calls (a tool result drawing them again is skipped). */
  private readonly streamed = new Set<string>();
  /** The run's bytes in and out, which bound what its failed tool calls send. */
  private readonly ledger = new RunLedger();

  constructor(
    private readonly setup: RunSetup,
    private readonly cards: ActivityCards,
    /** Render tool calls of the conversation still without a result. */
    private readonly pendingCalls: readonly ToolCall[],
  ) {}

  /** The events to send for one event of the agent. */
  handle(event: Incoming): BaseEvent[] {
    this.ledger.read(event);
    const events = this.events(event);
    this.ledger.sent(events);
    return events;
  }

  private events(event: Incoming): BaseEvent[] {
    switch (event.type) {
      case 'TEXT_MESSAGE_CONTENT':
        return this.setup.text ? this.textContent(event) : [event];
      case 'TEXT_MESSAGE_END':
        return this.setup.text ? this.textEnd(event) : [event];
      case 'TOOL_CALL_START':
        return this.toolStart(event);
      case 'TOOL_CALL_ARGS':
        return this.toolEvent(event, () => this.toolArgs(String(event.toolCallId), String(event.delta)));
      case 'TOOL_CALL_END':
        return this.toolEvent(event, () => this.toolEnd(String(event.toolCallId)));
      case 'TOOL_CALL_RESULT':
        return [event, ...this.toolResult(event)];
      case 'MESSAGES_SNAPSHOT':
        return [this.setup.text ? snapshotWithoutA2ui(event, this.setup.read.catalogs) : event];
      case 'RUN_FINISHED':
        return [...this.finish(true), event];
      default:
        return [event];
    }
  }

  /** The agent's stream completed without `RUN_FINISHED`: what is still open is read to its end. */
  complete(): BaseEvent[] {
    return this.finish(false);
  }

  private textContent(event: Incoming): BaseEvent[] {
    const messageId = String(event.messageId);
    const delta = String(event.delta);
    let state = this.texts.get(messageId);
    if (!state) {
      state = {
        parser: textParser(this.setup.read, this.cards),
        raw: [],
        rawLength: 0,
        shownLength: 0,
        stopped: false,
        budget: new ErrorBudget(),
        errorSent: false,
        bytes: new SourceLedger(),
      };
      this.texts.set(messageId, state);
    }
    state.raw.push(delta);
    state.rawLength += delta.length;
    state.bytes.read(event, delta);
    if (state.stopped) return [];
    state.budget.read(delta.length);
    const events = this.textParts(state, messageId, delta, event);
    state.bytes.sent(events);
    return events;
  }

  private textEnd(event: Incoming): BaseEvent[] {
    const messageId = String(event.messageId);
    const state = this.texts.get(messageId);
    if (!state) return [event];
    this.texts.delete(messageId);
    state.bytes.read(event);
    const events = this.textEndParts(state, messageId);
    if (state.shownLength === state.rawLength) return [...events, event];
    const metadata = { ...(event.metadata as Record<string, unknown> | undefined), [A2UI_TEXT_METADATA_KEY]: { text: state.raw.join('') } };
    return [...events, { ...event, metadata }];
  }

  /** The end of a text message: its last parts, and what its activity messages still wait for. */
  private textEndParts(state: TextState, messageId: string): BaseEvent[] {
    if (!state.stopped) return this.textParts(state, messageId, undefined, { type: TEXT_MESSAGE_CONTENT, messageId });
    return state.bytes.flush(this.cards, [], true);
  }

  /**
   * Reads a delta (or the end) of a text message: its text as one content event, its A2UI as at
   * most one activity event per card, paced by its bytes in and out.
   */
  private textParts(state: TextState, messageId: string, delta: string | undefined, content: Incoming): BaseEvent[] {
    const parts = untilLimit(
      () => (delta === undefined ? state.parser.end() : state.parser.push(delta)),
      () => (state.stopped = true),
    );
    const events: BaseEvent[] = [];
    let text = '';
    const flushText = (): void => {
      if (text === '') return;
      events.push({ ...content, delta: text });
      state.shownLength += text.length;
      text = '';
    };
    for (const part of parts) {
      if (part.type === 'text') {
        text += part.text;
        continue;
      }
      if (part.type === 'error') {
        // The text around A2UI goes out as one event (a block's activity events come after the
        // delta's text anyway); an event each cost ~60 bytes per newline between blocks (agui17).
        flushText();
        const size = (error: A2uiError): number => JSON.stringify(errorEvent(error, messageId)).length;
        const error = state.errorSent ? part.error : fitError(part.error, firstErrorRoom(state.rawLength), size);
        const event = errorEvent(error, messageId);
        if (state.budget.admit(error, JSON.stringify(event).length)) {
          state.errorSent = true;
          events.push(event);
        }
      } else state.bytes.changed(this.cards.apply(part.messages, (surfaceId) => textCardId(messageId, surfaceId)));
    }
    flushText();
    events.push(...state.bytes.flush(this.cards, events, delta === undefined));
    const withheld = delta === undefined ? state.budget.summary() : undefined;
    if (withheld) events.push(errorEvent(withheld, messageId));
    return events;
  }

  private toolStart(event: Incoming): BaseEvent[] {
    const toolCallId = String(event.toolCallId);
    const name = String(event.toolCallName);
    if (!this.setup.read.toolNames.has(name)) {
      if (name !== LOG_A2UI_EVENT_TOOL_NAME) this.outerCallId = toolCallId;
      return [event];
    }
    const key = this.outerCallId ?? toolCallId;
    const state: ToolState = {
      reader: new ToolCallReader(this.setup.read, this.setup.catalogId),
      key,
      painted: false,
      errors: [],
      stopped: false,
      budget: new ErrorBudget(),
      read: 0,
      failed: false,
      muted: false,
      bytes: new SourceLedger(),
    };
    this.tools.set(toolCallId, state);
    this.renderCalls.push(toolCallId);
    this.attempts.set(key, (this.attempts.get(key) ?? 0) + 1);
    const events = this.retrying.has(key) ? [event] : [event, this.status(key, { status: 'building' })];
    state.bytes.read(event);
    state.bytes.sent(events);
    return events;
  }

  /** A render tool call's event passed on with what it makes, counted in its bytes in and out. */
  private toolEvent(event: Incoming, read: () => BaseEvent[]): BaseEvent[] {
    const bytes = this.tools.get(String(event.toolCallId))?.bytes;
    bytes?.read(event);
    bytes?.sent([event]);
    const made = read();
    bytes?.sent(made);
    return [event, ...made];
  }

  private toolArgs(toolCallId: string, delta: string): BaseEvent[] {
    const state = this.tools.get(toolCallId);
    if (state) {
      state.read += delta.length;
      state.budget.read(delta.length);
    }
    return this.toolRead(toolCallId, (reader) => reader.push(delta));
  }

  /** Reads arguments (`end`: their end), the call's A2UI as at most one activity event per card, paced by its bytes in and out. */
  private toolRead(toolCallId: string, call: (reader: ToolCallReader) => Part[], end = false): BaseEvent[] {
    const state = this.tools.get(toolCallId);
    if (!state) return [];
    if (state.stopped) return end ? state.bytes.flush(this.cards, [], true) : [];
    const events: BaseEvent[] = [];
    const parts = untilLimit(
      () => call(state.reader),
      () => (state.stopped = true),
    );
    for (const part of parts) {
      if (part.type === 'error') {
        // Counted as sent four times: a call that draws nothing sends its errors again in its
        // `retrying` status, and their messages in its result and `failed` status.
        const cost = (error: A2uiError): number =>
          2 * JSON.stringify(errorEvent(error, toolCallId)).length + 2 * JSON.stringify(boundedError(error).message).length;
        const error = state.errors.length === 0 ? fitError(part.error, firstErrorRoom(state.read), cost) : part.error;
        if (!state.failed) state.muted = !this.ledger.admitCall(toolCallId, cost(error), events);
        state.failed = true;
        if (state.muted) {
          this.ledger.mute();
          continue;
        }
        if (!state.budget.admit(error, cost(error))) continue;
        state.errors.push(error);
        events.push(errorEvent(error, toolCallId));
      } else if (part.type === 'a2ui') {
        state.bytes.changed(this.cards.apply(part.messages, () => toolCardId(state.key)));
        // Painted once components go out (a createSurface alone still shows the status).
        if (part.messages.some((message) => 'updateComponents' in message)) {
          state.painted = true;
          this.retrying.delete(state.key);
          for (const surfaceId of surfaceIdsOf(part.messages)) this.streamed.add(surfaceId);
        }
      }
    }
    // A limit stopped the call: nothing of it is read again, so what waits goes out now.
    events.push(...state.bytes.flush(this.cards, events, end || state.stopped));
    return events;
  }

  /** The arguments ended: an attempt that drew nothing and failed shows `retrying`. */
  private toolEnd(toolCallId: string): BaseEvent[] {
    const state = this.tools.get(toolCallId);
    if (!state) return [];
    const events = this.toolRead(toolCallId, (reader) => reader.end(), true);
    state.stopped = true;
    // The count of errors withheld goes out once (not again in the statuses and the result).
    const withheld = state.budget.summary();
    if (withheld) events.push(errorEvent(withheld, toolCallId));
    if (state.painted || !state.failed) return events;
    // A call whose errors are only counted shows no `retrying` (its `failed` status comes at the end).
    if (state.muted) {
      if (!this.retrying.has(state.key)) this.retrying.set(state.key, []);
      return events;
    }
    this.retrying.set(state.key, state.errors);
    const maxAttempts = this.setup.recovery.maxAttempts ?? MAX_ATTEMPTS;
    const attempt = Math.min((this.attempts.get(state.key) ?? 1) + 1, maxAttempts);
    const errors = state.errors.map((error) => errorEvent(error).value);
    return [...events, this.status(state.key, { status: 'retrying', attempt, maxAttempts, errors })];
  }

  /** A tool result: its `a2ui_operations` are drawn (not what a streamed call already drew). */
  private toolResult(event: Incoming): BaseEvent[] {
    const toolCallId = String(event.toolCallId);
    this.resolved.add(toolCallId);
    const key = this.outerCallId ?? toolCallId;
    if (this.outerCallId === toolCallId) this.outerCallId = undefined;
    const drawn = this.tools.get(toolCallId)?.painted || [...this.tools.values()].some((tool) => tool.painted && tool.key === toolCallId);
    if (drawn) return [];
    const operations = envelopeMessages(event.content);
    if (operations === undefined) return this.failure(key, event.content);
    const fresh = operations.filter((operation) => surfaceIdsOf([operation]).size === 0 || ![...surfaceIdsOf([operation])].some((id) => this.streamed.has(id)));
    if (fresh.length === 0) return [];
    this.retrying.delete(key);
    return this.cards.write(fresh, envelopeCardIds(surfaceIdsOf(fresh), key));
  }

  /** A tool result reporting that the agent's recovery gave up (`a2ui_recovery_exhausted`) shows `failed`. */
  private failure(key: string, content: unknown): BaseEvent[] {
    let parsed: { code?: unknown; error?: unknown; attempts?: unknown } | undefined;
    try {
      parsed = typeof content === 'string' ? (JSON.parse(content) as typeof parsed) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed?.code !== 'a2ui_recovery_exhausted') return [];
    this.retrying.delete(key);
    const attempts = Array.isArray(parsed.attempts) ? parsed.attempts : [];
    const maxAttempts = attempts.length || (this.setup.recovery.maxAttempts ?? MAX_ATTEMPTS);
    return [this.status(key, { status: 'failed', error: String(parsed.error ?? 'A2UI generation failed'), attempts, maxAttempts })];
  }

  /** Before `RUN_FINISHED`: open sources read to their end, results for render calls left without one, failed retries. */
  private finish(finished: boolean): BaseEvent[] {
    const events = this.flush();
    const withheld = this.ledger.summary();
    if (withheld) events.push(errorEvent(withheld));
    if (!finished) return events;
    const pending = [...this.pendingCalls.map((call) => call.id), ...this.renderCalls].filter((id) => !this.resolved.has(id));
    for (const toolCallId of new Set(pending)) {
      this.resolved.add(toolCallId);
      const state = this.tools.get(toolCallId);
      const result: Record<string, unknown> = { status: state?.failed && !state.painted ? 'failed' : 'rendered' };
      if (state && state.errors.length > 0) result.errors = state.errors.map((error) => boundedError(error).message);
      events.push({ type: TOOL_CALL_RESULT, messageId: randomUUID(), toolCallId, content: JSON.stringify(result) } as BaseEvent);
    }
    // A retry that never came: the status would otherwise stay `retrying` for good.
    const maxAttempts = this.setup.recovery.maxAttempts ?? MAX_ATTEMPTS;
    const muted: string[] = [];
    for (const [key, errors] of this.retrying) {
      if (errors.length === 0) muted.push(key);
      else events.push(this.status(key, { status: 'failed', error: errors.map((error) => boundedError(error).message).join('\n'), maxAttempts, attempts: [] }));
    }
    // Calls whose errors were only counted: their `failed` status while the run has room for it.
    let room = this.ledger.room(events);
    for (const key of muted) {
      const status = this.status(key, { status: 'failed', error: 'A2UI generation failed', maxAttempts, attempts: [] });
      const size = JSON.stringify(status).length;
      if (size > room) break;
      room -= size;
      events.push(status);
    }
    this.retrying.clear();
    return events;
  }

  private flush(): BaseEvent[] {
    const events: BaseEvent[] = [];
    for (const [messageId, state] of this.texts) events.push(...this.textEndParts(state, messageId));
    this.texts.clear();
    for (const [toolCallId, state] of this.tools) if (!state.stopped) events.push(...this.toolEnd(toolCallId));
    return events;
  }

  private status(key: string, content: A2uiActivityContent): BaseEvent {
    const debugExposure = this.setup.recovery.debugExposure;
    return activitySnapshot(toolCardId(key), debugExposure ? { ...content, debugExposure } : content);
  }
}
