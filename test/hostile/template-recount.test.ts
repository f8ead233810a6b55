/**
 * A data change counts again only the templates whose list it makes another length (#37 finding
 * 3, the cost side): before, every template bound at, under or above the changed path was counted
 * again, so `T` templates and `U` updates at `/` cost `T × U` (1.7 MB of them: 51 s). And at most
 * `MAX_TEMPLATES_PER_LIST` components may bind one list: each change of its length counts them all.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { Reachability } from '../../src/stream/reachability.js';
import { SurfaceGraph } from '../../src/stream/surface-graph.js';
import { MAX_TEMPLATES_PER_LIST } from '../../src/stream/template-bindings.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { drawn } from '../support/drawn.js';
import { errorsOf, V09 } from '../stream/helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const data = (path: string, value: unknown) => JSON.stringify({ version: 'v0.9', updateDataModel: { surfaceId: 's', path, value } });
/** The root listing `count` Columns, each drawing `x` per item of the list at `pathOf(i)`. */
const templates = (count: number, pathOf: (i: number) => string) => {
  const ids = Array.from({ length: count }, (_, i) => `l${i}`);
  const components = [
    { id: 'root', component: 'Column', children: ids },
    ...ids.map((id, i) => ({ id, component: 'Column', children: { componentId: 'x', path: pathOf(i) } })),
    { id: 'x', component: 'Text', text: 'x' },
  ];
  return JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
};

afterEach(() => vi.restoreAllMocks());

describe('a data change counts again only the templates whose list changed length', () => {
  test('400 templates on their own lists, 200 updates at the root naming one of them: about one count per update', () => {
    const parser = new A2uiStreamParser(V09);
    parser.push(`<a2ui-json>[${create},${templates(400, (i) => `/a${i}`)}`);
    const admit = vi.spyOn(SurfaceGraph.prototype, 'admit');
    const updates = Array.from({ length: 200 }, (_, i) => `,${data('/', i % 2 === 0 ? { a0: [1, 2] } : {})}`).join('');
    const parts: Part[] = [];
    for (const chunk of chunksOf(`${updates}]</a2ui-json>`, 64)) parts.push(...parser.push(chunk));
    parts.push(...parser.end());
    expect(errorsOf(parts)).toEqual([]);
    // Before: 400 per update (80,000).
    expect(admit.mock.calls.length).toBeLessThanOrEqual(400);
  });

  test('a list that an update at the root leaves out is counted again, and one that comes back long is withdrawn', () => {
    const input = `<a2ui-json>[${create},${templates(1, () => '/rows')},${data('/', { rows: [1] })},${data('/', {})},${data('/', { rows: Array(11_000).fill(1) })}]</a2ui-json>`;
    for (const size of [7, 64, input.length]) {
      const parser = new A2uiStreamParser(V09);
      const parts = [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
      const errors = errorsOf(parts);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.details[0]).toMatchObject({ code: 'limit_exceeded', componentId: 'l0' });
      // The root and l0's placeholder.
      expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(2);
    }
  });
});

describe('a withdrawal and a roll-back', () => {
  // The withdrawal goes out (a snapshot) before the data that caused it, so it is what the
  // renderer holds: an error after it rolls back to it, never to the template drawn 11,000 times.
  test('an error after a data change withdrew a template: the template stays withdrawn, at every chunking', () => {
    const first = `<a2ui-json>[${create},${templates(1, () => '/rows')},${data('/rows', [1])}]</a2ui-json>`;
    const cycle = JSON.stringify({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['root'] }] },
    });
    const input = `${first}<a2ui-json>[${data('/rows', Array(11_000).fill(1))},${cycle}`;
    for (const size of [7, 64, input.length]) {
      const parser = new A2uiStreamParser(V09);
      const parts = [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
      expect(errorsOf(parts).map((error) => error.details[0]?.code ?? error.category)).toContain('limit_exceeded');
      // The root and l0's placeholder.
      expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(2);
    }
  });
});

describe('templates counted again together are carried up together', () => {
  test('16 templates on one list under a chain of 40 Columns, 100 updates changing its length: the chain is read once per update, not once per template', () => {
    const chain = Array.from({ length: 40 }, (_, d) => ({ id: `c${d}`, component: 'Column', children: [d < 39 ? `c${d + 1}` : 'h'] }));
    const ids = Array.from({ length: 16 }, (_, i) => `l${i}`);
    const components = [
      { id: 'root', component: 'Column', children: ['c0'] },
      ...chain,
      { id: 'h', component: 'Column', children: ids },
      ...ids.map((id) => ({ id, component: 'Column', children: { componentId: 'x', path: '/a' } })),
      { id: 'x', component: 'Text', text: 'x' },
    ];
    const parser = new A2uiStreamParser(V09);
    parser.push(`<a2ui-json>[${create},${JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 's', components } })}`);
    const parentsOf = vi.spyOn(Reachability.prototype, 'parentsOf');
    const parts: Part[] = [];
    for (let i = 0; i < 100; i++) parts.push(...parser.push(`,${data('/a', i % 2 === 0 ? [1, 2] : [])}`));
    parts.push(...parser.push(']</a2ui-json>'), ...parser.end());
    expect(errorsOf(parts)).toEqual([]);
    // Before: each template walked the 42 components above it (16 × 42 per update).
    expect(parentsOf.mock.calls.length).toBeLessThan(100 * 100);
  });
});

describe(`at most ${MAX_TEMPLATES_PER_LIST} components bind one list`, () => {
  const input = `<a2ui-json>[${create},${templates(MAX_TEMPLATES_PER_LIST + 2, () => '/rows')},${data('/rows', [1, 2, 3])}]</a2ui-json>`;

  test.each([1, 16, input.length])('the ones past it are left out with a limit error, read at %s-character chunks', (size) => {
    const parser = new A2uiStreamParser(V09);
    const parts = [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
    const errors = errorsOf(parts);
    expect(errors.map((error) => error.details[0]?.componentId)).toEqual([`l${MAX_TEMPLATES_PER_LIST}`, `l${MAX_TEMPLATES_PER_LIST + 1}`]);
    expect(errors[0]?.details[0]?.code).toBe('limit_exceeded');
    expect(errors[0]?.message).toContain(`at most ${MAX_TEMPLATES_PER_LIST} per list`);
    // The root, then per template within the bound itself and three rows; a placeholder for each left out.
    expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(1 + MAX_TEMPLATES_PER_LIST * 4 + 2);
  });

  test('a component bound there already may be sent again', () => {
    const again = JSON.stringify({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id: 'l0', component: 'Column', children: { componentId: 'x', path: '/rows' } }] },
    });
    const full = `<a2ui-json>[${create},${templates(MAX_TEMPLATES_PER_LIST, () => '/rows')},${again}]</a2ui-json>`;
    const parser = new A2uiStreamParser(V09);
    expect(errorsOf([...parser.push(full), ...parser.end()])).toEqual([]);
  });
});
