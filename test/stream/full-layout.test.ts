import { expect, test } from 'vitest';
import { FullLayout } from '../../src/stream/full-layout.js';
import type { FormEntry } from '../../src/stream/snapshots.js';
import type { WireComponent } from '../../src/validate/graph.js';

/** A layout whose judge accepts every form but those with `bad`, and remembers what was sent. */
function layout(placeholdersValid = true) {
  const sent = new Map<string, WireComponent>();
  const placeholders = new Map<string, WireComponent>();
  const snapshot = new FullLayout({
    isValid: (form) => !('bad' in form) && (placeholdersValid || form.component !== 'Row'),
    isSent: (id, form) => JSON.stringify(sent.get(id)) === JSON.stringify(form),
    placeholder: (id) => {
      if (!placeholders.has(id)) placeholders.set(id, { id, component: 'Row', children: [] });
      return placeholders.get(id) as WireComponent;
    },
  });
  const take = () => {
    const parts = snapshot.take();
    for (const form of parts?.changed ?? []) sent.set(form.id as string, form);
    return parts && { ids: parts.forms.map((f) => f.id), changed: parts.changed.map((f) => f.id) };
  };
  return { snapshot, take };
}

const entry = (id: string, missing: string[] = [], extra: object = {}): FormEntry => ({
  form: { id, component: 'Text', ...extra },
  missing,
});

test('sends the laid-out forms in id order, then placeholders in the order forms need them', () => {
  const { snapshot, take } = layout();
  snapshot.reset(['root', 'b', 'a'], 1, (id) => entry(id, id === 'root' ? ['loading_z', 'loading_y'] : []));
  expect(take()).toEqual({ ids: ['a', 'b', 'root', 'loading_z', 'loading_y'], changed: ['a', 'b', 'root', 'loading_z', 'loading_y'] });
  expect(take()).toBeUndefined(); // nothing changed since
});

test('insert keeps the order; set re-sends the whole tree with only the changed form as changed', () => {
  const { snapshot, take } = layout();
  snapshot.reset(['root', 'c'], 1, (id) => entry(id));
  take();
  snapshot.insert(['b', 'd'], 2, (id) => entry(id));
  expect(take()).toEqual({ ids: ['b', 'c', 'd', 'root'], changed: ['b', 'd'] });
  snapshot.set('c', entry('c', [], { text: 'new' }));
  expect(take()).toEqual({ ids: ['b', 'c', 'd', 'root'], changed: ['c'] });
  snapshot.set('c', entry('c', [], { text: 'new' })); // same JSON as sent
  expect(take()).toBeUndefined();
});

test('an invalid form holds the snapshot back until it is valid again; placeholders no longer needed go', () => {
  const { snapshot, take } = layout();
  snapshot.reset(['root'], 1, () => entry('root', ['loading_a']));
  expect(take()?.ids).toEqual(['root', 'loading_a']);
  snapshot.insert(['a'], 2, (id) => entry(id, [], { bad: true }));
  snapshot.set('root', entry('root'));
  expect(take()).toBeUndefined();
  snapshot.set('a', entry('a'));
  expect(take()).toEqual({ ids: ['a', 'root'], changed: ['a'] });
  expect(snapshot.placeholderCount).toBe(0);
});

test('clear forgets the layout', () => {
  const { snapshot, take } = layout();
  snapshot.reset(['root'], 1, () => entry('root'));
  snapshot.clear();
  expect(snapshot.size).toBe(0);
  expect(snapshot.version).toBe(-1);
  expect(take()).toBeUndefined();
});

test('a placeholder the catalog rejects holds every snapshot back, also after the layout is made anew', () => {
  const { snapshot, take } = layout(false);
  snapshot.reset(['root'], 1, () => entry('root', ['loading_a']));
  expect(take()).toBeUndefined();
  snapshot.reset(['root', 'b'], 2, (id) => entry(id, id === 'root' ? ['loading_a'] : []));
  expect(take()).toBeUndefined();
  snapshot.set('root', entry('root'));
  expect(take()?.ids).toEqual(['b', 'root']);
});

test('placeholders follow their owners in id order, each once, and go when no form needs them', () => {
  const { snapshot, take } = layout();
  snapshot.reset(['root', 'b', 'a'], 1, (id) => entry(id, id === 'b' ? ['loading_y', 'loading_z'] : id === 'a' ? ['loading_x', 'loading_y'] : []));
  expect(take()?.ids).toEqual(['a', 'b', 'root', 'loading_x', 'loading_y', 'loading_z']);
  // `a` no longer misses anything: `loading_y` stays for `b`, in `b`'s order.
  snapshot.set('a', entry('a', [], { text: 'x arrived' }));
  expect(take()).toEqual({ ids: ['a', 'b', 'root', 'loading_y', 'loading_z'], changed: ['a'] });
  expect([snapshot.needsPlaceholder('loading_x'), snapshot.needsPlaceholder('loading_y')]).toEqual([false, true]);
  // A new owner that sorts first puts its placeholders first.
  snapshot.insert(['0'], 2, (id) => entry(id, ['loading_z', 'loading_w']));
  expect(take()?.ids).toEqual(['0', 'a', 'b', 'root', 'loading_z', 'loading_w', 'loading_y']);
  expect(snapshot.placeholderCount).toBe(3);
});
