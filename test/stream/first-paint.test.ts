/**
 * Issue #27, item 2: bounding the output never paints a component later than before. For each
 * component object of generated responses (every version's default mode, v0.9 full too) and of the
 * output shapes, at 1-, 16- and 64-character chunks, the characters read when a form of it first
 * went out are at most what the parser before the bound needed (recorded in
 * `test/fixtures/first-paint-before-27.json` by `firstPaints` on that commit), or, for a
 * component with an `action`, the chunk that closes it (C38: a component with an action goes out
 * whole, as its `checks` may follow the action).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { componentDefinitions } from '../support/component-offsets.js';
import { firstPaintCases, firstPaints } from '../support/first-paint.js';

/** Whether the component object between `start` and `end` has an `action`. */
function hasAction(text: string, start: number, end: number): boolean {
  const at = text.indexOf('"action"', start);
  return at >= 0 && at < end;
}

const RECORDED = JSON.parse(readFileSync(new URL('../fixtures/first-paint-before-27.json', import.meta.url), 'utf8')) as {
  cases: Record<string, (number | null)[]>;
};

describe('first paint is never later than before the output bound (issue #27)', () => {
  const cases = firstPaintCases();

  it('every recorded case is run', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(RECORDED.cases).sort());
  });

  for (const c of cases) {
    it(c.name, () => {
      const before = RECORDED.cases[c.name] as (number | null)[];
      const now = firstPaints(c.catalog, c.text, c.chunk, c.options);
      expect(now).toHaveLength(before.length);
      const definitions = componentDefinitions(c.text);
      const bound = (i: number) => {
        const d = definitions[i];
        const closed = d !== undefined && hasAction(c.text, d.start, d.end) ? d.end : 0;
        return Math.max(before[i] as number, Math.min(c.text.length, Math.ceil(closed / c.chunk) * c.chunk));
      };
      const later = now.flatMap((at, i) => (at === null || (before[i] !== null && at > bound(i)) ? [`#${i}: ${at} (was ${before[i]})`] : []));
      expect(later).toEqual([]);
    });
  }
});
