/**
 * After a message fails on a cycle, what its walk reached is still owed to the client (probe 20
 * finding 1): the walk that threw had made `k` reachable, the next walk took it as reported, so once
 * a later message made it reachable for good it never went out (whole; streamed it did). And a
 * child gone with no placeholder the catalog accepts keeps its parent waiting, with its error
 * (probe 20 finding 2).
 */
import { describe, expect, test } from 'vitest';
import type { StreamParserOptions } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, parseChunks, V09 } from './helpers.js';

const components = (list: readonly object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });
const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } };
const block = (messages: readonly object[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>\n`;
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });

const read = (input: string, size: number, options: StreamParserOptions = {}): Part[] => parseChunks(V09, chunksOf(input, size), options);

const CASES = {
  'a child of the failed root': [
    block([create, components([{ id: 'root', component: 'Text', text: 'r' }, column('k', ['c'])])]),
    block([components([{ id: 'root', component: 'Card', child: 'k' }, column('c', ['root'])])]),
    block([components([column('root', ['k'])])]),
  ].join(''),
  'two levels below it': [
    block([
      create,
      components([{ id: 'root', component: 'Text', text: 'r' }, column('p', ['k']), column('k', ['c', 'e']), { id: 'e', component: 'Text', text: 'e' }]),
    ]),
    block([components([{ id: 'root', component: 'Card', child: 'p' }, column('c', ['root'])])]),
    block([components([column('root', ['p'])])]),
  ].join(''),
};

describe('a message failing on a cycle', () => {
  for (const [name, input] of Object.entries(CASES)) {
    test.each([1, 16, 64, 65536])(`${name}: what its walk reached goes out once reached again, at %s-character chunks as whole`, (size) => {
      const whole = read(input, input.length);
      expect(errorsOf(whole).map((error) => error.message)).toEqual([expect.stringContaining('Circular reference')]);
      const surface = applyParts(new Map(), whole).get('s') as SurfaceState;
      expect(surface.components.get('k')).toMatchObject({ component: 'Column', children: expect.arrayContaining(['c']) });
      // Every id the tree names is there (`c` as its placeholder).
      for (const id of (surface.components.get('k') as { children: string[] }).children) expect(surface.components.has(id)).toBe(true);
      expect(applyParts(new Map(), read(input, size))).toEqual(applyParts(new Map(), whole));
    });
  }
});

describe('a child left out with no placeholder the catalog accepts', () => {
  const input = block([
    create,
    components([column('root', ['a', 'b']), { id: 'b', component: 'Text', text: 'b' }]),
    components([{ id: 'a', component: 'Text', text: 'a far longer text than the chunk', bogus: 1 }]),
  ]);
  test.each([1, 16, 64, 65536])('keeps its parent waiting, with the error, at %s-character chunks as whole', (size) => {
    const messages = (parts: Part[]) => errorsOf(parts).map((error) => error.message);
    const whole = read(input, input.length, { placeholder: 'Nope' });
    expect(messages(whole)).toEqual([
      expect.stringContaining("'bogus' was unexpected"),
      expect.stringContaining("Component 'root' of surface 's' is held back"),
    ]);
    expect(messages(read(input, size, { placeholder: 'Nope' }))).toEqual(messages(whole));
  });
});
