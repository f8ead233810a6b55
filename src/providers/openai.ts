import type { TextOrBytes } from '../index.js';
import { asRecord, parseEventData, providerError, sseTextStream, type SseStreamOptions } from './sse-text-stream.js';

/** Options of {@link openAIChatTextStream}. */
export interface OpenAIChatTextStreamOptions extends SseStreamOptions {
  /** Which choice to read when the request asked for several (`n > 1`). Default `0`. */
  choiceIndex?: number;
}

/**
 * Text deltas from an OpenAI Chat Completions stream (`stream: true`): the
 * `choices[].delta.content` of each `chat.completion.chunk`. `data: [DONE]` ends the stream. An
 * event carrying `error` (`{message, type, code}`) errors the stream with an `A2uiParseError`
 * whose detail `code` is the error's `type` (or `code`). Also fits OpenAI-compatible servers.
 */
export function openAIChatTextStream(options: OpenAIChatTextStreamOptions = {}): TransformStream<TextOrBytes, string> {
  const choiceIndex = options.choiceIndex ?? 0;
  return sseTextStream((event) => {
    if (event.data.trim() === '[DONE]') return { done: true };
    const chunk = asRecord(parseEventData(event, 'OpenAI'));
    const error = asRecord(chunk?.error);
    if (error !== undefined) throw providerError('OpenAI', error.type ?? error.code, error.message);
    const choices = Array.isArray(chunk?.choices) ? chunk.choices : [];
    for (const choice of choices) {
      const record = asRecord(choice);
      if ((record?.index ?? 0) !== choiceIndex) continue;
      const content = asRecord(record?.delta)?.content;
      return typeof content === 'string' ? { text: content } : undefined;
    }
    return undefined;
  }, options);
}

/**
 * Text deltas from an OpenAI Responses stream (`stream: true`): the `delta` of each
 * `response.output_text.delta` event. `response.completed` and `response.incomplete` end the
 * stream; `response.failed` (its `response.error`) and `error` events error it with an
 * `A2uiParseError` whose detail `code` is the provider's error code.
 */
export function openAIResponsesTextStream(options: SseStreamOptions = {}): TransformStream<TextOrBytes, string> {
  return sseTextStream((event) => {
    const data = asRecord(parseEventData(event, 'OpenAI'));
    switch (data?.type ?? event.event) {
      case 'response.output_text.delta':
        return typeof data?.delta === 'string' ? { text: data.delta } : undefined;
      case 'response.completed':
      case 'response.incomplete':
        return { done: true };
      case 'response.failed': {
        const error = asRecord(asRecord(data?.response)?.error);
        throw providerError('OpenAI', error?.code ?? 'response_failed', error?.message);
      }
      case 'error':
        throw providerError('OpenAI', data?.code ?? data?.type, data?.message);
      default:
        return undefined;
    }
  }, options);
}
