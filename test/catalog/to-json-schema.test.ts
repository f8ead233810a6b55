import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/basic/index.js';
import { defineCatalog } from '../../src/catalog/catalog.js';
import { catalogFromJsonSchema } from '../../src/catalog/json-schema/index.js';
import type { Catalog, ComponentRefs } from '../../src/catalog/model.js';
import { catalogToJsonSchema } from '../../src/catalog/to-json-schema.js';
import { PROTOCOL_VERSIONS } from '../../src/protocol/versions.js';

// biome-ignore lint/suspicious/noExplicitAny: the documents are read deep in assertions, untyped
type Json = Record<string, any>;

function sortedRefs(refs: ComponentRefs) {
  return {
    single: [...refs.single].sort(),
    list: [...refs.list].sort(),
    nested: Object.fromEntries(Object.entries(refs.nested).map(([k, subs]) => [k, [...subs].sort()])),
  };
}

function accepts(catalog: Catalog, type: string, props: unknown): boolean {
  return v.safeParse(catalog.components.get(type)!.schema, props).success;
}

const SAMPLES_V09: [string, Json, boolean][] = [
  ['Text', { id: 't', component: 'Text', text: { path: '/name' } }, true],
  ['Text', { id: 't', component: 'Text', text: { call: 'formatString', args: { value: 'x' } } }, true],
  ['Text', { id: 't', component: 'Text', text: 'x', unknown: 1 }, false],
  ['Text', { id: 't', component: 'Text' }, false],
  ['Column', { id: 'c', component: 'Column', children: ['a', 'b'], justify: 'center' }, true],
  ['Column', { id: 'c', component: 'Column', children: { componentId: 'a', path: '/xs' } }, true],
  ['Column', { id: 'c', component: 'Column', children: 'a' }, false],
  ['Tabs', { id: 'x', component: 'Tabs', tabs: [{ title: 'A', child: 'a' }] }, true],
  ['Slider', { id: 's', component: 'Slider', value: 1, max: 'ten' }, false],
];

describe('catalogToJsonSchema', () => {
  it('returns the document of a catalog compiled from JSON Schema', () => {
    const doc = { catalogId: 'x', components: { Text: { type: 'object', properties: { text: { type: 'string' } } } } };
    const compiled = catalogFromJsonSchema({ version: '0.8', catalog: doc });
    expect(catalogToJsonSchema(compiled)).toBe(doc);
  });

  it('writes the A2UI catalog format for v0.9+', () => {
    const doc = catalogToJsonSchema(basicCatalog('0.9')) as Json;
    expect(doc.catalogId).toBe(basicCatalog('0.9').id);
    expect(Object.keys(doc.components)).toHaveLength(18);
    expect(doc.components.Text.properties.component).toEqual({ const: 'Text' });
    expect(doc.components.Text.additionalProperties).toBe(false);
    expect(doc.components.Card.properties.child).toEqual({ $ref: '#/$defs/ComponentId' });
    expect(doc.functions.formatString.properties.call).toEqual({ const: 'formatString' });
    expect(doc.$defs.theme.properties.primaryColor.pattern).toBe('^#[0-9a-fA-F]{6}$');
    expect(doc.$defs.anyComponent.oneOf).toHaveLength(18);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('writes the standard-catalog form for v0.8', () => {
    const doc = catalogToJsonSchema(basicCatalog('0.8')) as Json;
    expect(doc.components.Text.properties.text.type).toBe('object');
    expect(doc.components.Text.required).toEqual(['text']);
    expect(Object.keys(doc.styles).sort()).toEqual(['font', 'primaryColor']);
    expect(doc.functions).toBeUndefined();
  });

  for (const version of PROTOCOL_VERSIONS) {
    it(`round-trips the ${version} basic catalog through catalogFromJsonSchema`, () => {
      const original = basicCatalog(version);
      const compiled = catalogFromJsonSchema({ version, catalog: catalogToJsonSchema(original) });
      expect(compiled.id).toBe(original.id);
      expect([...compiled.components.keys()]).toEqual([...original.components.keys()]);
      expect([...compiled.functions.keys()]).toEqual([...original.functions.keys()]);
      for (const def of original.components.values()) {
        const back = compiled.components.get(def.name)!;
        expect(sortedRefs(back.refs), def.name).toEqual(sortedRefs(def.refs));
        expect([...back.required].sort(), def.name).toEqual([...def.required].sort());
      }
      if (version !== '0.8') {
        for (const [type, props, ok] of SAMPLES_V09) {
          expect(accepts(compiled, type, props), `${type} ${JSON.stringify(props)}`).toBe(ok);
          expect(accepts(original, type, props), `${type} ${JSON.stringify(props)}`).toBe(ok);
        }
      } else {
        expect(accepts(compiled, 'Row', { children: { explicitList: ['a'] } })).toBe(true);
        expect(accepts(compiled, 'Row', { children: { explicitList: ['a'] }, extra: true })).toBe(false);
      }
    });
  }

  it('marks plain id arrays of a custom catalog as ComponentId lists', () => {
    const custom = defineCatalog({
      id: 'custom',
      version: '0.9',
      components: {
        Stack: {
          schema: v.strictObject({ id: v.string(), component: v.literal('Stack'), items: v.array(v.string()) }),
          refs: { list: ['items'] },
        },
      },
    });
    const doc = catalogToJsonSchema(custom) as Json;
    expect(doc.components.Stack.properties.items).toEqual({ type: 'array', items: { $ref: '#/$defs/ComponentId' } });
    expect(doc.$defs.anyFunction).toBeUndefined();
    const back = catalogFromJsonSchema({ version: '0.9', catalog: doc });
    expect(back.components.get('Stack')!.refs.list).toEqual(['items']);
  });
});
