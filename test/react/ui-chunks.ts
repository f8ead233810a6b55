/**
 * A model's answer as the AI SDK client receives it, without a model or a server: the answer's
 * text cut into deltas, as UI message chunks (`start`, one text part, `finish`), read by
 * `a2uiUIMessageStream` (what a chat route puts between `streamText` and the response). Shared by
 * the hook's unit tests and the browser page.
 */
import type { UIMessageChunk } from 'ai';
import type { Catalog } from '../../src/index.js';
import { a2uiUIMessageStream, type A2uiUIMessageStreamOptions } from '../../src/ai-sdk/index.js';

/** How the answer is cut and paced. */
export interface Pace {
  /** Characters per text delta. */
  chunkSize: number;
  /** Milliseconds between deltas (0: none, each delta still in its own macrotask). */
  intervalMs: number;
  /** Called after each delta is written, with the share of the answer written (0…1). */
  onProgress?: (written: number) => void;
}

/** The answer's UI message chunks after `a2uiUIMessageStream(catalog, options)`. */
export function answerChunks(text: string, catalog: Catalog, options: A2uiUIMessageStreamOptions, pace: Pace): ReadableStream<UIMessageChunk> {
  let at = -1;
  const source = new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      if (at < 0) {
        controller.enqueue({ type: 'start' });
        controller.enqueue({ type: 'text-start', id: 't' });
        at = 0;
        return;
      }
      if (at >= text.length) {
        controller.enqueue({ type: 'text-end', id: 't' });
        controller.enqueue({ type: 'finish' });
        controller.close();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, pace.intervalMs));
      controller.enqueue({ type: 'text-delta', id: 't', delta: text.slice(at, at + pace.chunkSize) });
      at += pace.chunkSize;
      pace.onProgress?.(Math.min(1, at / text.length));
    },
  });
  return source.pipeThrough(a2uiUIMessageStream(catalog, options));
}
