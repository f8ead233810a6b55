import type { TextOrBytes } from '../index.js';
import { asRecord, parseEventData, providerError, sseTextStream, type SseStreamOptions } from './sse-text-stream.js';

/**
 * Text deltas from an Anthropic Messages stream (`stream: true`): the `text` of each
 * `content_block_delta` whose delta is a `text_delta` (thinking and tool-input deltas are
 * skipped). `message_stop` ends the stream; an `error` event (`{type: 'error', error: {type,
 * message}}`, e.g. `overloaded_error`) errors it with an `A2uiParseError` whose detail `code` is
 * the error's `type`.
 */
export function anthropicTextStream(options: SseStreamOptions = {}): TransformStream<TextOrBytes, string> {
  return sseTextStream((event) => {
    const data = asRecord(parseEventData(event, 'Anthropic'));
    switch (data?.type ?? event.event) {
      case 'content_block_delta': {
        const delta = asRecord(data?.delta);
        return delta?.type === 'text_delta' && typeof delta.text === 'string' ? { text: delta.text } : undefined;
      }
      case 'message_stop':
        return { done: true };
      case 'error': {
        const error = asRecord(data?.error);
        throw providerError('Anthropic', error?.type, error?.message);
      }
      default:
        return undefined;
    }
  }, options);
}
