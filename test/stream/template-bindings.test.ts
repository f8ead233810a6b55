/** The index from data paths to templates (#37 finding 3): a data change finds only the templates bound at, under or above its path. */
import { describe, expect, test } from 'vitest';
import { TemplateBindings } from '../../src/stream/template-bindings.js';

function near(bindings: TemplateBindings, path: string): string[] {
  const out = new Set<string>();
  bindings.near(path, out);
  return [...out].sort();
}

describe('TemplateBindings', () => {
  const bindings = new TemplateBindings();
  bindings.set('rows', [{ child: 'row', path: '/rows' }]);
  bindings.set('cells', [{ child: 'cell', path: '/rows/0/cells' }]);
  bindings.set('other', [{ child: 'o', path: '/other' }]);

  test('at, under and above the changed path; nothing elsewhere', () => {
    expect(near(bindings, '/rows')).toEqual(['cells', 'rows']);
    expect(near(bindings, '/rows/7')).toEqual(['rows']);
    expect(near(bindings, '/rows/0/cells/3/text')).toEqual(['cells', 'rows']);
    expect(near(bindings, '/')).toEqual(['cells', 'other', 'rows']);
    expect(near(bindings, '/unrelated/deep')).toEqual([]);
  });

  test('a component set again or removed leaves its old paths', () => {
    const index = new TemplateBindings();
    index.set('a', [{ child: 'x', path: '/one' }]);
    index.set('a', [{ child: 'x', path: '/two' }]);
    expect(near(index, '/one')).toEqual([]);
    expect(near(index, '/two')).toEqual(['a']);
    index.set('a', undefined);
    expect(near(index, '/two')).toEqual([]);
    expect(index.of('a')).toBeUndefined();
  });
});
