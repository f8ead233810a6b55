import type { TextOrBytes } from '../index.js';
import { asRecord, parseEventData, providerError, sseTextStream, type SseStreamOptions } from './sse-text-stream.js';

/** Options of {@link agUiTextStream}. */
export interface AgUiTextStreamOptions extends SseStreamOptions {
  /**
   * `'message'` ends the stream at the first `TEXT_MESSAGE_END` (one assistant message, one model
   * response); `'run'` reads the text of every message until `RUN_FINISHED`. Default `'message'`.
   */
  until?: 'message' | 'run';
}

/**
 * Text deltas from an AG-UI event stream over SSE: the `delta` of `TEXT_MESSAGE_CONTENT` (and of
 * `TEXT_MESSAGE_CHUNK`) events. `RUN_FINISHED` ends the stream, and so does `TEXT_MESSAGE_END`
 * with `until: 'message'`; `RUN_ERROR` (`{message, code}`) errors it with an `A2uiParseError`
 * whose detail `code` is the event's `code`.
 */
export function agUiTextStream(options: AgUiTextStreamOptions = {}): TransformStream<TextOrBytes, string> {
  const untilMessage = (options.until ?? 'message') === 'message';
  return sseTextStream((event) => {
    const data = asRecord(parseEventData(event, 'AG-UI'));
    switch (data?.type ?? event.event) {
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_CHUNK':
        return typeof data?.delta === 'string' ? { text: data.delta } : undefined;
      case 'TEXT_MESSAGE_END':
        return untilMessage ? { done: true } : undefined;
      case 'RUN_FINISHED':
        return { done: true };
      case 'RUN_ERROR':
        throw providerError('AG-UI', data?.code ?? 'run_error', data?.message);
      default:
        return undefined;
    }
  }, options);
}
