/**
 * The benchmark's check of its own figures (`bench/problems.ts`), which makes `npm run bench` and
 * `bench:smoke` exit non-zero: broken measurements are problems, a missed target is not.
 */
import { describe, expect, it } from 'vitest';
import { measurementProblems } from '../../bench/problems.js';

const timing = (median = 2) => ({ median, p25: median * 0.9, p75: median * 1.1, min: median * 0.8, max: median * 1.2, samples: 5, rounds: [median, median] });

/** Figures of a small run that measured everything it was asked for. */
function figures() {
  return {
    rows: [{ version: '0.9', kb: 50, chunk: 16, floor: timing(1), full: timing(3) }],
    shapes: [{ shape: 'wide list', n: 100, full: timing(), fullAtDouble: timing(4) }],
    rendererRows: [{ workload: 'list N=20', modes: { full: { cost: 2.5, best: 2, sameState: true }, delta: { cost: 1.2, best: 1, sameState: true } } }],
    heaps: { full: { peakMb: 3.5, endMb: -0.2, samples: 20 }, delta: { peakMb: 1.5, endMb: 0.1, samples: 20 } },
    earliness: [{ version: '0.9', shownBeforeClose: 0.75, lagMedian: 0 }],
    checks: [{ name: 'v0.9 core ÷ tokenizer', value: 1.3, limit: 1.5 }],
    sink: 12_345,
  };
}
const expected = { rows: 1, shapes: 1, rendererRows: 1, heaps: 2, earliness: 1 };

describe('measurementProblems', () => {
  it('finds none in a run that measured everything, negative heap growth after the end included', () => {
    expect(measurementProblems(figures(), expected)).toEqual([]);
  });

  it('a missed target is not a problem', () => {
    const run = figures();
    run.checks[0]!.value = 99;
    expect(measurementProblems(run, expected)).toEqual([]);
  });

  it.each([
    [
      'a NaN time',
      (run: ReturnType<typeof figures>) => (run.rows[0]!.full.median = Number.NaN),
      'figures.rows.0.full.median is NaN ms (a time must be above 0)',
    ],
    ['a zero time', (run: ReturnType<typeof figures>) => (run.shapes[0]!.full.min = 0), 'figures.shapes.0.full.min is 0 ms (a time must be above 0)'],
    [
      'a negative round',
      (run: ReturnType<typeof figures>) => (run.rows[0]!.floor.rounds[1] = -1),
      'figures.rows.0.floor.rounds.1 is -1 ms (a time must be above 0)',
    ],
    ['no samples', (run: ReturnType<typeof figures>) => (run.rows[0]!.floor.samples = 0), 'figures.rows.0.floor.samples is 0'],
    ['a NaN figure', (run: ReturnType<typeof figures>) => (run.earliness[0]!.lagMedian = Number.NaN), 'figures.earliness.0.lagMedian is NaN'],
    [
      'an infinite ratio',
      (run: ReturnType<typeof figures>) => (run.rendererRows[0]!.modes.delta.cost = Infinity),
      'figures.rendererRows.0.modes.delta.cost is Infinity',
    ],
    ['a missing row', (run: ReturnType<typeof figures>) => run.rows.pop(), 'rows: 0 rows, expected 1'],
    ['a missing section', (run: ReturnType<typeof figures>) => delete (run as Partial<typeof run>).heaps, 'heaps: 0 rows, expected 2'],
    [
      'a renderer/oracle mismatch',
      (run: ReturnType<typeof figures>) => (run.rendererRows[0]!.modes.full.sameState = false),
      "figures.rendererRows.0.modes.full: the renderer's final state differs from its oracle",
    ],
    [
      'a target without a value',
      (run: ReturnType<typeof figures>) => ((run.checks[0] as { value?: number }).value = undefined),
      'target "v0.9 core ÷ tokenizer" has no value',
    ],
    ['an empty sink', (run: ReturnType<typeof figures>) => (run.sink = 0), 'the benchmarked functions produced nothing (empty sink)'],
  ])('%s is one', (_, breakIt, problem) => {
    const run = figures();
    breakIt(run);
    expect(measurementProblems(run, expected)).toEqual([problem]);
  });
});
