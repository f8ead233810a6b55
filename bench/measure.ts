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
  /** Side-by-side timings: the median of each round, in round order. */
  rounds?: readonly number[];
}

/**
 * `a ÷ b`: for two timings taken side by side, the median of the per-round ratios (a burst of
 * load in one round then moves neither figure of the ratio alone); else the ratio of the medians.
 */
export function ratio(a: Timing | undefined, b: Timing | undefined): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  const ra = a.rounds;
  const rb = b.rounds;
  if (ra === undefined || rb === undefined || ra.length !== rb.length || ra.length === 0) return a.median / b.median;
  const ratios = ra.map((x, i) => x / (rb[i] as number)).sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)] as number;
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
/** The budget of one round of side-by-side timing (seven rounds make a figure). */
export const ROUND_BUDGET: Budget = { minSamples: 5, minTimeMs: 150 };
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
    // No forced collection before sampling: after one, V8 starts from a shrunk young generation
    // and the next runs of an allocating function are several times slower (the core at 50 KB:
    // ~15 ms in steady state, ~55 ms right after a forced collection), which no user sees.
    gc: false,
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

/**
 * Times several functions side by side: `rounds` rounds, each timing every function once (with
 * `budget`), in turn. A burst of load from elsewhere on a shared machine then hits every function
 * of the row alike instead of one of them, so the ratios between them hold (see {@link ratio}).
 * Each figure is the median of its per-round medians, with the quartiles of those.
 */
export async function timeSideBySide<K extends string>(fns: Readonly<Record<K, () => unknown>>, budget: Budget, rounds: number): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  const perRound = new Map<K, Timing[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) perRound.get(name)?.push(await time(fns[name], budget));
  }
  const out = {} as Record<K, Timing>;
  for (const name of names) out[name] = combine(perRound.get(name) ?? []);
  return out;
}

function combine(timings: readonly Timing[]): Timing {
  const medians = timings.map((t) => t.median).sort((a, b) => a - b);
  const at = (q: number) => medians[Math.min(medians.length - 1, Math.floor(q * medians.length))] as number;
  return {
    median: at(0.5),
    p25: at(0.25),
    p75: at(0.75),
    min: Math.min(...timings.map((t) => t.min)),
    max: Math.max(...timings.map((t) => t.max)),
    samples: timings.reduce((sum, t) => sum + t.samples, 0),
    rounds: timings.map((t) => t.median),
  };
}
