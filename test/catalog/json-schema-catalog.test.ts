import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema, DEFAULT_CUTTABLE_KEYS } from '../../src/index.js';
import { isJsonSchemaIssue } from '../../src/catalog/json-schema/index.js';
import { V09_COMMON_TYPES, V09_SPEC } from './json-schema-helpers.js';

const V09 = V09_SPEC;
const commonTypes = V09_COMMON_TYPES;

function v09Component(name: string, properties: Record<string, unknown>, required: string[]) {
  return {
    type: 'object',
    allOf: [
      { $ref: 'common_types.json#/$defs/ComponentCommon' },
      { type: 'object', properties: { component: { const: name }, ...properties }, required: ['component', ...required] },
    ],
    unevaluatedProperties: false,
  };
}

const v09Catalog = {
  catalogId: 'my-catalog',
  components: {
    Text: v09Component('Text', { text: { $ref: 'common_types.json#/$defs/DynamicString' } }, ['text']),
    Card: v09Component('Card', { child: { $ref: `${V09}/common_types.json#/$defs/ComponentId` } }, ['child']),
    Modal: v09Component(
      'Modal',
      { trigger: { $ref: 'common_types.json#/$defs/Child' }, content: { allOf: [{ $ref: 'common_types.json#/$defs/ComponentId' }] } },
      [],
    ),
    Column: v09Component(
      'Column',
      { children: { $ref: 'common_types.json#/$defs/ChildList' }, ids: { type: 'array', items: { $ref: 'common_types.json#/$defs/ComponentId' } } },
      ['children'],
    ),
    Tabs: v09Component(
      'Tabs',
      {
        tabs: { type: 'array', items: { type: 'object', properties: { title: { type: 'string' }, child: { $ref: 'common_types.json#/$defs/ComponentId' } } } },
      },
      ['tabs'],
    ),
    Decorated: v09Component('Decorated', { child: { type: 'string', title: 'ComponentId' } }, []),
  },
  functions: {
    upper: {
      type: 'object',
      properties: {
        call: { const: 'upper' },
        args: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'], additionalProperties: false },
      },
      required: ['call', 'args'],
    },
  },
  $defs: { theme: { type: 'object', properties: { primaryColor: { type: 'string', pattern: '^#[0-9a-f]{6}$' } } } },
};

describe('catalogFromJsonSchema: v0.9+', () => {
  const catalog = catalogFromJsonSchema({ version: '0.9', catalog: v09Catalog, commonTypes });

  it('takes id, version, cuttable keys and keeps the document', () => {
    expect(catalog.id).toBe('my-catalog');
    expect(catalog.version).toBe('0.9');
    expect(catalog.cuttableKeys).toBe(DEFAULT_CUTTABLE_KEYS);
    expect(catalog.jsonSchema).toBe(v09Catalog);
    const custom = catalogFromJsonSchema({ version: '0.9', catalog: {}, id: 'x', cuttableKeys: ['customCuttable'] });
    expect(custom.id).toBe('x');
    expect([...custom.cuttableKeys]).toEqual(['customCuttable']);
    expect(catalogFromJsonSchema({ version: '0.9', catalog: {} }).id).toBe('test_catalog');
  });

  it('discovers references from the schema', () => {
    const refs = (name: string) => catalog.components.get(name)!.refs;
    expect(refs('Text')).toEqual({ single: [], list: [], nested: {} });
    expect(refs('Card')).toEqual({ single: ['child'], list: [], nested: {} });
    expect(refs('Modal')).toEqual({ single: ['trigger', 'content'], list: [], nested: {} });
    expect(refs('Column')).toEqual({ single: [], list: ['children', 'ids'], nested: {} });
    expect(refs('Tabs')).toEqual({ single: [], list: [], nested: { tabs: ['child'] } });
    expect(refs('Decorated')).toEqual({ single: [], list: [], nested: {} });
  });

  it('lists required properties through allOf, without id and component', () => {
    expect(catalog.components.get('Text')!.required).toEqual(['text']);
    expect(catalog.components.get('Modal')!.required).toEqual([]);
  });

  it('validates the whole flat component', () => {
    const text = catalog.components.get('Text')!.schema;
    expect(v.safeParse(text, { id: 't', component: 'Text', text: 'hi' }).success).toBe(true);
    expect(v.safeParse(text, { id: 't', component: 'Text', text: { path: '/x' } }).success).toBe(true);
    const extra = v.safeParse(text, { id: 't', component: 'Text', text: 'hi', colour: 'red' });
    expect(extra.issues?.map((issue) => [issue.path?.[0]?.key, isJsonSchemaIssue(issue) && issue.code])).toEqual([['colour', 'extra_field']]);
    expect(v.safeParse(text, { component: 'Text', text: 'hi' }).issues?.[0]?.message).toBe("'id' is a required property");
  });

  it('compiles functions (args) and the theme', () => {
    const args = catalog.functions.get('upper')!.args;
    expect(v.safeParse(args, { value: 'x' }).success).toBe(true);
    expect(v.safeParse(args, { value: 1 }).success).toBe(false);
    expect(v.safeParse(catalog.theme!, { primaryColor: '#00aaff' }).success).toBe(true);
    expect(v.safeParse(catalog.theme!, { primaryColor: 'blue' }).success).toBe(false);
  });

  it('validates whole messages against the s2c schema, with anyComponent synthesized when absent', () => {
    const s2c = {
      $id: `${V09}/server_to_client.json`,
      type: 'object',
      properties: {
        version: { const: 'v0.9' },
        updateComponents: {
          type: 'object',
          properties: { components: { type: 'array', items: { $ref: 'catalog.json#/$defs/anyComponent' } } },
        },
      },
      required: ['version'],
    };
    const withEnvelope = catalogFromJsonSchema({ version: '0.9', catalog: v09Catalog, commonTypes, s2c });
    const message = withEnvelope.messageSchema!;
    const ok = { version: 'v0.9', updateComponents: { components: [{ id: 'c', component: 'Card', child: 'x' }] } };
    expect(v.safeParse(message, ok).success).toBe(true);
    const bad = v.safeParse(message, { version: 'v0.9', updateComponents: { components: [{ id: 'c', component: 'Card' }] } });
    expect(bad.issues?.[0]?.path?.map((item) => item.key).join('.')).toBe('updateComponents.components.0.child');
    expect(catalog.messageSchema).toBeUndefined();
  });

  it('v1.0: wraps components in the s2c Component definition (common props, unevaluatedProperties)', () => {
    const s2c = {
      $id: 'https://a2ui.org/specification/v1_0/agent_to_renderer.json',
      $defs: {
        Component: {
          allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, { $ref: 'catalog.json#/$defs/anyComponent' }],
          unevaluatedProperties: false,
        },
      },
    };
    const catalog10 = {
      components: {
        Row: {
          type: 'object',
          properties: { component: { const: 'Row' }, children: { $ref: 'common_types.json#/$defs/ChildList' } },
          required: ['component', 'children'],
        },
      },
    };
    const row = catalogFromJsonSchema({ version: '1.0', catalog: catalog10, commonTypes, s2c }).components.get('Row')!;
    expect(row.refs.list).toEqual(['children']);
    expect(v.safeParse(row.schema, { id: 'r', component: 'Row', children: ['a'] }).success).toBe(true);
    expect(v.safeParse(row.schema, { id: 'r', component: 'Row', children: ['a'], extra: 1 }).success).toBe(false);
    expect(v.safeParse(row.schema, { component: 'Row', children: ['a'] }).success).toBe(false);
  });
});

describe('catalogFromJsonSchema: v0.8', () => {
  const v08Catalog = {
    catalogId: 'std',
    components: {
      Text: {
        type: 'object',
        properties: { text: { type: 'object', properties: { literalString: { type: 'string' } } } },
        required: ['text'],
        additionalProperties: false,
      },
      Column: { type: 'object', properties: { children: { type: 'object', properties: { explicitList: { type: 'array', items: { type: 'string' } } } } } },
      Card: { type: 'object', properties: { child: { type: 'string' } } },
      Tabs: { type: 'object', properties: { tabItems: { type: 'array', items: { type: 'object', properties: { title: {}, child: { type: 'string' } } } } } },
    },
    styles: { primaryColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
  };
  const s2c = {
    type: 'object',
    additionalProperties: false,
    properties: {
      beginRendering: {
        type: 'object',
        properties: { surfaceId: { type: 'string' }, root: { type: 'string' }, styles: { type: 'object', additionalProperties: true } },
        required: ['surfaceId', 'root'],
      },
      surfaceUpdate: {
        type: 'object',
        properties: {
          components: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'string' }, component: { type: 'object', additionalProperties: true } },
              required: ['id', 'component'],
            },
          },
        },
      },
    },
  };
  const catalog = catalogFromJsonSchema({ version: '0.8', catalog: v08Catalog, s2c });

  it('compiles the props object under component.<Type>, with name-based refs', () => {
    const text = catalog.components.get('Text')!;
    expect(text.required).toEqual(['text']);
    expect(v.safeParse(text.schema, { text: { literalString: 'hi' } }).success).toBe(true);
    expect(v.safeParse(text.schema, { text: {}, usageHint: 'h1' }).success).toBe(false);
    expect(catalog.components.get('Column')!.refs.list).toEqual(['children']);
    expect(catalog.components.get('Card')!.refs.single).toEqual(['child']);
    expect(catalog.components.get('Tabs')!.refs.nested).toEqual({ tabItems: ['child'] });
    expect(catalog.functions.size).toBe(0);
  });

  it('theme: the styles as a closed object', () => {
    expect(v.safeParse(catalog.theme!, { primaryColor: '#FF0000' }).success).toBe(true);
    expect(v.safeParse(catalog.theme!, { font: 'Roboto' }).success).toBe(false);
  });

  it('messageSchema: free-form component and styles replaced by the catalog', () => {
    const message = catalog.messageSchema!;
    const update = (component: unknown) => ({ surfaceUpdate: { components: [{ id: 'a', component }] } });
    expect(v.safeParse(message, update({ Card: { child: 'b' } })).success).toBe(true);
    const unknown = v.safeParse(message, update({ Slider: {} }));
    expect(unknown.issues?.[0]?.message).toBe("Additional properties are not allowed ('Slider' was unexpected)");
    const wrong = v.safeParse(message, update({ Card: { child: 5 } }));
    expect(wrong.issues?.[0]?.path?.map((item) => item.key).join('.')).toBe('surfaceUpdate.components.0.component.Card.child');
    expect(v.safeParse(message, { beginRendering: { surfaceId: 's', root: 'r', styles: { primaryColor: 'red' } } }).success).toBe(false);
    const inline = catalogFromJsonSchema({ version: '0.8', catalog: { ...v08Catalog, s2c_schema: s2c } }).messageSchema!;
    expect(v.safeParse(inline, update({ Slider: {} })).success).toBe(false);
    const free = catalogFromJsonSchema({ version: '0.8', catalog: { components: {} }, s2c }).messageSchema!;
    expect(v.safeParse(free, { beginRendering: { surfaceId: 's', root: 'r', styles: { anything: 1 } } }).success).toBe(true);
  });
});

describe('catalogFromJsonSchema: cross-document recursion and errors', () => {
  it('follows refs that cycle between the common types and the catalog', () => {
    const common = {
      $defs: {
        DynamicString: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/FunctionCall' }] },
        FunctionCall: { type: 'object', required: ['call'], oneOf: [{ $ref: 'catalog.json#/$defs/anyFunction' }] },
      },
    };
    const catalog = {
      components: {
        Text: { type: 'object', properties: { component: { const: 'Text' }, text: { $ref: 'common_types.json#/$defs/DynamicString' } } },
      },
      functions: {
        concat: {
          type: 'object',
          properties: { call: { const: 'concat' }, args: { type: 'object', properties: { a: { $ref: 'common_types.json#/$defs/DynamicString' } } } },
        },
      },
    };
    const text = catalogFromJsonSchema({ version: '0.9', catalog, commonTypes: common }).components.get('Text')!.schema;
    const nested = (depth: number): unknown => (depth === 0 ? 'x' : { call: 'concat', args: { a: nested(depth - 1) } });
    expect(v.safeParse(text, { id: 't', component: 'Text', text: nested(6) }).success).toBe(true);
    const bad = v.safeParse(text, { id: 't', component: 'Text', text: { call: 'concat', args: { a: { call: 'concat', args: { a: 5 } } } } });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.path?.map((item) => item.key).join('.')).toBe('text.args.a.args.a');
  });

  it('finds references inside oneOf/anyOf of a property', () => {
    const catalog = {
      components: {
        Slot: {
          type: 'object',
          properties: {
            main: { oneOf: [{ $ref: 'common_types.json#/$defs/ComponentId' }, { type: 'null' }] },
            extra: { anyOf: [{ type: 'array', items: { $ref: 'common_types.json#/$defs/ComponentId' } }, { type: 'null' }] },
          },
        },
      },
    };
    expect(catalogFromJsonSchema({ version: '0.9', catalog, commonTypes }).components.get('Slot')!.refs).toEqual({
      single: ['main'],
      list: ['extra'],
      nested: {},
    });
  });

  it('rejects an unknown version and malformed documents with CatalogError', () => {
    expect(() => catalogFromJsonSchema({ version: '2.0' as never, catalog: {} })).toThrow(/Unknown A2UI specification version/);
    expect(() => catalogFromJsonSchema({ version: '0.9', catalog: { components: [] } })).toThrow(expect.objectContaining({ category: 'CatalogError' }));
  });
});
