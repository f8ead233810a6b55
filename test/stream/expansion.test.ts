/**
 * A bound on what a surface expands to (#37 finding 3): a small answer whose every level lists the
 * next component many times (a graph, not a tree) would make a renderer draw about a million
 * components. `maxExpansion` counts what a renderer draws from each component as the graph grows;
 * a component that would exceed it is left out, reported once, and the output stays bounded.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { drawn } from '../support/drawn.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V09 } from './helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const update = (components: string[]) => `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${components.join(',')}]}}`;
const column = (id: string, children: string[]) => `{"id":"${id}","component":"Column","children":${JSON.stringify(children)}}`;

/** `levels` Columns, each listing the next `fanOut` times, then a Text: about `fanOut ** levels` drawn. */
function fanOut(levels: number, fanOut: number): string {
  const ids = ['root', ...'abcdefghijklmnop'.slice(0, levels)];
  const components = ids.slice(0, levels).map((id, i) => column(id, Array(fanOut).fill(ids[i + 1])));
  components.push(`{"id":"${ids[levels]}","component":"Text","text":"x"}`);
  return `<a2ui-json>[${create},${update(components)}]</a2ui-json>`;
}

function read(input: string, size: number, options: StreamParserOptions = {}): Part[] {
  const parser = new A2uiStreamParser(V09, options);
  return [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('maxExpansion bounds what a surface draws', () => {
  const input = fanOut(6, 10);

  test('the fan-out is a sub-kilobyte answer that would draw over a million components', () => {
    expect(input.length).toBeLessThan(1024);
    // At the bound's ceiling (a larger one, Infinity included, counts as 1,000,000) it is still past it.
    const parts = read(input, input.length, { maxExpansion: Number.POSITIVE_INFINITY });
    const counts = errorsOf(parts).map((error) => Number(/would draw (\d+) components \(maxExpansion is 1000000\)/.exec(error.message)?.[1]));
    expect(counts.length).toBe(1);
    expect(counts[0]).toBeGreaterThan(1_000_000);
    expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBeLessThanOrEqual(1_000_000);
  });

  test.each([
    ['whole', input.length],
    ['16-character chunks', 16],
    ['1-character chunks', 1],
  ])('read %s: one error naming the surface, the component and the count; at most 10,000 drawn', (_name, size) => {
    const parts = read(input, size);
    const errors = errorsOf(parts);
    expect(errors).toHaveLength(1);
    const error = errors[0];
    expect(error?.category).toBe('ValidationError');
    expect(error?.details[0]).toMatchObject({ code: 'limit_exceeded', surfaceId: 's', componentId: 'c' });
    expect(error?.message).toMatch(/'root' would draw \d+ components \(maxExpansion is 10000\)/);
    const surface = applyParts(new Map(), parts).get('s') as SurfaceState;
    const count = drawn(surface);
    expect(count).toBeLessThanOrEqual(10_000);
    // The levels above the one left out stand: the root, a and b, then c's placeholder.
    expect(count).toBe(1111);
  });

  test('the option sets the bound', () => {
    const parts = read(fanOut(3, 10), 16, { maxExpansion: 100 });
    // a with its ten placeholders would make the root draw 111.
    expect(errorsOf(parts).map((error) => error.details[0]?.componentId)).toEqual(['a']);
    expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(11);
  });

  test('a long list and a template over a long data list are within the bound', () => {
    const items = Array.from({ length: 2000 }, (_, i) => `{"id":"t${i}","component":"Text","text":"item ${i}"}`);
    const list = `<a2ui-json>[${create},${update([
      column(
        'root',
        items.map((_, i) => `t${i}`),
      ),
      ...items,
    ])}]</a2ui-json>`;
    const data = `{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"rows":${JSON.stringify(Array(2000).fill({ n: 1 }))}}}}`;
    const row = `{"id":"row","component":"Row","children":["l","l"]},{"id":"l","component":"Text","text":{"path":"n"}}`;
    const template = `<a2ui-json>[${create},${data},${update([`{"id":"root","component":"Column","children":{"componentId":"row","path":"/rows"}}`, row])}]</a2ui-json>`;
    for (const [input, expected] of [
      [list, 2001],
      [template, 6001],
    ] as const) {
      for (const size of [64, input.length]) {
        const parts = read(input, size);
        expect(errorsOf(parts)).toEqual([]);
        expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBe(expected);
      }
    }
  });

  test('a chain of 12,000: unreached, no error (each put walks at most 51 parents); reached, the depth error as before', () => {
    const chain = (first: string, n: number) => Array.from({ length: n }, (_, i) => column(i === 0 ? first : `c${i}`, [`c${i + 1}`]));
    const orphan = `<a2ui-json>[${create},${update([`{"id":"root","component":"Text","text":"x"}`, ...chain('c0', 12_000)])}]</a2ui-json>`;
    // Validation refuses a chain past 50 even unreached: without it, every component is put. Its
    // top would count 12,000, but no renderer draws a chain past 50: the count stops 51 up.
    for (const size of [1024, orphan.length]) expect(errorsOf(read(orphan, size, { validate: false, maxComponentsPerSurface: 20_000 }))).toEqual([]);
    const reached = `<a2ui-json>[${create},${update(chain('root', 60))}]</a2ui-json>`;
    expect(errorsOf(read(reached, reached.length)).map((error) => error.category)).toEqual(['RecursionError']);
  });

  test.each(['items', '/items/', '//items'])('a template path written %s is read as a renderer reads it, /items: past the bound', (path) => {
    // 1,000 items of a row drawing 10 × 10 Texts: 111,001 drawn. Before, a path not starting with `/` or with an empty segment counted as one item.
    const data = `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/items","value":${JSON.stringify(Array(1000).fill(0))}}}`;
    const template = `{"id":"root","component":"List","children":{"componentId":"u","path":${JSON.stringify(path)}}}`;
    const input = `<a2ui-json>[${create},${update([template, column('u', Array(10).fill('v')), column('v', Array(10).fill('w')), `{"id":"w","component":"Text","text":"x"}`])},${data}]</a2ui-json>`;
    for (const size of [16, input.length]) {
      const parts = read(input, size);
      expect(errorsOf(parts).map((error) => error.details[0]?.code)).toEqual(['limit_exceeded']);
      expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBeLessThanOrEqual(10_000);
    }
  });

  test('a template counts its data: 2,000 rows of a 6-component row are past the bound', () => {
    const data = `{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"rows":${JSON.stringify(Array(2000).fill(1))}}}}`;
    const row = column('row', ['l', 'l', 'l', 'l', 'l']);
    const input = `<a2ui-json>[${create},${data},${update([`{"id":"root","component":"Column","children":{"componentId":"row","path":"/rows"}}`, row, `{"id":"l","component":"Text","text":"x"}`])}]</a2ui-json>`;
    for (const size of [16, input.length]) {
      const parts = read(input, size);
      expect(errorsOf(parts).map((error) => error.details[0]?.componentId)).toEqual(['row']);
      expect(drawn(applyParts(new Map(), parts).get('s') as SurfaceState)).toBeLessThanOrEqual(10_000);
    }
  });

  test('a tree in `history` past the bound (the renderer holds it): the answer’s change to it goes out, not "No root component" (probe 13 finding 6)', () => {
    const ids = Array.from({ length: 60 }, (_, i) => `t${i}`);
    const history = [JSON.parse(create), JSON.parse(update([column('root', ids), ...ids.map((id) => `{"id":"${id}","component":"Text","text":"${id}"}`)]))];
    for (const chunk of [1, 1_000]) {
      const parser = new A2uiStreamParser(V09, { history, maxExpansion: 50 });
      const input = `<a2ui-json>[${update(['{"id":"t5","component":"Text","text":"changed"}'])}]</a2ui-json>`;
      const parts = [...chunksOf(input, chunk).flatMap((piece) => parser.push(piece)), ...parser.end()];
      expect(errorsOf(parts)).toEqual([]);
      expect(applyParts(new Map(), parts).get('s')?.components.get('t5')).toMatchObject({ text: 'changed' });
    }
    // A tree within the bound is still one the parser knows: a child never defined gets its placeholder.
    const parser = new A2uiStreamParser(V09, { history, maxExpansion: 100 });
    const parts = [...parser.push(`<a2ui-json>[${update(['{"id":"t5","component":"Column","children":["nowhere"]}'])}]</a2ui-json>`), ...parser.end()];
    expect(applyParts(new Map(), parts).get('s')?.components.has('nowhere')).toBe(true);
  });

  test('a sub-tree in `history` past the bound: the answer’s changes go out, and no placeholder replaces what the renderer holds (probe 14 finding 4)', () => {
    const ids = Array.from({ length: 60 }, (_, i) => `t${i}`);
    const history = [
      JSON.parse(create),
      JSON.parse(
        update([
          column('root', ['a', 'b']),
          column('a', ids),
          '{"id":"b","component":"Text","text":"b"}',
          ...ids.map((id) => `{"id":"${id}","component":"Text","text":"${id}"}`),
        ]),
      ),
    ];
    for (const snapshots of ['full', 'delta'] as const) {
      const parser = new A2uiStreamParser(V09, { history, maxExpansion: 50, snapshots });
      const input = `<a2ui-json>[${update(['{"id":"b","component":"Text","text":"b2"}', '{"id":"t3","component":"Text","text":"t3 changed"}'])}]</a2ui-json>`;
      const parts = [...parser.push(input), ...parser.end()];
      const sent = applyParts(new Map(), parts).get('s')?.components;
      expect(sent?.get('t3'), snapshots).toMatchObject({ text: 't3 changed' });
      expect(sent?.get('b'), snapshots).toMatchObject({ text: 'b2' });
      // `a` (the renderer holds it whole) is not replaced by a placeholder, nor its children.
      expect(JSON.stringify([...(sent?.values() ?? [])]), snapshots).not.toMatch(/loading_|"id":"a"/);
    }
  });
});

describe('a bound set past its ceiling', () => {
  // Probe 19 finding 7: a generated 12.6 KB answer of shared parts and cycles. With the bound at
  // 10^8 or Infinity the count walked a path per instance drawn and V8 aborted the process.
  const input = readFileSync(new URL('../fixtures/hostile/expansion-dag.txt', import.meta.url), 'utf8');

  test.each([1e8, Number.POSITIVE_INFINITY])('maxExpansion %s counts as 1,000,000: the answer is read, its surface bounded', (maxExpansion) => {
    const parts = read(input, input.length, { maxExpansion });
    expect(parts.some((part) => part.type === 'a2ui')).toBe(true);
    for (const surface of applyParts(new Map(), parts).values()) expect(drawn(surface)).toBeLessThanOrEqual(1_000_000);
  });
});
