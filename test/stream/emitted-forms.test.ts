import { expect, test } from 'vitest';
import { VERSION_SPECS } from '../../src/protocol/versions.js';
import { EmittedForms } from '../../src/stream/emitted-forms.js';
import { V08, V09 } from './helpers.js';

const column = (children: string[]) => ({ id: 'root', component: 'Column', children });

test('full snapshots point absent references at loading_<id> and list those placeholders in order', () => {
  const forms = new EmittedForms(VERSION_SPECS['0.9']);
  const entry = forms.formOf(column(['a', 'b', 'c']), V09, ['c', 'a'], false, true);
  expect(entry.form).toEqual(column(['loading_a', 'b', 'loading_c']));
  expect(entry.missing).toEqual(['loading_c', 'loading_a']);
  // Delta snapshots keep the ids; the placeholders take them.
  const delta = new EmittedForms(VERSION_SPECS['0.9']).formOf(column(['a', 'b']), V09, ['a'], false, false);
  expect(delta.form).toEqual(column(['a', 'b']));
  expect(delta.missing).toEqual(['a']);
});

test('many absent references (looked up in a set) give the same form as a few', () => {
  const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
  const absent = ids.filter((_, i) => i % 3 !== 0);
  const entry = new EmittedForms(VERSION_SPECS['0.9']).formOf(column(ids), V09, absent, false, true);
  expect(entry.form.children).toEqual(ids.map((id, i) => (i % 3 !== 0 ? `loading_${id}` : id)));
  expect(entry.missing).toEqual(absent.map((id) => `loading_${id}`));
  const v08 = { id: 'root', component: { Column: { children: { explicitList: ids } } } };
  const form08 = new EmittedForms(VERSION_SPECS['0.8']).formOf(v08, V08, absent, false, true).form;
  expect(form08).toEqual({ id: 'root', component: { Column: { children: { explicitList: entry.form.children } } } });
});
