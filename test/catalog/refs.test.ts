import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ComponentDef, ComponentRefs } from '../../src/catalog/model.js';
import { forEachReference, mapReferences, v08RefsFromPropertyNames } from '../../src/catalog/refs.js';

function def(refs: Partial<ComponentRefs>): ComponentDef {
  return {
    name: 'T',
    schema: v.unknown(),
    required: [],
    refs: { single: [], list: [], nested: {}, ...refs },
  };
}

function collect(d: ComponentDef, props: object): [string, string][] {
  const out: [string, string][] = [];
  forEachReference(d, props, (id, field) => out.push([id, field]));
  return out;
}

describe('forEachReference', () => {
  it('reads v0.9 single and list references from a flat component', () => {
    const d = def({ single: ['child'], list: ['children'] });
    expect(collect(d, { id: 'root', component: 'Card', child: 'a' })).toEqual([['a', 'child']]);
    expect(collect(d, { id: 'root', component: 'Column', children: ['a', 'b'] })).toEqual([
      ['a', 'children'],
      ['b', 'children'],
    ]);
  });

  it('reads a v0.9 ChildList template by its componentId', () => {
    const d = def({ list: ['children'] });
    expect(collect(d, { children: { componentId: 'item', path: '/items' } })).toEqual([['item', 'children.componentId']]);
  });

  it('reads v0.8 explicitList and template objects', () => {
    const d = def({ list: ['children'] });
    expect(collect(d, { children: { explicitList: ['x', 'y'] } })).toEqual([
      ['x', 'children.explicitList'],
      ['y', 'children.explicitList'],
    ]);
    expect(collect(d, { children: { template: { componentId: 't', dataBinding: '/list' } } })).toEqual([['t', 'children.template.componentId']]);
  });

  it('reads nested references with the item index in the field', () => {
    const d = def({ nested: { tabs: ['child'] } });
    const props = {
      tabs: [
        { title: 'A', child: 'a' },
        { title: 'B', child: 'b' },
      ],
    };
    expect(collect(d, props)).toEqual([
      ['a', 'tabs[0].child'],
      ['b', 'tabs[1].child'],
    ]);
  });

  it('ignores non-reference properties, non-string list items and non-array nested values', () => {
    const d = def({ single: ['child'], list: ['children'], nested: { tabs: ['child'] } });
    expect(collect(d, { text: 'child', children: [1, null, 'ok'], tabs: 'oops', id: 'x', component: 'child' })).toEqual([['ok', 'children']]);
  });

  it('visits properties in the order they appear', () => {
    const d = def({ single: ['trigger', 'content'] });
    expect(collect(d, { content: 'c', trigger: 't' }).map(([id]) => id)).toEqual(['c', 't']);
  });
  it('visits what mapReferences hands its replacer, in the same order and fields', () => {
    const d = def({ single: ['child'], list: ['children', 'template'], nested: { tabs: ['child', 'children'] } });
    const props = {
      child: 'a',
      children: { explicitList: ['b', 1, 'c'], deeper: { more: ['d'] } },
      template: { componentId: 'e', dataBinding: '/x' },
      tabs: [{ child: 'f' }, 'x', { children: ['g', { componentId: 'h' }] }, { other: 'i' }],
      label: 'j',
    };
    const seen: [string, string][] = [];
    mapReferences(d, props, (id, field) => {
      seen.push([id, field]);
      return id;
    });
    expect(seen).toHaveLength(7);
    expect(collect(d, props)).toEqual(seen);
  });
});

describe('mapReferences', () => {
  const d = def({ single: ['child'], list: ['children'], nested: { tabItems: ['child'] } });

  it('returns the same object when nothing changes', () => {
    const props = { child: 'a', children: ['b'], tabItems: [{ child: 'c' }], other: { deep: 1 } };
    expect(mapReferences(d, props, (id) => id)).toBe(props);
  });

  it('replaces ids and shares untouched sub-objects', () => {
    const other = { deep: 1 };
    const tabItems = [{ child: 'keep' }, { child: 'swap', title: { literalString: 'T' } }];
    const props = { child: 'a', children: ['a', 'b'], tabItems, other };
    const out = mapReferences(d, props, (id) => (id === 'a' || id === 'swap' ? `loading_${id}` : id));
    expect(out).toEqual({
      child: 'loading_a',
      children: ['loading_a', 'b'],
      tabItems: [{ child: 'keep' }, { child: 'loading_swap', title: { literalString: 'T' } }],
      other: { deep: 1 },
    });
    expect(out.other).toBe(other);
    expect(out.tabItems[0]).toBe(tabItems[0]);
    expect(out.tabItems[1]!.title).toBe(tabItems[1]!.title);
    expect(props.children).toEqual(['a', 'b']);
    expect(props.child).toBe('a');
  });

  it('rewrites templates and explicit lists without touching their siblings', () => {
    const template = { componentId: 'x', dataBinding: '/d' };
    const props = { children: { template } };
    const out = mapReferences(d, props, (id, field) => `${id}@${field}`);
    expect(out).toEqual({
      children: { template: { componentId: 'x@children.template.componentId', dataBinding: '/d' } },
    });
    const v09 = mapReferences(d, { children: { componentId: 'y', path: '/p' } }, () => 'z');
    expect(v09).toEqual({ children: { componentId: 'z', path: '/p' } });
    const list = mapReferences(d, { children: { explicitList: ['p', 'q'] } }, (id) => id.toUpperCase());
    expect(list).toEqual({ children: { explicitList: ['P', 'Q'] } });
  });
});

describe('v08RefsFromPropertyNames', () => {
  it('classifies property names', () => {
    expect(v08RefsFromPropertyNames(['child', 'children', 'text', 'contentChild', 'tabs'])).toEqual({
      single: ['child', 'contentChild'],
      list: ['children', 'tabs'],
      nested: {},
    });
  });

  it('finds tab items children in a schema', () => {
    const schema = {
      type: 'object',
      properties: {
        tabItems: {
          type: 'array',
          items: { type: 'object', properties: { title: { type: 'object' }, child: { type: 'string' } } },
        },
        entryPointChild: { type: 'string' },
        label: { type: 'string' },
      },
    };
    expect(v08RefsFromPropertyNames(schema)).toEqual({
      single: ['entryPointChild'],
      list: [],
      nested: { tabItems: ['child'] },
    });
  });

  it('treats a tabs array of objects with child as nested', () => {
    const schema = {
      properties: { tabs: { type: 'array', items: { properties: { child: {} } } }, children: {} },
    };
    expect(v08RefsFromPropertyNames(schema)).toEqual({
      single: [],
      list: ['children'],
      nested: { tabs: ['child'] },
    });
  });
});
