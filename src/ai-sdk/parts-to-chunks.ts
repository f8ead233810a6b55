import type { UIMessageChunk } from 'ai';
import type { Part } from '../index.js';
import { A2uiChunkWriter } from './chunk-writer.js';
import type { A2uiChunkOptions } from './types.js';

/**
 * The conversion of {@link a2uiUIMessageStream} for backends that parse with `a2uiStream`
 * themselves (for example on the `providers` adapters) and feed `useChat`: a `TransformStream`
 * from parts to UI message chunks (text parts, `data-a2ui` and `data-a2ui-error` parts, in order).
 * It writes no `start`/`finish` chunks: merge it into a `createUIMessageStream` writer, which
 * does. One stream per assistant message (ids are numbered per stream).
 *
 * @param options - the data-part `mode` (default `'events'`).
 *
 * @example
 * ```ts
 * const stream = createUIMessageStream({
 *   execute({ writer }) {
 *     writer.merge(textStream.pipeThrough(a2uiStream(catalog)).pipeThrough(a2uiPartsToUIMessageChunks()));
 *   },
 * });
 * ```
 */
export function a2uiPartsToUIMessageChunks(options: A2uiChunkOptions = {}): TransformStream<Part, UIMessageChunk> {
  let writer: A2uiChunkWriter | undefined;
  return new TransformStream<Part, UIMessageChunk>({
    start(controller) {
      writer = new A2uiChunkWriter(options.mode ?? 'events', (chunk) => controller.enqueue(chunk));
    },
    transform(part) {
      writer?.parts([part]);
      writer?.flush();
    },
    flush() {
      writer?.closeText();
    },
  });
}
