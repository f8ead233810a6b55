/**
 * A component re-pointed at each message (#37, C46): a root naming `zz` and `n` Texts, then `n`
 * messages each setting `zz`'s one child to the next Text. Before, each message walked the whole
 * surface (a reference removed, and one added into the part already reached, each took a full
 * walk): 4,000 messages took 3.9 s, four times 2,000's. Now each costs what it changes.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { Reachability } from '../../src/stream/reachability.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, V09 } from '../stream/helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const components = (list: readonly object[]) => JSON.stringify({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });
const texts = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, component: 'Text', text: `text ${i}` }));

/** The response, and how many times the graph read a component's references while it was parsed. */
function run(n: number, size: number): { parts: Part[]; reads: number } {
  const input = [
    `<a2ui-json>[${create}`,
    components([
      { id: 'root', component: 'Column', children: ['zz', ...texts(n).map((text) => text.id)] },
      { id: 'zz', component: 'Column', children: [] },
      ...texts(n),
    ]),
    ...Array.from({ length: n }, (_, i) => components([{ id: 'zz', component: 'Column', children: [`t${i}`] }])),
  ].join(',');
  const parser = new A2uiStreamParser(V09);
  const refsOf = vi.spyOn(Reachability.prototype, 'refsOf');
  const parts = [...chunksOf(`${input}]</a2ui-json>`, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const reads = refsOf.mock.calls.length;
  refsOf.mockRestore();
  return { parts, reads };
}

afterEach(() => vi.restoreAllMocks());

describe('a component re-pointed at each message', () => {
  test.each([16, 65536])('costs the same per message on a surface twice as large, read at %s-character chunks', (size) => {
    const small = run(200, size);
    const large = run(400, size);
    expect(errorsOf(large.parts)).toEqual([]);
    const surface = applyParts(new Map(), large.parts).get('s') as SurfaceState;
    expect(surface.components.get('zz')).toMatchObject({ children: ['t399'] });
    // A full walk per message reads each of the n + 2 components: about 4× for twice the messages.
    expect(large.reads / small.reads).toBeLessThan(2.5);
    expect(large.reads).toBeLessThan(400 * 40);
  });
});
