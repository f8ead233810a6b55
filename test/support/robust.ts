/**
 * Helpers shared by the robustness tests and the fuzzer: feeding a response at a chunking,
 * collecting everything a parser produced (error parts included), and telling the
 * library's own errors from crashes.
 */
import type { Catalog } from '../../src/catalog/model.js';
import { isA2uiError, type A2uiError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { Part } from '../../src/types.js';
import { a2uiStream, type A2uiStreamOptions } from '../../src/web/index.js';

/** Prefix of the `A2uiCompileError` the parser wraps an unexpected exception in: a bug, not an input error. */
export const INTERNAL_ERROR_PREFIX = 'Internal error while parsing';

/** Whether `thrown` is an error the library throws on purpose (an `A2uiError` that is not a wrapped crash). */
export function isDeliberateError(thrown: unknown): thrown is A2uiError {
  return isA2uiError(thrown) && !thrown.message.startsWith(INTERNAL_ERROR_PREFIX);
}

/** Splits `text` at the given offsets (any order, out-of-range ones clamped). */
export function splitAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => Math.max(0, Math.min(text.length, c))))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const point of [...points, text.length]) {
    if (point > last) chunks.push(text.slice(last, point));
    last = point;
  }
  return chunks;
}

/** Everything one parser run produced. */
export interface RunResult {
  parts: Part[];
  errors: A2uiError[];
}

/**
 * Feeds `chunks` to a fresh parser, then ends it. Parts are kept in order, error parts among them,
 * and their errors recorded; an error part that is not a deliberate `A2uiError` is thrown. A
 * `LimitError` part stops the run, as it tells the caller to stop.
 */
export function runParser(catalogs: Catalog | readonly Catalog[], chunks: readonly string[], options: StreamParserOptions = {}): RunResult {
  const parser = new A2uiStreamParser(catalogs, options);
  const result: RunResult = { parts: [], errors: [] };
  const call = (fn: () => Part[]): boolean => {
    for (const part of fn()) {
      result.parts.push(part);
      if (part.type !== 'error') continue;
      if (!isDeliberateError(part.error)) throw part.error;
      result.errors.push(part.error);
      if (part.error.category === 'LimitError') return false;
    }
    return true;
  };
  for (const chunk of chunks) if (!call(() => parser.push(chunk))) return result;
  call(() => parser.end());
  return result;
}

/** The text of `parts`, concatenated. */
export function textOf(parts: readonly Part[]): string {
  return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/**
 * Pipes `chunks` through `a2uiStream` and collects its parts; resolves with the parts and the
 * error the stream ended with, if any.
 */
export async function runStream(
  catalogs: Catalog | readonly Catalog[],
  chunks: readonly (string | Uint8Array)[],
  options: A2uiStreamOptions = {},
): Promise<{ parts: Part[]; streamError: unknown }> {
  const stream = a2uiStream(catalogs, options);
  const parts: Part[] = [];
  const reading = (async () => {
    const reader = stream.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parts.push(value);
    }
  })();
  const writer = stream.writable.getWriter();
  let streamError: unknown;
  try {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  } catch (error) {
    streamError = error;
  }
  try {
    await reading;
  } catch (error) {
    streamError ??= error;
  }
  return { parts, streamError };
}
