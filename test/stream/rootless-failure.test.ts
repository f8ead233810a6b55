/**
 * A message that fails at its end because the surface has no root takes back what it put, read in
 * pieces as whole (probe 19 finding 6): no snapshot can show a component before the root arrives,
 * so none between two pieces commits the message's changes. Before, at 64 characters or less its
 * components came back once a later block sent the root (at one character its Text with them).
 */
import { describe, expect, test } from 'vitest';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, parseChunks, V09 } from './helpers.js';

const components = (list: readonly object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });
const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } };
const block = (messages: readonly object[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;

const INPUT =
  block([
    create,
    components([
      { id: 'a', component: 'Column', children: ['b'] },
      { id: 'b', component: 'Text', text: 'from the failed message' },
    ]),
  ]) + block([components([{ id: 'root', component: 'Column', children: ['a'] }])]);

const read = (input: string, size: number): Part[] => parseChunks(V09, chunksOf(input, size));

describe('a message failing for a missing root', () => {
  test.each([1, 16, 64, 65536])('is taken back at %s-character chunks as whole', (size) => {
    const parts = read(INPUT, size);
    expect(errorsOf(parts).map((error) => error.message)).toEqual(["No root component (id='root') found in updateComponents"]);
    const surface = applyParts(new Map(), parts).get('s') as SurfaceState;
    // `a` is the root's placeholder; `b` was never shown.
    expect(surface.components.get('a')).not.toHaveProperty('children', ['b']);
    expect(surface.components.has('b')).toBe(false);
    expect(applyParts(new Map(), parts)).toEqual(applyParts(new Map(), read(INPUT, INPUT.length)));
  });
});
