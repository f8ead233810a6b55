import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  basicCatalog,
  basicCatalogV08,
  basicCatalogV09,
  basicCatalogV091,
  basicCatalogV10,
  BASIC_CATALOG_ID_V08,
  BASIC_CATALOG_ID_V09,
  BASIC_CATALOG_ID_V10,
  type BasicTextV09,
} from '../../src/catalog/basic/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { forEachReference } from '../../src/catalog/refs.js';
import { A2uiCatalogError } from '../../src/errors.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';

function valid(catalog: Catalog, type: string, props: unknown): boolean {
  const def = catalog.components.get(type);
  if (def === undefined) throw new Error(`no component ${type}`);
  return v.safeParse(def.schema, props).success;
}

function validArgs(catalog: Catalog, name: string, args: unknown): boolean {
  return v.safeParse(catalog.functions.get(name)!.args, args).success;
}

function refs(catalog: Catalog, type: string, props: object): string[] {
  const out: string[] = [];
  forEachReference(catalog.components.get(type)!, props, (id, field) => out.push(`${id}@${field}`));
  return out;
}

describe('basicCatalog', () => {
  it('has the spec ids and versions, and is built once per version', () => {
    expect(basicCatalog('0.8').id).toBe(BASIC_CATALOG_ID_V08);
    expect(basicCatalog('0.9').id).toBe(BASIC_CATALOG_ID_V09);
    expect(basicCatalog('0.9.1').id).toBe(BASIC_CATALOG_ID_V09);
    expect(basicCatalog('0.9.1').version).toBe('0.9.1');
    expect(basicCatalog('1.0').id).toBe(BASIC_CATALOG_ID_V10);
    expect(basicCatalog('0.9')).toBe(basicCatalog('0.9'));
    expect(() => basicCatalog('0.7' as ProtocolVersion)).toThrow(A2uiCatalogError);
  });

  it('is the shared catalog of the per-version functions', () => {
    const perVersion = { '0.8': basicCatalogV08, '0.9': basicCatalogV09, '0.9.1': basicCatalogV091, '1.0': basicCatalogV10 };
    for (const [version, get] of Object.entries(perVersion)) {
      expect(get().version).toBe(version);
      expect(get()).toBe(get());
      expect(basicCatalog(version as ProtocolVersion)).toBe(get());
    }
    expect(basicCatalogV091()).not.toBe(basicCatalogV09());
    expect(basicCatalogV091().id).toBe(basicCatalogV09().id);
  });

  it('lists the 18 components of each version and functions from v0.9 on', () => {
    expect(basicCatalog('0.8').components.size).toBe(18);
    expect(basicCatalog('0.8').components.has('MultipleChoice')).toBe(true);
    expect(basicCatalog('0.8').functions.size).toBe(0);
    for (const version of ['0.9', '0.9.1', '1.0'] as const) {
      const catalog = basicCatalog(version);
      expect(catalog.components.size).toBe(18);
      expect(catalog.components.has('ChoicePicker')).toBe(true);
      expect(catalog.functions.size).toBe(14);
    }
  });

  it('derives required properties', () => {
    expect(basicCatalog('0.8').components.get('Button')!.required).toEqual(['child', 'action']);
    expect(basicCatalog('0.9').components.get('Text')!.required).toEqual(['text']);
    expect([...basicCatalog('1.0').components.get('Slider')!.required].sort()).toEqual(['max', 'value']);
    expect(basicCatalog('0.9').components.get('Divider')!.required).toEqual([]);
  });
});

describe('basic v0.8', () => {
  const catalog = basicCatalog('0.8');

  it('accepts valid components', () => {
    expect(valid(catalog, 'Text', { text: { literalString: 'Hi' }, usageHint: 'h1' })).toBe(true);
    expect(valid(catalog, 'Column', { children: { explicitList: ['a', 'b'] }, alignment: 'center' })).toBe(true);
    expect(valid(catalog, 'List', { children: { template: { componentId: 't', dataBinding: '/items' } } })).toBe(true);
    expect(
      valid(catalog, 'Button', {
        child: 'label',
        primary: true,
        action: { name: 'go', context: [{ key: 'k', value: { literalNumber: 2 } }] },
      }),
    ).toBe(true);
    expect(valid(catalog, 'Icon', { name: { literalString: 'home' } })).toBe(true);
  });

  it('rejects unknown properties, missing required ones and wrong types', () => {
    expect(valid(catalog, 'Text', { text: { literalString: 'Hi' }, color: 'red' })).toBe(false);
    expect(valid(catalog, 'Text', { usageHint: 'h1' })).toBe(false);
    expect(valid(catalog, 'Text', { text: 'Hi' })).toBe(false);
    expect(valid(catalog, 'Text', { text: { literalString: 'Hi' }, usageHint: 'h9' })).toBe(false);
    expect(valid(catalog, 'Icon', { name: { literalString: 'play' } })).toBe(false);
    expect(valid(catalog, 'List', { children: { template: { componentId: 't' } } })).toBe(false);
    expect(v.safeParse(catalog.theme!, { primaryColor: '#00BFFF', font: 'Roboto' }).success).toBe(true);
    expect(v.safeParse(catalog.theme!, { primaryColor: 'blue' }).success).toBe(false);
  });

  it('finds references by property name, tab items included', () => {
    expect(refs(catalog, 'Row', { children: { explicitList: ['a'] } })).toEqual(['a@children.explicitList']);
    expect(refs(catalog, 'Modal', { entryPointChild: 'e', contentChild: 'c' })).toEqual(['e@entryPointChild', 'c@contentChild']);
    expect(refs(catalog, 'Tabs', { tabItems: [{ title: { literalString: 'A' }, child: 'a' }] })).toEqual(['a@tabItems[0].child']);
    expect(refs(catalog, 'Text', { text: { literalString: 'child' } })).toEqual([]);
  });
});

describe('basic v0.9 family', () => {
  const v09 = basicCatalog('0.9');
  const v10 = basicCatalog('1.0');

  it('accepts valid flat components with bindings and function calls', () => {
    const text: BasicTextV09 = {
      id: 't',
      component: 'Text',
      text: { call: 'formatString', args: { value: 'Hi ${/name}' }, returnType: 'string' },
      variant: 'h2',
      weight: 1,
    };
    expect(valid(v09, 'Text', text)).toBe(true);
    expect(valid(v09, 'Row', { id: 'r', component: 'Row', children: { componentId: 'c', path: '/list' } })).toBe(true);
    expect(
      valid(v09, 'TextField', {
        id: 'f',
        component: 'TextField',
        label: 'Email',
        value: { path: '/email' },
        checks: [{ condition: { call: 'email', args: { value: { path: '/email' } } }, message: 'Bad email' }],
      }),
    ).toBe(true);
    expect(
      valid(v09, 'Button', {
        id: 'b',
        component: 'Button',
        child: 'l',
        action: { event: { name: 'submit', context: { id: { path: '/id' } } } },
      }),
    ).toBe(true);
    expect(valid(v10, 'Text', { id: 't', component: 'Text', text: 'x', catalogId: 'c', accessibility: { live: 'polite' } })).toBe(true);
  });

  it('rejects unknown props, missing required props and wrong types', () => {
    expect(valid(v09, 'Text', { id: 't', component: 'Text', text: 'x', colour: 'red' })).toBe(false);
    expect(valid(v09, 'Text', { id: 't', component: 'Text' })).toBe(false);
    expect(valid(v09, 'Text', { component: 'Text', text: 'x' })).toBe(false);
    expect(valid(v09, 'Text', { id: 't', component: 'Image', text: 'x' })).toBe(false);
    expect(valid(v09, 'Slider', { id: 's', component: 'Slider', value: 3, max: '10' })).toBe(false);
    expect(valid(v09, 'Tabs', { id: 't', component: 'Tabs', tabs: [] })).toBe(false);
    expect(valid(v09, 'Card', { id: 'c', component: 'Card', child: { path: '/x' } })).toBe(false);
  });

  it('checks function calls against the catalog functions', () => {
    const text = (value: unknown) => valid(v09, 'Text', { id: 't', component: 'Text', text: value });
    expect(text({ call: 'formatNumber', args: { value: 3, decimals: 2 } })).toBe(true);
    expect(text({ call: 'nope', args: {} })).toBe(false);
    expect(text({ call: 'formatNumber', args: { value: 'three' } })).toBe(false);
    expect(text({ call: 'formatNumber', args: { value: 3, extra: 1 } })).toBe(false);
    expect(text({ call: 'required', args: { value: 1 }, returnType: 'boolean' })).toBe(false);
    expect(validArgs(v09, 'length', { value: 'abc', min: 1 })).toBe(true);
    expect(validArgs(v09, 'length', { value: 'abc' })).toBe(false);
    expect(validArgs(v09, 'and', { values: [true] })).toBe(false);
    expect(validArgs(v09, 'openUrl', { url: 'https://a2ui.org' })).toBe(true);
    expect(validArgs(v09, 'openUrl', { url: { path: '/url' } })).toBe(false);
    expect(validArgs(v10, 'openUrl', { url: { path: '/url' } })).toBe(true);
  });

  it('function calls and dynamic values are checked against the matching member first, with the issues valibot gives', () => {
    for (const catalog of [v09, v10]) {
      // Text's `text` is a DynamicString: a union whose last member is the (lazy, recursive) call.
      const text = catalog.components.get('Text')!.schema as unknown as { entries: { text: { options: v.GenericSchema[] } } };
      const lazy = text.entries.text.options.find((option) => option.type === 'lazy') as v.LazySchema<v.GenericSchema>;
      const call = lazy.getter(undefined) as v.GenericSchema & { type: string; options: never };
      expect(call.type).toBe('variant');
      const plain = v.variant('call', call.options);
      const issues = (schema: v.GenericSchema, input: unknown) =>
        (v.safeParse(schema, input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);
      for (const input of [
        { call: 'formatNumber', args: { value: 3, decimals: 2 } },
        { call: 'formatNumber', args: { value: 'three' } },
        { call: 'formatNumber', args: { value: 3, extra: 1 } },
        { call: 'nope', args: {} },
        { args: {} },
        'formatNumber',
        null,
      ]) {
        expect(issues(call, input), JSON.stringify(input)).toEqual(issues(plain, input));
      }
      expect(issues(call, { call: 'formatNumber', args: { value: 'three' } }).length).toBeGreaterThan(0);
      // The dynamic string around it tries the binding or the call first, with the same outcome.
      const dynamicString = text.entries.text as unknown as v.GenericSchema & { options: never };
      const plainUnion = v.union(dynamicString.options);
      for (const input of [
        'x',
        3,
        null,
        { path: '/a' },
        { path: 1 },
        { path: '/a', call: 'formatString' },
        { call: 'formatString', args: { value: 'x' } },
        { call: 'nope' },
      ]) {
        expect(issues(dynamicString, input), JSON.stringify(input)).toEqual(issues(plainUnion, input));
        expect(v.safeParse(dynamicString, input).output, JSON.stringify(input)).toEqual(v.safeParse(plainUnion, input).output);
      }
    }
  });

  it('applies the v1.0 differences', () => {
    const text = (variant: string) => valid(v10, 'Text', { id: 't', component: 'Text', text: 'x', variant });
    expect(text('caption')).toBe(true);
    expect(text('h1')).toBe(false);
    expect(valid(v09, 'Text', { id: 't', component: 'Text', text: 'x', variant: 'h1' })).toBe(true);
    expect(valid(v10, 'TextField', { id: 'f', component: 'TextField', label: 'L', placeholder: 'p' })).toBe(true);
    expect(valid(v09, 'TextField', { id: 'f', component: 'TextField', label: 'L', placeholder: 'p' })).toBe(false);
    expect(valid(v10, 'TextField', { id: 'f', component: 'TextField', label: 'L', validationRegexp: '.' })).toBe(false);
    expect(valid(v10, 'Text', { id: 't', component: 'Text', text: { call: '@index', args: { offset: 1 } } })).toBe(true);
    expect(valid(v09, 'Text', { id: 't', component: 'Text', text: { call: '@index' } })).toBe(false);
    expect(valid(v10, 'Text', { id: 't', component: 'Text', text: 'x', metadata: { extensions: { 'bad-key': 1 } } })).toBe(false);
  });

  it('validates DateTimeInput bounds as dates or times', () => {
    const input = (min: unknown) => valid(v09, 'DateTimeInput', { id: 'd', component: 'DateTimeInput', value: '', min });
    expect(input('2025-01-31')).toBe(true);
    expect(input('2025-01-31T10:00:00Z')).toBe(true);
    expect(input('10:00:00+02:00')).toBe(true);
    expect(input('tomorrow')).toBe(false);
    expect(input({ path: '/min' })).toBe(true);
  });

  it('names the reference fields: children, child, tabs, trigger and content', () => {
    expect(refs(v09, 'Column', { id: 'c', component: 'Column', children: ['a', 'b'] })).toEqual(['a@children', 'b@children']);
    expect(refs(v09, 'List', { id: 'l', component: 'List', children: { componentId: 't', path: '/x' } })).toEqual(['t@children.componentId']);
    expect(refs(v10, 'Modal', { id: 'm', component: 'Modal', trigger: 't', content: 'c' })).toEqual(['t@trigger', 'c@content']);
    expect(refs(v10, 'Tabs', { id: 'x', component: 'Tabs', tabs: [{ title: 'A', child: 'a' }] })).toEqual(['a@tabs[0].child']);
    expect(refs(v09, 'Button', { id: 'b', component: 'Button', child: 'l', action: { event: { name: 'x' } } })).toEqual(['l@child']);
    expect(v09.components.get('Text')!.refs).toEqual({ single: [], list: [], nested: {} });
  });

  it('validates the v0.9 theme and has none in v1.0', () => {
    expect(v.safeParse(v09.theme!, { primaryColor: '#112233', custom: true }).success).toBe(true);
    expect(v.safeParse(v09.theme!, { iconUrl: 'not a url' }).success).toBe(false);
    expect(v10.theme).toBeUndefined();
  });
});
