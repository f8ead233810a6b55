import { isA2uiError, type A2uiError } from '../errors.js';
import type { Part } from '../types.js';
import { ChunkDecoder, type TextOrBytes } from './decode.js';

/**
 * What to do when parsing fails (see `A2uiStreamOptions.onError`). A `LimitError` always ends
 * the stream, whatever the policy.
 */
export type StreamErrorPolicy = 'emit' | 'terminate' | ((error: A2uiError) => void);

/** The part of `A2uiStreamParser` the stream drives. */
export interface PartSource {
  push(chunk: string): Part[];
  end(): Part[];
  /** Whether input read before an error is still waiting for the next call. */
  readonly pending?: boolean;
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
 * and applies the error policy. Whenever the stream is errored (policy `'terminate'`, or a
 * `LimitError` under a callback), the failing call's parts are not enqueued — erroring a stream
 * discards its unread queue anyway — and stay available as `error.partialParts`.
 */
export function a2uiTransformer(
  source: PartSource,
  onError: StreamErrorPolicy = 'emit',
): Transformer<TextOrBytes, Part> {
  const decoder = new ChunkDecoder();
  let ended = false;

  /** Runs one parser call: `'ok'`, `'recovered'` (an error the policy goes on after) or `'stopped'`. */
  const run = (controller: TransformStreamDefaultController<Part>, call: () => Part[]): 'ok' | 'recovered' | 'stopped' => {
    let parts: Part[];
    try {
      parts = call();
    } catch (error) {
      if (!isA2uiError(error)) throw error;
      return handle(controller, error) ? 'recovered' : 'stopped';
    }
    enqueueAll(controller, parts);
    return 'ok';
  };

  const handle = (controller: TransformStreamDefaultController<Part>, error: A2uiError): boolean => {
    const fatal = error.category === 'LimitError';
    if (onError === 'terminate') throw error;
    if (onError === 'emit') {
      enqueueAll(controller, [...error.partialParts, { type: 'error', error }]);
      if (fatal) {
        // Close rather than error, so that the error part above is still delivered.
        ended = true;
        controller.terminate();
        return false;
      }
      return true;
    }
    if (fatal) {
      onError(error);
      throw error;
    }
    enqueueAll(controller, error.partialParts);
    onError(error);
    return true;
  };

  /**
   * Runs `call`, then `again` while an error the policy goes on after left input waiting: the
   * parser leaves what followed a failing block for its next call, and it goes out now rather than
   * with the next chunk (each call reads at least the failing part of what waits).
   */
  const runAll = (controller: TransformStreamDefaultController<Part>, call: () => Part[], again = call): void => {
    let result = run(controller, call);
    while (result === 'recovered' && source.pending === true) result = run(controller, again);
  };

  return {
    transform(chunk, controller) {
      if (ended) return;
      const text = decoder.decode(chunk);
      if (text !== '') runAll(controller, () => source.push(text), () => source.push(''));
    },
    flush(controller) {
      if (ended) return;
      const rest = decoder.flush();
      if (rest !== '' && run(controller, () => source.push(rest)) === 'stopped') return;
      runAll(controller, () => source.end());
    },
  };
}
