/**
 * A failed message takes back what it changed, not the surface (#37): a surface of `n` Texts, then
 * `n` blocks each failing on a cycle its message closes. Before, each failure recorded every
 * component of the surface again (the graph and the expansion counts rebuilt): 4,000 blocks on
 * 4,000 Texts took 12 s, 2,000 on 2,000 took 3 s.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { SurfaceGraph } from '../../src/stream/surface-graph.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V09 } from '../stream/helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const components = (list: readonly object[]) => JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });

/** The response, and how many components the graph recorded while it was parsed. */
function run(n: number, size: number): { parts: Part[]; tracked: number } {
  const ids = Array.from({ length: n }, (_, i) => `t${i}`);
  const surface = components([
    { id: 'root', component: 'Column', children: ['a', ...ids] },
    { id: 'a', component: 'Column', children: [] },
    ...ids.map((id) => ({ id, component: 'Text', text: id })),
  ]);
  const failing = components([
    { id: 'a', component: 'Column', children: ['b'] },
    { id: 'b', component: 'Column', children: ['a'] },
  ]);
  const input = `<a2ui-json>[${create},${surface}]</a2ui-json>${`<a2ui-json>[${failing}]</a2ui-json>`.repeat(n)}`;
  const parser = new A2uiStreamParser(V09);
  const track = vi.spyOn(SurfaceGraph.prototype, 'track');
  const parts = [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const tracked = track.mock.calls.length;
  track.mockRestore();
  return { parts, tracked };
}

afterEach(() => vi.restoreAllMocks());

describe('a failed message takes back what it changed', () => {
  test.each([16, 65536])('a failure per block costs the same on a surface twice as large, read at %s-character chunks', (size) => {
    const small = run(150, size);
    const large = run(300, size);
    expect(errorsOf(large.parts)[0]?.message).toContain('Circular reference');
    const surface = applyParts(new Map(), large.parts).get('s') as SurfaceState;
    // Read in pieces, what a message sent before its cycle was found stays on the client (C46).
    if (size > 16) expect(surface.components.get('a')).toMatchObject({ children: [] });
    expect(surface.components.size).toBe(size > 16 ? 302 : 303);
    // Recording every component per failure: about 4× for twice the blocks on twice the surface.
    expect(large.tracked / small.tracked).toBeLessThan(2.5);
  });
});
