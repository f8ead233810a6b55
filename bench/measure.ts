/** Timing with mitata: medians and spread of repeated runs, in milliseconds. */
import { measure } from 'mitata';

/** The timing of one benchmarked function, in milliseconds. */
export interface Timing {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  samples: number;
}

/** How long to measure. */
export interface Budget {
  /** Fewest samples taken. */
  minSamples: number;
  /** Least total time spent sampling, in ms (mitata stops when both are reached). */
  minTimeMs: number;
}

/** The default budget: enough samples for a stable median without running for hours. */
export const DEFAULT_BUDGET: Budget = { minSamples: 7, minTimeMs: 400 };
/** One sample per figure: for the smoke run, where only "does it run" matters. */
export const SMOKE_BUDGET: Budget = { minSamples: 1, minTimeMs: 0 };

/**
 * Times `fn` with mitata. Unless the budget asks for three samples or fewer, a first run warms it
 * up and sizes the budget: functions slower than a second get three samples.
 */
export async function time(fn: () => unknown, budget: Budget): Promise<Timing> {
  let minSamples = budget.minSamples;
  if (minSamples > 3) {
    const t0 = performance.now();
    await fn();
    if (performance.now() - t0 > 1000) minSamples = 3;
  }
  const stats = await measure(fn, {
    min_samples: minSamples,
    min_cpu_time: budget.minTimeMs * 1e6,
    warmup_samples: budget.minTimeMs === 0 ? 0 : 2,
  });
  const ms = (ns: number) => ns / 1e6;
  return {
    median: ms(stats.p50),
    p25: ms(stats.p25),
    p75: ms(stats.p75),
    min: ms(stats.min),
    max: ms(stats.max),
    samples: stats.samples.length,
  };
}
