import { createParser } from 'eventsource-parser';
import { A2uiParseError, type TextOrBytes } from '../index.js';
import { ChunkDecoder } from '../internal.js';

/** One server-sent event, as `eventsource-parser` reads it. */
export interface SseEvent {
  /** The `event:` field; `undefined` when the server sent none. */
  event?: string | undefined;
  /** The `id:` field, if any. */
  id?: string | undefined;
  /** The `data:` lines, joined with `\n`. */
  data: string;
}

/** What a provider's event means for the text stream. Every field is optional. */
export interface SseStep {
  /** Text to pass on (a model's output delta). */
  text?: string;
  /** The response is over: the stream closes and later events are ignored. */
  done?: boolean;
}

/**
 * Reads one provider event. Returns the step it means (`undefined`: nothing, e.g. a ping), or
 * throws an `A2uiError` for an error event, which errors the stream.
 */
export type SseEventHandler = (event: SseEvent) => SseStep | undefined;

/**
 * A `TransformStream` from server-sent-event bytes (or strings) to text deltas, for any provider:
 * `handler` says what each event means. The deltas of the events one chunk completes are passed
 * on as one string. When a step says `done`, the readable side closes and the writable side
 * errors, so a pipe from a `fetch` body cancels it (releasing the connection). An error thrown by
 * `handler` errors the stream. A last event with no blank line after it is dropped, as the SSE
 * standard says. Bytes are decoded as UTF-8 (see `A2uiStream`).
 */
export function sseTextStream(handler: SseEventHandler): TransformStream<TextOrBytes, string> {
  const decoder = new ChunkDecoder();
  let text = '';
  let done = false;
  let failure: { error: unknown } | undefined;
  const parser = createParser({
    onEvent(event) {
      if (done || failure !== undefined) return;
      try {
        const step = handler(event);
        if (step?.text) text += step.text;
        if (step?.done) done = true;
      } catch (error) {
        failure = { error };
      }
    },
  });
  return new TransformStream<TextOrBytes, string>({
    transform(chunk, controller) {
      parser.feed(decoder.decode(chunk));
      if (text !== '') {
        controller.enqueue(text);
        text = '';
      }
      if (failure !== undefined) throw failure.error;
      if (done) controller.terminate();
    },
  });
}

/**
 * Parses an event's JSON data.
 * @throws A2uiParseError (code `invalid_json`) when the data is not JSON.
 */
export function parseEventData(event: SseEvent, provider: string): unknown {
  try {
    return JSON.parse(event.data);
  } catch (cause) {
    throw new A2uiParseError(`${provider} stream: an event's data is not JSON.`, {
      cause,
      details: [{ path: '', code: 'invalid_json', message: event.data.slice(0, 200) }],
    });
  }
}

/**
 * The error a provider's error event becomes: an `A2uiParseError` (the response could not be
 * read) whose one detail has the provider's error type as `code` and its message as `message`.
 */
export function providerError(provider: string, type: unknown, message: unknown): A2uiParseError {
  const code = typeof type === 'string' || typeof type === 'number' ? String(type) : 'provider_error';
  const text = typeof message === 'string' ? message : 'unknown error';
  return new A2uiParseError(`${provider} stream error (${code}): ${text}`, {
    details: [{ path: '', code, message: text }],
  });
}

/** `value` as a plain object, or `undefined`. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
