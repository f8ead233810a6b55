/**
 * One fuzz input and the checks run on it, shared by the fuzzer (`npm run fuzz`) and the test that
 * replays the inputs it saved (test/fixtures/fuzz/).
 */
import { basicCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { parseResponse } from '../../src/response/index.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { Part } from '../../src/types.js';
import { isDeliberateError, runParser, runStream, textOf } from './robust.js';

/** A fuzz input: what to feed, how, and with which options. JSON-serialisable. */
export interface FuzzCase {
  version: ProtocolVersion;
  options: StreamParserOptions;
  /** The input as string chunks (fed to the parser, and to the stream unless `byteChunks`). */
  chunks: string[];
  /** When set, the stream is fed these UTF-8 byte chunks instead (possibly invalid UTF-8). */
  byteChunks?: number[][];
  /** The stream's error policy; `callback` collects errors in a function. */
  onError: 'emit' | 'terminate' | 'callback';
}

/** Why a case failed. */
export interface FuzzProblem {
  kind: 'crash' | 'stream' | 'mismatch' | 'slow';
  message: string;
  stack?: string;
}

const catalogs = new Map<ProtocolVersion, Catalog>();
const catalogFor = (version: ProtocolVersion): Catalog => {
  let catalog = catalogs.get(version);
  if (!catalog) catalogs.set(version, (catalog = basicCatalog(version)));
  return catalog;
};

function problem(kind: FuzzProblem['kind'], thrown: unknown): FuzzProblem {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  return { kind, message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
}

const messagesOf = (parts: readonly Part[]) => JSON.stringify(parts.flatMap((p) => (p.type === 'a2ui' ? p.messages : [])));

/**
 * Runs `fuzzCase` through `a2uiStream` (and, when `direct`, first through the parser itself and
 * `parseResponse`), and returns the first
 * problem: anything thrown that is not a deliberate `A2uiError` (`crash`), a stream that ends
 * otherwise than its policy says (`stream`), a stream fed the same strings as the parser giving
 * other text or messages (`mismatch`), or a run longer than `boundMs` (`slow`).
 */
export async function checkCase(fuzzCase: FuzzCase, boundMs: number, direct = true): Promise<FuzzProblem | undefined> {
  const catalog = catalogFor(fuzzCase.version);
  const started = performance.now();
  let core: ReturnType<typeof runParser> | undefined;
  if (direct) {
    try {
      core = runParser(catalog, fuzzCase.chunks, fuzzCase.options);
    } catch (thrown) {
      return problem('crash', thrown);
    }
    try {
      parseResponse(fuzzCase.chunks.join(''), catalog, { wrapped: fuzzCase.options.wrapped ?? true });
    } catch (thrown) {
      if (!isDeliberateError(thrown)) return problem('crash', thrown);
    }
  }
  const callbackErrors: unknown[] = [];
  const onError = fuzzCase.onError === 'callback' ? (error: unknown) => void callbackErrors.push(error) : fuzzCase.onError;
  const input = fuzzCase.byteChunks ? fuzzCase.byteChunks.map((b) => Uint8Array.from(b)) : fuzzCase.chunks;
  const { parts, streamError } = await runStream(catalog, input, { ...fuzzCase.options, onError });
  const elapsed = performance.now() - started;
  const errors = [...parts.flatMap((p) => (p.type === 'error' ? [p.error] : [])), ...callbackErrors];
  const bad = errors.find((e) => !isDeliberateError(e));
  if (bad !== undefined) return problem('crash', bad);
  const limited = errors.some((e) => isDeliberateError(e) && e.category === 'LimitError');
  if (streamError !== undefined) {
    const allowed = fuzzCase.onError === 'terminate' ? isDeliberateError(streamError) : limited;
    if (!allowed) return problem('stream', streamError);
  }
  if (core && !fuzzCase.byteChunks && fuzzCase.onError === 'emit') {
    if (textOf(parts) !== textOf(core.parts) || messagesOf(parts) !== messagesOf(core.parts) || errors.length !== core.errors.length) {
      return { kind: 'mismatch', message: 'a2uiStream fed the same strings gave other parts than A2uiStreamParser' };
    }
  }
  if (elapsed > boundMs) return { kind: 'slow', message: `took ${elapsed.toFixed(0)} ms (bound ${boundMs} ms)` };
  return undefined;
}
