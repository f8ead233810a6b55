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

describe('TemplateBindings against a recount of every binding', () => {
  test('random bindings and random updates: exactly the templates whose list length changed are reported', () => {
    let state = 7;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * n);
    };
    const keys = ['a', 'b', '0', '1', 'c~d'];
    const randomPath = (): string => {
      const depth = random(4);
      return `/${Array.from({ length: depth }, () => keys[random(keys.length)]?.replace('~', '~0') as string).join('/')}`;
    };
    const randomValue = (depth: number): unknown => {
      const kind = random(depth > 2 ? 2 : 4);
      if (kind === 0) return random(3) === 0 ? undefined : 'x';
      if (kind === 1) return Array.from({ length: random(3) }, () => 1);
      if (kind === 2) return Array.from({ length: random(3) }, () => randomValue(depth + 1));
      return Object.fromEntries(keys.filter(() => random(2) === 0).map((key) => [key, randomValue(depth + 1)]));
    };
    for (let run = 0; run < 300; run++) {
      const { bindings, change } = setup();
      let model: unknown = {};
      const lengthOf = (path: string) => {
        const list = getAt(model, path);
        return Array.isArray(list) ? list.length : undefined;
      };
      const bound = new Map<string, string>();
      const counted = new Map<string, number | undefined>();
      for (let i = 0; i < 30; i++) {
        if (random(3) === 0) {
          const id = `t${random(8)}`;
          const path = randomPath() === '/' ? '/a' : randomPath();
          if (path === '/') continue;
          bindings.set(id, [{ child: 'x', path }]);
          bound.set(id, path);
          counted.set(id, lengthOf(path));
          continue;
        }
        const path = randomPath();
        const value = randomValue(0);
        model = setAt(model, path, value);
        const expected = [...bound].filter(([id, at]) => lengthOf(at) !== counted.get(id)).map(([id]) => id);
        for (const id of expected) counted.set(id, lengthOf(bound.get(id) as string));
        expect(change(path, value), `run ${run}, step ${i}: set ${path}`).toEqual(expected.sort());
      }
    }
  });
});
