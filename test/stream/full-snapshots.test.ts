import { expect, test } from 'vitest';
import { DeltaSnapshots } from '../../src/stream/delta-snapshots.js';
import { FullSnapshots } from '../../src/stream/full-snapshots.js';
import { modeOf, V08, V09 } from './helpers.js';

const column = (children: string[]) => ({ id: 'root', component: 'Column', children });

test('full snapshots point absent references at loading_<id> and list those placeholders in order', () => {
  const entry = modeOf(V09, FullSnapshots).entryOf(column(['a', 'b', 'c']), ['c', 'a'], false);
  expect(entry.form).toEqual(column(['loading_a', 'b', 'loading_c']));
  expect(entry.missing).toEqual(['loading_c', 'loading_a']);
  // Delta snapshots keep the ids; the placeholders take them.
  const delta = modeOf(V09, DeltaSnapshots).entryOf(column(['a', 'b']), ['a']);
  expect(delta.form).toEqual(column(['a', 'b']));
  expect(delta.missing).toEqual(['a']);
});

test('many absent references (looked up in a set) give the same form as a few', () => {
  const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
  const absent = ids.filter((_, i) => i % 3 !== 0);
  const entry = modeOf(V09, FullSnapshots).entryOf(column(ids), absent, false);
  expect(entry.form.children).toEqual(ids.map((id, i) => (i % 3 !== 0 ? `loading_${id}` : id)));
  expect(entry.missing).toEqual(absent.map((id) => `loading_${id}`));
  const v08 = { id: 'root', component: { Column: { children: { explicitList: ids } } } };
  const form08 = modeOf(V08, FullSnapshots).entryOf(v08, absent, false).form;
  expect(form08).toEqual({ id: 'root', component: { Column: { children: { explicitList: entry.form.children } } } });
});
