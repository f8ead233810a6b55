import { createParser } from 'eventsource-parser';
import { A2uiLimitError, A2uiParseError, type TextOrBytes } from '../index.js';
import { ChunkDecoder } from '../internal.js';

/** Default for {@link SseStreamOptions.maxBufferSize}: 16 MiB, as the parser's own `maxBufferSize`. */
export const DEFAULT_SSE_MAX_BUFFER_SIZE = 16 * 2 ** 20;

/** Options of every SSE adapter. */
export interface SseStreamOptions {
  /**
   * Most characters of one unfinished event held at once: a line not yet ended plus the `data:`
   * lines of an event whose blank line has not come. Past it the stream errors with an
   * `A2uiLimitError` (`Limit exceeded: maxBufferSize (…)`), so a server that never ends a line
   * or an event cannot fill memory. Default {@link DEFAULT_SSE_MAX_BUFFER_SIZE} (16 MiB).
   */
  maxBufferSize?: number;
}

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
 * standard says. Bytes are decoded as UTF-8 (see `A2uiStream`). An unfinished event longer than
 * `options.maxBufferSize` errors the stream with an `A2uiLimitError`.
 */
export function sseTextStream(handler: SseEventHandler, options: SseStreamOptions = {}): TransformStream<TextOrBytes, string> {
  const decoder = new ChunkDecoder();
  const maxBufferSize = options.maxBufferSize ?? DEFAULT_SSE_MAX_BUFFER_SIZE;
  let text = '';
  let done = false;
  let failure: { error: unknown } | undefined;
  const parser = createParser({
    maxBufferSize,
    onError(error) {
      if (error.type !== 'max-buffer-size-exceeded' || failure !== undefined) return;
      failure = {
        error: new A2uiLimitError(`Limit exceeded: maxBufferSize (${maxBufferSize})`, {
          cause: error,
          details: [{ path: '', code: 'limit_exceeded', message: `maxBufferSize is ${maxBufferSize}` }],
        }),
      };
    },
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

/** Characters of a provider's error type or message quoted in the error it becomes. */
const MAX_QUOTED = 200;

/** `text`, or its first {@link MAX_QUOTED} characters and its length: an event's size must not set the error's. */
function quoted(text: string): string {
  return text.length <= MAX_QUOTED ? text : `${text.slice(0, MAX_QUOTED)}… (${text.length} characters)`;
}

/**
 * The error a provider's error event becomes: an `A2uiParseError` (the response could not be
 * read) whose one detail has the provider's error type as `code` and its message as `message`,
 * each cut to its first {@link MAX_QUOTED} characters and its length when longer.
 */
export function providerError(provider: string, type: unknown, message: unknown): A2uiParseError {
  const code = typeof type === 'string' || typeof type === 'number' ? quoted(String(type)) : 'provider_error';
  const text = typeof message === 'string' ? quoted(message) : 'unknown error';
  return new A2uiParseError(`${provider} stream error (${code}): ${text}`, {
    details: [{ path: '', code, message: text }],
  });
}

/** `value` as a plain object, or `undefined`. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
