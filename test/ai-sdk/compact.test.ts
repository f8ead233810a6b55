/**
 * `compactMessages`: fewer messages, the same renderer state. Checked on random message lists
 * (components, data-model sets and deletes at nested paths, starts and deletes of surfaces, two
 * surfaces interleaved) against the spec-following reducer of `test/support/apply-messages.ts`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactMessages, MessageCompactor } from '../../src/ai-sdk/compact.js';
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

/**
 * Work counted, not timed: the keys and items of every container copied while folding. Before the
 * fold changed the value in place, each fold copied the parent again (16,000 keyed sets under one
 * object, 1.39 MB: 137 s).
 */
describe('compactMessages: folding costs linear work', () => {
  const set = (path: string, value?: JsonValue): A2uiMessage => ({
    version: v,
    updateDataModel: { surfaceId: 's', path, ...(value === undefined ? {} : { value }) },
  });

  /**
   * The keys and items copied while compacting `messages`, as seen from outside: the keys of each
   * object a property is defined on (counted the first time: a fresh copy holds all its keys),
   * and the items of each array of `length` or more sliced.
   */
  function copied(messages: readonly A2uiMessage[], length = Number.POSITIVE_INFINITY): number {
    let count = 0;
    const seen = new WeakSet<object>();
    const { defineProperty } = Object;
    const { slice } = Array.prototype;
    Object.defineProperty = <T>(target: T, key: PropertyKey, descriptor: PropertyDescriptor & ThisType<unknown>): T => {
      if (!seen.has(target as object)) {
        seen.add(target as object);
        count += Object.keys(target as object).length;
      }
      return defineProperty(target, key, descriptor);
    };
    Array.prototype.slice = function (this: unknown[], ...args: [number?, number?]) {
      if (this.length >= length) count += this.length;
      return slice.apply(this, args);
    };
    try {
      compactMessages(messages);
    } finally {
      Object.defineProperty = defineProperty;
      Array.prototype.slice = slice;
    }
    return count;
  }

  const k = 2000;
  it('k sets of new keys under one object: each key copied at most a few times', () => {
    const messages = [set('/m', {}), ...Array.from({ length: k }, (_, i) => set(`/m/k${i}`, i))];
    expect(copied(messages)).toBeLessThan(4 * k);
    expect(compactMessages(messages)).toEqual([set('/m', Object.fromEntries(Array.from({ length: k }, (_, i) => [`k${i}`, i])))]);
  });

  it('k sets of the items of one array: the array copied once', () => {
    const messages = [set('/m', Array(k).fill(0)), ...Array.from({ length: k }, (_, i) => set(`/m/${i}`, 1))];
    expect(copied(messages, k)).toBeLessThan(4 * k);
    expect(compactMessages(messages)).toEqual([set('/m', Array(k).fill(1))]);
  });

  it('paths one segment deeper each time: linear in the paths', () => {
    const n = 300;
    const messages = Array.from({ length: n }, (_, i) => set('/a'.repeat(i + 1), { x: i }));
    expect(copied(messages)).toBeLessThan(4 * n);
    let expected: JsonValue = { x: n - 1 };
    for (let i = n - 2; i >= 0; i--) expected = { x: i, a: expected };
    expect(compactMessages(messages)).toEqual([set('/a', expected)]);
  });

  it('never changes a value it handed out, nor the messages it was given', () => {
    const first = set('/', { m: { a: 1 } });
    const compactor = new MessageCompactor();
    compactor.add(first);
    compactor.add(set('/m/b', 2));
    const handedOut = structuredClone(compactor.messages());
    const before = compactor.messages();
    compactor.add(set('/m/c', 3));
    compactor.add(set('/m'));
    expect(before).toEqual(handedOut);
    expect(first).toEqual(set('/', { m: { a: 1 } }));
    expect(compactor.messages()).toEqual([set('/', {})]);
  });

  it('keeps a key named __proto__ an own data property, the prototype untouched', () => {
    const messages = [set('/', JSON.parse('{"__proto__":{"a":1}}')), set('/__proto__/b', 2), set('/x/__proto__', 3)];
    const [out] = compactMessages(messages) as unknown as [{ updateDataModel: { value: Record<string, unknown> } }];
    const value = out.updateDataModel.value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ a: 1, b: 2 });
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });

  it('a path 20,000 segments deep, then a set above it, without running out of stack', () => {
    const deep = '/a'.repeat(20_000);
    expect(compactMessages([set(deep, 1), set('/a', 2)])).toEqual([set('/a', 2)]);
  });
});
