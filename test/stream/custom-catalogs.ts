/** Custom v0.9 and v0.8 catalogs built by `catalogFromJsonSchema`, with no `$ref` reference fields. */
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';

const text = { type: 'string' };
const ids = { type: 'array', items: { type: 'string' } };
const template = { type: 'object', properties: { componentId: { type: 'string' }, path: { type: 'string' } }, required: ['componentId', 'path'] };

/** A flat component schema: `id`, `component` fixed to `name`, then `properties`. */
function flat(name: string, properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return {
    type: 'object',
    properties: { id: { type: 'string' }, component: { const: name }, ...properties },
    required: ['id', 'component', ...required],
    additionalProperties: false,
  };
}

/** v0.9: `Stack.children` and `Row.children` are plain string arrays, `List.children` a template object, `Frame.child` a string. */
export const PLAIN_V09: Catalog = catalogFromJsonSchema({
  version: '0.9',
  catalog: {
    catalogId: 'https://example.com/plain.json',
    components: {
      Stack: flat('Stack', { children: ids }, ['children']),
      Row: flat('Row', { children: ids }),
      List: flat('List', { children: template }, ['children']),
      Frame: flat('Frame', { child: text }, ['child']),
      Label: flat('Label', { text }, ['text']),
    },
  },
});

/** v0.9 without `Row`: `Box` needs nothing but its id, `Spinner` needs a `size`. */
export const NO_ROW_V09: Catalog = catalogFromJsonSchema({
  version: '0.9',
  catalog: {
    catalogId: 'https://example.com/no-row.json',
    components: {
      Stack: flat('Stack', { children: ids }, ['children']),
      Label: flat('Label', { text }, ['text']),
      Spinner: flat('Spinner', { size: { type: 'number' } }, ['size']),
      Box: flat('Box', { children: ids }),
    },
  },
});

/** v0.9 without `Row` and without any type a bare object satisfies: no default placeholder. */
export const NO_PLACEHOLDER_V09: Catalog = catalogFromJsonSchema({
  version: '0.9',
  catalog: {
    catalogId: 'https://example.com/strict.json',
    components: {
      Stack: flat('Stack', { children: ids }, ['children']),
      Label: flat('Label', { text }, ['text']),
    },
  },
});

/** v1.0 (components stream once they close): `Stack.children` a plain string array, no `$ref`. */
export const PLAIN_V10: Catalog = catalogFromJsonSchema({
  version: '1.0',
  catalog: {
    catalogId: 'https://example.com/plain-v10.json',
    components: {
      Stack: flat('Stack', { children: ids }, ['children']),
      Row: flat('Row', { children: ids }),
      Label: flat('Label', { text }, ['text']),
    },
  },
});

/** v0.8 (nested components): `Box.content` holds `{componentId}` and `Tabs.items[].child` an id, untyped. */
export const PLAIN_V08: Catalog = catalogFromJsonSchema({
  version: '0.8',
  catalog: {
    catalogId: 'https://example.com/plain-v08.json',
    components: {
      Box: { type: 'object', properties: { content: { type: 'object', properties: { componentId: text } } }, required: ['content'] },
      Row: { type: 'object', properties: { children: { type: 'object', properties: { explicitList: ids } } } },
      Label: { type: 'object', properties: { text: { type: 'object', properties: { literalString: text } } }, required: ['text'] },
    },
  },
});

/** v0.8 without `Row`: `Spacer` has no required property, so it is the default placeholder. */
export const NO_ROW_V08: Catalog = catalogFromJsonSchema({
  version: '0.8',
  catalog: {
    catalogId: 'https://example.com/no-row-v08.json',
    components: {
      Column: { type: 'object', properties: { children: { type: 'object', properties: { explicitList: ids } } }, required: ['children'] },
      Label: { type: 'object', properties: { text: { type: 'object', properties: { literalString: text } } }, required: ['text'] },
      Spacer: { type: 'object', properties: { size: { type: 'number' } } },
    },
  },
});
