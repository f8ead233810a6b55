/**
 * The index from data paths to templates (#37 finding 3): a data change finds only the templates
 * bound at, under or above its path whose list length is not the one they were counted with.
 */
import { describe, expect, test } from 'vitest';
import { getAt, setAt } from '../../src/stream/pointer.js';
import { TemplateBindings } from '../../src/stream/template-bindings.js';

/** A data model as a plain value, and the bindings reading it. */
function setup() {
  let model: unknown = {};
  let reads = 0;
  const data = {
    lengthAt: (path: string) => {
      reads++;
      const list = getAt(model, path);
      return Array.isArray(list) ? list.length : undefined;
    },
    valueAt: (path: string) => getAt(model, path),
  };
  const bindings = new TemplateBindings(data);
  /** Sets `value` at `path`, then the components the change makes count again. */
  const change = (path: string, value: unknown): string[] => {
    model = setAt(model, path, value);
    const out = new Set<string>();
    bindings.changed(path, out);
    return [...out].sort();
  };
  return { bindings, change, reads: () => reads };
}

describe('TemplateBindings', () => {
  test('at, under and above the changed path, when the length changed; nothing elsewhere', () => {
    const { bindings, change } = setup();
    bindings.set('rows', [{ child: 'row', path: '/rows' }]);
    bindings.set('cells', [{ child: 'cell', path: '/rows/0/cells' }]);
    bindings.set('other', [{ child: 'o', path: '/other' }]);
    expect(change('/rows', [{ cells: [1, 2] }])).toEqual(['cells', 'rows']);
    expect(change('/rows', [{ cells: [3, 4] }])).toEqual([]);
    expect(change('/rows/1', { cells: [] })).toEqual(['rows']);
    expect(change('/rows/0/cells/2', 5)).toEqual(['cells']);
    expect(change('/rows/0/cells/0', 'x')).toEqual([]);
    expect(change('/', { other: [1], rows: [] })).toEqual(['cells', 'other', 'rows']);
    expect(change('/unrelated/deep', [1, 2, 3])).toEqual([]);
  });

  test('a list that goes away is noticed under a value that no longer names it', () => {
    const { bindings, change } = setup();
    change('/a', { b: { c: [1, 2] } });
    bindings.set('t', [{ child: 'x', path: '/a/b/c' }]);
    expect(change('/', {})).toEqual(['t']);
    expect(change('/', {})).toEqual([]);
    expect(change('/', { a: { b: { c: [] } } })).toEqual(['t']);
  });

  test('keys that JSON Pointer escapes', () => {
    const { bindings, change } = setup();
    bindings.set('t', [{ child: 'x', path: '/a~1b/c~0d' }]);
    expect(change('/', { 'a/b': { 'c~d': [1] } })).toEqual(['t']);
  });

  test('a change under many bound lists reads only those its value names or that were known', () => {
    const { bindings, change, reads } = setup();
    for (let i = 0; i < 1000; i++) bindings.set(`t${i}`, [{ child: 'x', path: `/a${i}` }]);
    const before = reads();
    for (let i = 0; i < 100; i++) expect(change('/', i % 2 === 0 ? { a0: [1] } : {})).toEqual(['t0']);
    expect(reads() - before).toBeLessThan(300);
  });

  test('a component set again or removed leaves its old paths', () => {
    const { bindings, change } = setup();
    bindings.set('a', [{ child: 'x', path: '/one' }]);
    bindings.set('a', [{ child: 'x', path: '/two' }]);
    expect(change('/one', [1])).toEqual([]);
    expect(change('/two', [1])).toEqual(['a']);
    expect(bindings.countAt('/two')).toBe(1);
    bindings.set('a', undefined);
    expect(change('/two', [1, 2])).toEqual([]);
    expect(bindings.of('a')).toBeUndefined();
    expect(bindings.countAt('/two')).toBe(0);
  });
});
