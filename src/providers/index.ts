/**
 * a2ui-stream/providers: `TransformStream`s from language-model providers' streaming responses
 * (server-sent events) to the text deltas `a2uiStream` reads, e.g.
 * `response.body.pipeThrough(anthropicTextStream()).pipeThrough(a2uiStream(catalog))`.
 * A provider's error event errors the stream with an `A2uiParseError`.
 */
export {
  sseTextStream,
  DEFAULT_SSE_MAX_BUFFER_SIZE,
  type SseEvent,
  type SseStep,
  type SseEventHandler,
  type SseStreamOptions,
} from './sse-text-stream.js';
export { openAIChatTextStream, openAIResponsesTextStream, type OpenAIChatTextStreamOptions } from './openai.js';
export { anthropicTextStream } from './anthropic.js';
export { geminiTextStream } from './gemini.js';
export { agUiTextStream, type AgUiTextStreamOptions } from './ag-ui.js';
export { fromAsyncIterable } from './async-iterable.js';
export type { TextOrBytes } from '../index.js';
