import type { A2uiError } from '../errors.js';
import type { Part } from '../types.js';
import { ChunkDecoder, type TextOrBytes } from './decode.js';

/**
 * What to do when parsing fails (see `A2uiStreamOptions.onError`). A `LimitError` always ends
 * the stream, whatever the policy.
 */
export type StreamErrorPolicy = 'emit' | 'terminate' | ((error: A2uiError) => void);

/**
 * The part of `A2uiStreamParser` the stream drives: calls return parts with error parts among them
 * and do not throw; a `LimitError` part is the last part of the input.
 */
export interface PartSource {
  push(chunk: string): Part[];
  end(): Part[];
}

/** Merges each run of consecutive text parts into one text part. */
export function mergeTextParts(parts: readonly Part[]): readonly Part[] {
  if (parts.length < 2) return parts;
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (part.type === 'text' && last?.type === 'text') {
      merged[merged.length - 1] = { type: 'text', text: last.text + part.text };
    } else {
      merged.push(part);
    }
  }
  return merged;
}

function enqueueAll(controller: TransformStreamDefaultController<Part>, parts: readonly Part[]): void {
  for (const part of mergeTextParts(parts)) controller.enqueue(part);
}

/**
 * The transformer behind `A2uiStream`: decodes chunks, feeds them to `source`, merges text parts
 * and applies the error policy to each error part. Whenever the stream is errored (policy
 * `'terminate'`, or a `LimitError` under a callback), the failing call's parts before the error
 * are not enqueued (erroring a stream discards its unread queue anyway) and are set as
 * `error.partialParts`.
 */
export function a2uiTransformer(source: PartSource, onError: StreamErrorPolicy = 'emit'): Transformer<TextOrBytes, Part> {
  const decoder = new ChunkDecoder();
  let ended = false;

  /** Runs one parser call and applies the policy to its errors; `false` once the stream closed. */
  const run = (controller: TransformStreamDefaultController<Part>, call: () => Part[]): boolean => {
    const parts = call();
    let from = 0;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as Part;
      if (part.type !== 'error') continue;
      const error = part.error;
      const fatal = error.category === 'LimitError';
      if (onError === 'terminate' || (fatal && onError !== 'emit')) {
        error.partialParts = parts.slice(from, i);
        if (typeof onError === 'function') onError(error);
        throw error;
      }
      if (onError === 'emit') {
        if (!fatal) continue;
        enqueueAll(controller, parts.slice(from, i + 1));
        // Close rather than error, so that the error part above is still delivered.
        ended = true;
        controller.terminate();
        return false;
      }
      enqueueAll(controller, parts.slice(from, i));
      from = i + 1;
      onError(error);
    }
    enqueueAll(controller, parts.slice(from));
    return true;
  };

  return {
    transform(chunk, controller) {
      if (ended) return;
      const text = decoder.decode(chunk);
      if (text !== '') run(controller, () => source.push(text));
    },
    flush(controller) {
      if (ended) return;
      const rest = decoder.flush();
      if (rest !== '' && !run(controller, () => source.push(rest))) return;
      run(controller, () => source.end());
    },
  };
}
