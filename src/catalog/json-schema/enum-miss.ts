/**
 * Wording of a value missing from an enum (a JSON Schema `enum`, a valibot `picklist`): the
 * allowed values ranked closest first, so the message can suggest the one the author meant.
 */
import { pyRepr } from './issues.js';

/** How many allowed values a message lists; `details.allowed` holds them all. */
const SHOWN = 8;

/** Edit distance (insertions, deletions, substitutions) between two strings, case-insensitive. */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost));
    }
    previous = row;
  }
  return previous[y.length] as number;
}

/** Rank of `option` for `value` (lower is closer): same but for case, then a prefix, then distance. */
function rank(value: string, option: string): number {
  const v = value.toLowerCase();
  const o = option.toLowerCase();
  if (v === o) return -2;
  if (o.startsWith(v) || v.startsWith(o)) return -1;
  return distance(value, option);
}

/** The allowed values, closest to `value` first (stable; non-string values keep their order, last). */
export function closestFirst(value: unknown, options: readonly unknown[]): unknown[] {
  if (typeof value !== 'string') return [...options];
  const ranked = options.map((option, index) => ({
    option,
    index,
    rank: typeof option === 'string' ? rank(value, option) : Number.POSITIVE_INFINITY,
  }));
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((item) => item.option);
}

/**
 * Whether `best` is close enough to `value` to suggest: same but for case, a prefix either way,
 * or at most a third of the value's characters edited.
 */
function worthSuggesting(value: unknown, best: unknown): best is string {
  if (typeof value !== 'string' || typeof best !== 'string') return false;
  return rank(value, best) <= Math.floor(value.length / 3);
}

/**
 * `'calender' is not one of the allowed values; did you mean 'calendar'? Allowed: 'calendar', …`
 * (without a close match: `'x' is not one of the allowed values: 'a', 'b', … (52 more)`), with `ranked` the allowed values closest first ({@link closestFirst}).
 */
export function enumMissMessage(value: unknown, ranked: readonly unknown[]): string {
  const best = ranked[0];
  const shown = ranked
    .slice(0, SHOWN)
    .map((option) => pyRepr(option))
    .join(', ');
  const more = ranked.length > SHOWN ? `, … (${ranked.length - SHOWN} more)` : '';
  const head = `${pyRepr(value)} is not one of the allowed values`;
  if (worthSuggesting(value, best)) return `${head}; did you mean ${pyRepr(best)}? Allowed: ${shown}${more}`;
  return `${head}: ${shown}${more}`;
}
