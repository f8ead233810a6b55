/**
 * A valid message whose components form a cycle, or a chain past depth 50, only partway through
 * (a later component of the same message re-points) reads the same in pieces as whole (probe 19
 * finding 5): a snapshot between two pieces that meets the fault holds the surface until the
 * message ends, and only what the message ends with is judged. Before, at 16 characters or less the
 * message failed, its partials staying on the client.
 */
import { describe, expect, test } from 'vitest';
import type { Part } from '../../src/types.js';
import { applyParts } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, parseChunks, V09 } from './helpers.js';

const components = (list: readonly object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list } });
const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } };
const block = (messages: readonly object[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });

const CASES = {
  'a cycle through the root, undone by the next component': block([
    create,
    components([column('root', ['x']), column('x', []), column('y', ['root'])]),
    components([column('x', ['y']), column('y', [])]),
  ]),
  'a chain past depth 50, cut by the next component': block([
    create,
    components([
      column('root', ['x', 'c0']),
      column('x', []),
      ...Array.from({ length: 49 }, (_, i) => column(`c${i}`, [`c${i + 1}`])),
      { id: 'c49', component: 'Text', text: 'end' },
    ]),
    components([column('x', ['c0']), { id: 'c48', component: 'Text', text: 'cut' }]),
  ]),
};

const read = (input: string, size: number): Part[] => parseChunks(V09, chunksOf(input, size));

describe('a fault a message undoes before it ends', () => {
  for (const [name, input] of Object.entries(CASES)) {
    test.each([1, 16, 65536])(`${name}: read at %s-character chunks as whole`, (size) => {
      const whole = read(input, input.length);
      const parts = read(input, size);
      expect(errorsOf(whole)).toEqual([]);
      expect(errorsOf(parts)).toEqual([]);
      expect(applyParts(new Map(), parts)).toEqual(applyParts(new Map(), whole));
    });
  }

  test('a cycle the message does not undo fails it at its end, as whole', () => {
    const input = block([
      create,
      components([column('root', ['x']), column('x', []), column('y', ['root'])]),
      components([column('x', ['y']), column('z', [])]),
    ]);
    for (const size of [1, 16, input.length]) {
      const errors = errorsOf(read(input, size));
      expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('Circular reference detected')]);
    }
  });
});
