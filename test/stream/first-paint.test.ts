/**
 * Issue #27, item 2: bounding the output never paints a component later than before. For each
 * component object of generated responses (every version's default mode, v0.9 full too) and of the
 * output shapes, at 1-, 16- and 64-character chunks, the characters read when a form of it first
 * went out are at most what the parser before the bound needed (recorded in
 * `test/fixtures/first-paint-before-27.json` by `firstPaints` on that commit).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstPaintCases, firstPaints } from '../support/first-paint.js';

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
      const later = now.flatMap((at, i) => (at === null || (before[i] !== null && at > (before[i] as number)) ? [`#${i}: ${at} (was ${before[i]})`] : []));
      expect(later).toEqual([]);
    });
  }
});
