import type { TextOrBytes } from '../index.js';
import { asRecord, parseEventData, providerError, sseTextStream, type SseStreamOptions } from './sse-text-stream.js';

/**
 * Text deltas from Google Gemini's `streamGenerateContent?alt=sse`: the `text` of
 * `candidates[0].content.parts[]` in each `GenerateContentResponse` (thought summaries, parts
 * with `thought: true`, are skipped). Gemini sends no end event: the stream ends with the
 * response. An event with `error` (`{code, message, status}`) errors the stream with an
 * `A2uiParseError` whose detail `code` is the `status` (or `code`); a blocked prompt
 * (`promptFeedback.blockReason`) errors it with the block reason as `code`.
 */
export function geminiTextStream(options: SseStreamOptions = {}): TransformStream<TextOrBytes, string> {
  return sseTextStream((event) => {
    const data = asRecord(parseEventData(event, 'Gemini'));
    const error = asRecord(data?.error);
    if (error !== undefined) throw providerError('Gemini', error.status ?? error.code, error.message);
    const blockReason = asRecord(data?.promptFeedback)?.blockReason;
    if (typeof blockReason === 'string') {
      throw providerError('Gemini', blockReason, `The prompt was blocked (${blockReason}).`);
    }
    const candidate = Array.isArray(data?.candidates) ? asRecord(data.candidates[0]) : undefined;
    const parts = asRecord(candidate?.content)?.parts;
    if (!Array.isArray(parts)) return undefined;
    let text = '';
    for (const part of parts) {
      const record = asRecord(part);
      if (record?.thought !== true && typeof record?.text === 'string') text += record.text;
    }
    return { text };
  }, options);
}
