/**
 * Peak heap growth while the core reads a long response: the heap and the array buffers (where
 * parked JSON lives) are sampled after a forced garbage collection (node `--expose-gc`) every
 * `sampleEvery` characters, so the figure is what the parser retains, not garbage waiting for the
 * collector.
 */
import { spawnSync } from 'node:child_process';
import { A2uiStreamParser, basicCatalog } from '../src/index.js';
import { workload } from './workloads.js';
import type { GeneratedVersion } from '../test/support/generate-response.js';

/** Result of {@link heapGrowth}. */
export interface HeapGrowth {
  /** Characters read. */
  chars: number;
  blocks: number;
  /** Largest heap growth over the baseline, in MB (1 MB = 2^20 bytes). */
  peakMb: number;
  /** Heap growth after the last chunk, in MB. */
  endMb: number;
  samples: number;
}

/** {@link HeapGrowth} per snapshot mode. */
export interface Heaps {
  full: HeapGrowth;
  delta: HeapGrowth;
}

/** Options of {@link heapGrowth}. */
export interface HeapOptions {
  version: GeneratedVersion;
  /** Response size in KB. */
  kb: number;
  blocks: number;
  chunk: number;
  /** Characters between samples. Default 100,000. */
  sampleEvery?: number;
  /** The parser's snapshot mode. Default `'full'`. */
  snapshots?: 'full' | 'delta';
}

/** Reads one long generated response in chunks and samples the retained heap. */
export function heapGrowth(options: HeapOptions): HeapGrowth {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('heapGrowth needs node --expose-gc');
  const { text, blocks } = workload(options.version, options.kb, options.blocks).response;
  const catalog = basicCatalog(options.version);
  const every = options.sampleEvery ?? 100_000;
  const retained = () => {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const base = retained();
  const parser = new A2uiStreamParser(catalog, { snapshots: options.snapshots ?? 'full' });
  let peak = 0;
  let samples = 0;
  let nextSample = every;
  for (let at = 0; at < text.length; at += options.chunk) {
    parser.push(text.slice(at, at + options.chunk));
    if (at >= nextSample) {
      nextSample += every;
      peak = Math.max(peak, retained() - base);
      samples++;
    }
  }
  parser.end();
  const end = retained() - base;
  // Used after the last sample: otherwise the optimised loop may let the collector take the
  // response text while it still counts in the baseline (growth would read 40 MB too low).
  if (text.length === 0) throw new Error('empty workload');
  const mb = (bytes: number) => bytes / 2 ** 20;
  return { chars: text.length, blocks: blocks.length, peakMb: mb(Math.max(peak, end)), endMb: mb(end), samples };
}

/** The flag under which the benchmark runs one {@link heapGrowth} and prints it as JSON. */
export const HEAP_GROWTH_FLAG = '--heap-growth=';

/**
 * {@link heapGrowth} in a fresh node process (this script again, with {@link HEAP_GROWTH_FLAG}):
 * in the benchmark's own process, memory that earlier work frees during the measurement made the
 * growth read low (13–14 MB once, for 20–21 MB measured alone).
 */
export function heapGrowthInChild(options: HeapOptions): HeapGrowth {
  const script = process.argv[1] as string;
  const child = spawnSync(process.execPath, ['--expose-gc', script, HEAP_GROWTH_FLAG + JSON.stringify(options)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`heap growth child failed (exit ${String(child.status)})`);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as HeapGrowth;
}
