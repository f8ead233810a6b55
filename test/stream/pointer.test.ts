import fc from 'fast-check';
import { expect, test } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { getAt, restoreAt, setAt, undoOf } from '../../src/stream/pointer.js';
import type { A2uiMessage } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { messagesOf, V09, v09 } from './helpers.js';

test('setAt copies the containers on the path and shares the rest', () => {
  const shared = { deep: [1, 2] };
  const root = { a: { b: 1 }, shared, list: [{ x: 1 }] };
  const next = setAt(root, '/a/b', 2) as typeof root;
  expect(next).toEqual({ a: { b: 2 }, shared, list: [{ x: 1 }] });
  expect(root).toEqual({ a: { b: 1 }, shared: { deep: [1, 2] }, list: [{ x: 1 }] });
  expect(next.shared).toBe(shared);
  expect(setAt(root, '/list/0/x', 3)).toEqual({ a: { b: 1 }, shared, list: [{ x: 3 }] });
  expect(setAt(undefined, '/n~1m/k~0', true)).toEqual({ 'n/m': { 'k~': true } });
  expect(getAt(setAt({}, '/__proto__/x', 1), '/__proto__/x')).toBe(1);
});

test('with an owned set, what setAt made is changed in place and nothing else is', () => {
  const owned = new WeakSet<object>();
  const given = { user: { name: 'Ada' }, tags: ['a'] };
  const first = setAt(given, '/user/name', 'Bo', owned) as typeof given;
  expect(given).toEqual({ user: { name: 'Ada' }, tags: ['a'] }); // not made by setAt: copied
  expect(first).not.toBe(given);
  const second = setAt(first, '/user/city', 'Lyon', owned) as typeof given & { user: { city: string } };
  expect(second).toBe(first); // made by the first call: changed in place
  expect(second.user).toBe(first.user);
  expect(second).toEqual({ user: { name: 'Bo', city: 'Lyon' }, tags: ['a'] });
  const third = setAt(second, '/tags/1', 'b', owned) as typeof given;
  expect(third.tags).not.toBe(given.tags); // the array came from `given`: copied once
  expect(given.tags).toEqual(['a']);
  expect(setAt(third, '/tags/2', 'c', owned)).toEqual({ user: { name: 'Bo', city: 'Lyon' }, tags: ['a', 'b', 'c'] });
  // A fresh set disowns everything: nothing made before is changed again.
  const kept = JSON.stringify(third);
  setAt(third, '/user/name', 'Cy', new WeakSet());
  expect(JSON.stringify(third)).toBe(kept);
});

test('the data model changed in place never changes a message already sent', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'delta' });
  const sent: { message: A2uiMessage; json: string }[] = [];
  const push = (text: string) => {
    for (const message of messagesOf(parser.push(text))) sent.push({ message, json: JSON.stringify(message) });
  };
  const model = (path: string, value: unknown) => JSON.stringify(v09('updateDataModel', { surfaceId: 's', path, value }));
  push(`<a2ui-json>[${JSON.stringify(v09('createSurface', { surfaceId: 's', catalogId: V09.id }))}`);
  for (let i = 0; i < 5; i++) push(`,${model(`/user/k${i}`, i)}`);
  // A value streamed before its path: the partial goes to the root, completion re-sends the model.
  push(`,{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"a":1,`);
  push(`"b":2},"path":"/extra"}}`);
  for (let i = 5; i < 10; i++) push(`,${model(`/user/k${i}`, i)}`);
  push(`,${model('/extra/a', 3)}]</a2ui-json>`);
  for (const { message, json } of sent) expect(JSON.stringify(message)).toBe(json);
  const renderer = finalState(applyParts(new Map(), [{ type: 'a2ui', messages: sent.map((item) => item.message) }]));
  expect(renderer.s?.dataModel).toEqual({
    user: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, i])),
    extra: { a: 3, b: 2 },
  });
});

test('a message whose path changes after its partials went out puts the model right from before them', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'delta' });
  const messages: A2uiMessage[] = [];
  const push = (text: string) => messages.push(...messagesOf(parser.push(text)));
  push(`<a2ui-json>[${JSON.stringify(v09('createSurface', { surfaceId: 's', catalogId: V09.id }))}`);
  push(`,${JSON.stringify(v09('updateDataModel', { surfaceId: 's', path: '/user/k0', value: 0 }))}`);
  // The partials go to `/x`; the second `path` moves the message to `/y`.
  push(',{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/x","value":{"a":1,');
  push('"b":2},"path":"/y"}}]</a2ui-json>');
  const renderer = finalState(applyParts(new Map(), [{ type: 'a2ui', messages }]));
  expect(renderer.s?.dataModel).toEqual({ user: { k0: 0 }, y: { a: 1, b: 2 } });
});

test('restoreAt puts back what setAt changed, as undoOf recorded it (property)', () => {
  const key = fc.constantFrom('a', 'b', '0', '1', '2', '__proto__', 'x~y', 'p/q');
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 3 }),
    object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  })).value;
  const pointer = fc
    .array(key, { maxLength: 3 })
    .map((keys) => (keys.length === 0 ? '/' : `/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`));
  fc.assert(
    fc.property(fc.option(json, { nil: undefined }), pointer, json, fc.boolean(), (model, path, value, inPlace) => {
      const owned = new WeakSet<object>();
      // With `inPlace`, every container of the model is owned, so setAt changes them in place.
      const own = (node: unknown): unknown => {
        if (typeof node === 'object' && node !== null) {
          owned.add(node);
          Object.values(node).forEach(own);
        }
        return node;
      };
      const root = inPlace ? own(structuredClone(model)) : model;
      const was = JSON.stringify(root) ?? 'undefined';
      const undo = undoOf(root, path);
      const changed = setAt(root, path, value, owned);
      expect(getAt(changed, path)).toEqual(value);
      expect(JSON.stringify(restoreAt(changed, undo)) ?? 'undefined').toBe(was);
    }),
    { numRuns: 2_000 },
  );
});
