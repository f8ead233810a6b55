/**
 * The flags of `npm run bench` (listed in `main.ts`'s header): which sections run, on which
 * versions, sizes and chunks, and how long each figure is timed.
 */
import type { GeneratedVersion } from '../test/support/generate-response.js';
import { DEFAULT_BUDGET, ROUND_BUDGET, SMOKE_BUDGET, type Budget } from './measure.js';

/** A run's flags, as {@link parseOptions} reads them. */
export interface BenchOptions {
  /** `--smoke`: everything once at the smallest size. */
  readonly smoke: boolean;
  /** `--versions=`: the versions of the main table, many small surfaces and the layers. */
  readonly versions: readonly GeneratedVersion[];
  /** `--sizes=`: the main table's response sizes, in KB. */
  readonly sizes: readonly number[];
  /** `--chunks=`: the main table's chunk sizes, in characters. */
  readonly chunkSizes: readonly number[];
  /** Budget of one round of figures timed side by side. */
  readonly budget: Budget;
  /** Budget of a figure timed on its own (the naive baseline). */
  readonly aloneBudget: Budget;
  /** Rounds of side-by-side timing per row (see `timeSideBySide`). */
  readonly rounds: number;
  /** `--json=<file>`: where the figures are also written as JSON. */
  readonly jsonOut: string | undefined;
  /** `--shapes=`: `n` of the shapes. */
  readonly shapeN: number;
  /** Whether `--no-<section>` skips `section`. */
  readonly skips: (section: string) => boolean;
}

/** Reads the flags of `args` (the command line after the script). */
export function parseOptions(args: readonly string[]): BenchOptions {
  const flag = (name: string) => args.includes(`--${name}`);
  const list = (name: string, fallback: string) => (args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback).split(',');
  const smoke = flag('smoke');
  return {
    smoke,
    versions: list('versions', '0.8,0.9,1.0') as GeneratedVersion[],
    sizes: list('sizes', smoke ? '50' : '50,100,200,400').map(Number),
    chunkSizes: list('chunks', smoke ? '16,1024' : '1,4,16,64,1024').map(Number),
    budget: smoke ? SMOKE_BUDGET : ROUND_BUDGET,
    aloneBudget: smoke ? SMOKE_BUDGET : DEFAULT_BUDGET,
    rounds: smoke ? 1 : 7,
    jsonOut: args.find((a) => a.startsWith('--json='))?.split('=')[1],
    shapeN: Number(list('shapes', smoke ? '100' : '1000')[0]),
    skips: (section) => flag(`no-${section}`),
  };
}
