/**
 * What makes a benchmark run's figures broken rather than slow: a time that is not a positive
 * finite number, any other figure that is NaN or infinite, fewer or more rows than the run asked
 * for, a renderer state that differs from its oracle, a target without a value, results no
 * benchmarked function produced (an empty sink). A missed target is not a problem: targets are
 * printed as pass or FAIL and leave the exit code alone.
 */

/** The key under which a figure says whether the state it measured matched its oracle. */
export const ORACLE_KEY = 'sameState';

/** The keys of a timing (see `measure.ts`) that are times in milliseconds. */
const TIME_KEYS = ['median', 'p25', 'p75', 'min', 'max'] as const;

type Json = Readonly<Record<string, unknown>>;

function isTiming(value: object): value is Json {
  return TIME_KEYS.every((key) => key in value) && 'samples' in value;
}

function walk(value: unknown, path: string, problems: string[]): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push(`${path} is ${value}`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (isTiming(value)) {
    for (const key of TIME_KEYS) {
      const time = value[key];
      if (typeof time !== 'number' || !(time > 0) || !Number.isFinite(time)) problems.push(`${path}.${key} is ${String(time)} ms (a time must be above 0)`);
    }
    const rounds = (value.rounds ?? []) as unknown[];
    rounds.forEach((time, i) => {
      if (typeof time !== 'number' || !(time > 0) || !Number.isFinite(time))
        problems.push(`${path}.rounds.${i} is ${String(time)} ms (a time must be above 0)`);
    });
    if (!(typeof value.samples === 'number' && value.samples >= 1)) problems.push(`${path}.samples is ${String(value.samples)}`);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === ORACLE_KEY && item !== true) problems.push(`${path}: the renderer's final state differs from its oracle`);
    walk(item, `${path}.${key}`, problems);
  }
}

/** Rows of a section: an array's length, an object's keys, 0 when absent. */
function rowsOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
}

/**
 * The problems of a run's figures (empty when none).
 * @param figures What the run measured, by section (as `bench/main.ts` writes with `--json`),
 *   with `checks` (the targets: `{name, value, limit}`) and `sink` (the benchmarked functions'
 *   results, counted).
 * @param expected How many rows each section must have.
 */
export function measurementProblems(figures: Json, expected: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  for (const [section, count] of Object.entries(expected)) {
    const rows = rowsOf(figures[section]);
    if (rows !== count) problems.push(`${section}: ${rows} rows, expected ${count}`);
  }
  for (const check of (figures.checks ?? []) as { name: string; value?: unknown }[]) {
    if (typeof check.value !== 'number') problems.push(`target "${check.name}" has no value`);
  }
  if (!(typeof figures.sink === 'number' && figures.sink > 0)) problems.push('the benchmarked functions produced nothing (empty sink)');
  walk(figures, 'figures', problems);
  return problems;
}
