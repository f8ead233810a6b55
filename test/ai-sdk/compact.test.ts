/**
 * `compactMessages`: fewer messages, the same renderer state. Checked on random message lists
 * (components, data-model sets and deletes at nested paths, starts and deletes of surfaces, two
 * surfaces interleaved) against the spec-following reducer of `test/support/apply-messages.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactMessages } from '../../src/ai-sdk/index.js';
import type { A2uiMessage, JsonValue } from '../../src/index.js';
import { applyMessages } from '../support/apply-messages.js';

const v = 'v0.9' as const;
/** The surfaces a renderer holds, by id (in id order: compaction may reorder messages of different surfaces). */
const state = (messages: readonly A2uiMessage[]) =>
  [...applyMessages(new Map(), messages)].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, s]) => [id, s.root, [...s.components], s.dataModel]);

const surface = fc.constantFrom('a', 'b');
const key = fc.constantFrom('x', 'y', '0', '1', 'a~b', 'c/d');
const pointer = fc
  .array(
    key.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')),
    { maxLength: 3 },
  )
  .map((keys) => (keys.length === 0 ? fc.constant('/') : fc.constant(`/${keys.join('/')}`)))
  .chain((x) => x);
const json: fc.Arbitrary<JsonValue> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.string({ maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
    fc.array(tie('value'), { maxLength: 2 }),
  ),
})).value as fc.Arbitrary<JsonValue>;
const message = fc.oneof(
  surface.map((surfaceId) => ({ version: v, createSurface: { surfaceId, catalogId: 'c' } })),
  surface.map((surfaceId) => ({ version: v, deleteSurface: { surfaceId } })),
  fc
    .tuple(
      surface,
      fc.array(fc.record({ id: fc.constantFrom('root', 'p', 'q'), component: fc.constantFrom('Text', 'Row'), text: fc.string({ maxLength: 2 }) }), {
        maxLength: 3,
      }),
    )
    .map(([surfaceId, components]) => ({ version: v, updateComponents: { surfaceId, components } })),
  fc.tuple(surface, pointer, json).map(([surfaceId, path, value]) => ({ version: v, updateDataModel: { surfaceId, path, value } })),
  fc.tuple(surface, pointer).map(([surfaceId, path]) => ({ version: v, updateDataModel: { surfaceId, path } })),
  // A components message with more than its components (here a root the reducer follows) is not merged.
  fc
    .tuple(surface, fc.constantFrom('root', 'p'))
    .map(([surfaceId, root]) => ({ version: v, updateComponents: { surfaceId, root, components: [{ id: 'p', component: 'Text', text: root }] } })),
);

describe('compactMessages', () => {
  it('leaves a renderer in the same state as the messages it compacts (random v0.9 lists)', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 25 }), (messages) => {
        const compacted = compactMessages(messages);
        expect(compacted.length).toBeLessThanOrEqual(messages.length);
        expect(state(compacted)).toEqual(state(messages));
      }),
      { numRuns: 2000, seed: 21 },
    );
  });

  it('one components message per surface between starts, with the last form of each component', () => {
    const messages: A2uiMessage[] = [
      { version: v, createSurface: { surfaceId: 's', catalogId: 'c' } },
      {
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['t'] },
            { id: 't', component: 'Text', text: 'Di' },
          ],
        },
      },
      { version: v, updateComponents: { surfaceId: 's', components: [{ id: 't', component: 'Text', text: 'Dinner' }] } },
    ];
    expect(compactMessages(messages)).toEqual([
      messages[0],
      {
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['t'] },
            { id: 't', component: 'Text', text: 'Dinner' },
          ],
        },
      },
    ]);
  });

  it('folds data-model partials (a set, then sets below it) into one message', () => {
    const messages: A2uiMessage[] = [
      { version: v, updateDataModel: { surfaceId: 's', path: '/', value: { when: '7' } } },
      { version: v, updateDataModel: { surfaceId: 's', path: '/when', value: '7pm' } },
      { version: v, updateDataModel: { surfaceId: 's', path: '/guests', value: 2 } },
    ];
    expect(compactMessages(messages)).toEqual([{ version: v, updateDataModel: { surfaceId: 's', path: '/', value: { when: '7pm', guests: 2 } } }]);
  });

  it('does not fold past a delete, nor move anything across a start or delete of its surface', () => {
    const messages: A2uiMessage[] = [
      { version: v, updateDataModel: { surfaceId: 's', path: '/', value: { a: 5 } } },
      // Not foldable (`/a` is no container), so it stays; the set below it cannot be folded above it.
      { version: v, updateDataModel: { surfaceId: 's', path: '/a/b' } },
      { version: v, updateDataModel: { surfaceId: 's', path: '/a/b/c', value: 2 } },
      { version: v, deleteSurface: { surfaceId: 's' } },
      { version: v, updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Row' }] } },
    ];
    expect(compactMessages(messages)).toEqual(messages);
  });

  it('does not fold a set into the set above a delete it follows (an array item deleted, then set again)', () => {
    const messages: A2uiMessage[] = [
      { version: v, updateDataModel: { surfaceId: 's', path: '/', value: { list: [{}, {}] } } },
      // Deleting an array item is not folded (a renderer may splice or clear it), so it stays.
      { version: v, updateDataModel: { surfaceId: 's', path: '/list/0' } },
      { version: v, updateDataModel: { surfaceId: 's', path: '/list/0/x', value: 5 } },
    ];
    expect(compactMessages(messages)).toEqual(messages);
    expect(state(compactMessages(messages))).toEqual(state(messages));
  });

  it('folds a delete into the set above it', () => {
    const messages: A2uiMessage[] = [
      { version: v, updateDataModel: { surfaceId: 's', path: '/', value: { a: { b: 1 }, c: 2 } } },
      { version: v, updateDataModel: { surfaceId: 's', path: '/a' } },
    ];
    expect(compactMessages(messages)).toEqual([{ version: v, updateDataModel: { surfaceId: 's', path: '/', value: { c: 2 } } }]);
  });

  it('keeps what is not a message as it is, in place, without throwing', () => {
    const messages = [null, 5, 'x', [1], { version: v, deleteSurface: { surfaceId: 's' } }] as unknown as A2uiMessage[];
    expect(compactMessages(messages)).toEqual(messages);
  });

  it('v0.8: drops a dataModelUpdate that a later one at the same path sets again key by key', () => {
    const update = (keys: string[]) => ({ dataModelUpdate: { surfaceId: 's', path: '/', contents: keys.map((k) => ({ key: k, valueString: k })) } });
    expect(compactMessages([update(['a']), update(['a', 'b'])])).toEqual([update(['a', 'b'])]);
    expect(compactMessages([update(['a', 'b']), update(['a'])])).toEqual([update(['a', 'b']), update(['a'])]);
  });
});
