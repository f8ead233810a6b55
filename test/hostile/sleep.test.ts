/**
 * Blocks alternating between a large surface and another (probe 19 finding 4): each block that
 * left the large one alone put it to sleep (its graph packed, its data model parked) and the next
 * woke it with a walk of all it holds, so the shape cost the surface's size per block (n = 4,000:
 * 5.3 s). A surface sleeps again only once the parser has read about as much as it holds.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { Reachability } from '../../src/stream/reachability.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V09 } from '../stream/helpers.js';

const message = (key: string, body: object) => JSON.stringify({ version: 'v0.9', [key]: body });
const block = (...messages: string[]) => `<a2ui-json>[${messages.join(',')}]</a2ui-json>`;
const text = (surfaceId: string, id: string, value: string) => message('updateComponents', { surfaceId, components: [{ id, component: 'Text', text: value }] });

function run(n: number, size: number): { parts: Part[]; packs: number } {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const start = block(
    message('createSurface', { surfaceId: 's', catalogId: V09.id }),
    message('createSurface', { surfaceId: 'b', catalogId: V09.id }),
    message('updateComponents', {
      surfaceId: 's',
      components: [{ id: 'root', component: 'Column', children: ids }, ...ids.map((id) => ({ id, component: 'Text', text: id }))],
    }),
    message('updateDataModel', { surfaceId: 's', path: '/', value: { items: ids } }),
    text('b', 'root', 'b'),
  );
  const rest = ids.map((id, i) => (i % 2 === 0 ? block(text('s', id, `x${i}`)) : block(text('b', 'root', `y${i}`)))).join('');
  const parser = new A2uiStreamParser(V09);
  const pack = vi.spyOn(Reachability.prototype, 'pack');
  const parts = [...chunksOf(start + rest, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  // The large surface's graph: its root names the Texts.
  const packs = pack.mock.contexts.filter((graph) => (graph as Reachability).refsOf('root').length === n).length;
  pack.mockRestore();
  return { parts, packs };
}

afterEach(() => vi.restoreAllMocks());

describe('a large surface left alone every other block', () => {
  test.each([16, 65536])('sleeps about once per as much read as it holds, read at %s-character chunks', (size) => {
    const { parts, packs } = run(600, size);
    expect(errorsOf(parts)).toEqual([]);
    const surfaces = applyParts(new Map(), parts);
    expect((surfaces.get('s') as SurfaceState).components.get('t598')).toMatchObject({ text: 'x598' });
    expect((surfaces.get('b') as SurfaceState).components.get('root')).toMatchObject({ text: 'y599' });
    // Before: a sleep (and a walk at waking) per two blocks, 300 here. The blocks read about
    // 70 characters per Text the surface holds, 16 × its 601 components per sleep: a handful.
    expect(packs).toBeLessThan(12);
  });
});
