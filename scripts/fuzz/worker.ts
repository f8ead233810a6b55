/**
 * A fuzz worker thread: runs inputs `start`, `start + step`, … of a run until its share is done
 * or the deadline passes, writing the index it is on to shared memory (for the watchdog) and
 * posting failures and counts to the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { Part } from '../../src/types.js';
import { FIXTURE_RESPONSES } from '../../test/robustness/fixtures.js';
import { checkCase, type FuzzCase, type FuzzProblem } from '../../test/support/fuzz-case.js';
import { splitAt } from '../../test/support/robust.js';
import type { HostileShapes } from './hostile-shapes.js';
import { fuzzCase } from './mutate.js';
import { wholeStreamedProblem } from './whole-streamed.js';

/** What the main thread passes to a worker. */
export interface WorkerInput {
  seed: number;
  start: number;
  step: number;
  /** Index to stop before. */
  end: number;
  /** Epoch ms after which the worker stops; `0` for none. */
  deadline: number;
  boundMs: number;
  /** Which hostile shapes the run mixes in. */
  shapes: HostileShapes;
  /** Checks whole = streamed on the inputs also read by the parser directly. */
  wholeStreamed: boolean;
  progress: SharedArrayBuffer;
  slot: number;
}

/** Messages a worker posts. */
export type WorkerMessage = { type: 'failure'; index: number; problem: FuzzProblem } | { type: 'count'; inputs: number; leakChecks: number } | { type: 'done' };

const LEAK_EVERY = 16;
const canary = FIXTURE_RESPONSES[0] as (typeof FIXTURE_RESPONSES)[number];
const canaryChunks = splitAt(
  canary.text,
  Array.from({ length: canary.text.length / 7 }, (_, i) => i * 7),
);
const prototypeShape = () => [Object.prototype, Array.prototype, Function.prototype].map((p) => Object.getOwnPropertyNames(p).join()).join('|');

function feed(parser: A2uiStreamParser, call: (p: A2uiStreamParser) => Part[], out: Part[]): void {
  out.push(...call(parser));
}

function runCanary(interleaved?: FuzzCase): string {
  const parser = new A2uiStreamParser(basicCatalog(canary.version));
  const other = interleaved && new A2uiStreamParser(basicCatalog(interleaved.version), interleaved.options);
  const out: Part[] = [];
  const sink: Part[] = [];
  canaryChunks.forEach((chunk, i) => {
    const otherChunk = interleaved?.chunks[i];
    if (other && otherChunk !== undefined) feed(other, (p) => p.push(otherChunk), sink);
    feed(parser, (p) => p.push(chunk), out);
  });
  feed(parser, (p) => p.end(), out);
  return JSON.stringify(out);
}

/**
 * State leaks: the canary response, read by a fresh parser while `fuzz` is fed to another one
 * chunk by chunk, must give the same parts as it did at start; and no prototype gained a property.
 */
function leakProblem(baseline: string, shape: string, fuzz: FuzzCase): FuzzProblem | undefined {
  try {
    if (runCanary(fuzz) !== baseline) return { kind: 'mismatch', message: 'state leak: the canary response read differently next to this input' };
  } catch (thrown) {
    return { kind: 'crash', message: String(thrown) };
  }
  if (prototypeShape() !== shape || ({} as Record<string, unknown>).polluted !== undefined) {
    return { kind: 'mismatch', message: 'a built-in prototype changed' };
  }
  return undefined;
}

async function main(input: WorkerInput): Promise<void> {
  const progress = new Int32Array(input.progress);
  const baseline = runCanary();
  const shape = prototypeShape();
  let inputs = 0;
  let leakChecks = 0;
  for (let index = input.start; index < input.end; index += input.step) {
    if (input.deadline > 0 && Date.now() > input.deadline) break;
    Atomics.store(progress, input.slot, index);
    const fuzz = fuzzCase(input.seed, index, input.shapes);
    // Every input goes through the stream (which drives a parser); every other one also through
    // a parser directly and parseResponse, and the stream's parts are compared with the parser's.
    const direct = index % 2 === 0;
    let problem = await checkCase(fuzz, input.boundMs, direct);
    // A slow run is confirmed once, so that a GC pause is not reported.
    if (problem?.kind === 'slow') problem = await checkCase(fuzz, input.boundMs, direct);
    if (!problem && direct && input.wholeStreamed) problem = wholeStreamedProblem(fuzz);
    if (!problem && index % LEAK_EVERY === 0) {
      leakChecks++;
      problem = leakProblem(baseline, shape, fuzz);
    }
    if (problem) parentPort?.postMessage({ type: 'failure', index, problem } satisfies WorkerMessage);
    inputs++;
    if (inputs % 1000 === 0) {
      parentPort?.postMessage({ type: 'count', inputs, leakChecks } satisfies WorkerMessage);
      inputs = 0;
      leakChecks = 0;
    }
  }
  parentPort?.postMessage({ type: 'count', inputs, leakChecks } satisfies WorkerMessage);
  parentPort?.postMessage({ type: 'done' } satisfies WorkerMessage);
}

void main(workerData as WorkerInput);
