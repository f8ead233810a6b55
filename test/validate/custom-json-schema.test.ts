import { describe, expect, it } from 'vitest';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { validateMessages } from '../../src/validate/index.js';
import { thrown } from './fixtures.js';
import { V09_COMMON_TYPES } from '../catalog/json-schema-helpers.js';

const COMMON = V09_COMMON_TYPES.$id;

/** A small custom v0.9 catalog in JSON Schema: Gauge (value), Stack (children), Frame (child). */
const v09 = catalogFromJsonSchema({
  version: '0.9',
  commonTypes: V09_COMMON_TYPES,
  catalog: {
    catalogId: 'https://example.com/gauges.json',
    components: {
      Gauge: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          component: { const: 'Gauge' },
          value: { type: 'number', minimum: 0, maximum: 100 },
        },
        required: ['id', 'component', 'value'],
        additionalProperties: false,
      },
      Stack: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          component: { const: 'Stack' },
          children: { $ref: `${COMMON}#/$defs/ChildList` },
        },
        required: ['id', 'component', 'children'],
        additionalProperties: false,
      },
      Frame: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          component: { const: 'Frame' },
          child: { $ref: `${COMMON}#/$defs/ComponentId` },
        },
        required: ['id', 'component', 'child'],
        additionalProperties: false,
      },
    },
  },
});

const surface = (...components: object[]) => [
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'https://example.com/gauges.json' } },
  { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
];

describe('a custom JSON Schema catalog (v0.9)', () => {
  const tree = [
    { id: 'root', component: 'Stack', children: ['g', 'f'] },
    { id: 'g', component: 'Gauge', value: 42 },
    { id: 'f', component: 'Frame', child: 'h' },
    { id: 'h', component: 'Gauge', value: 7 },
  ];

  it('validates a tree built from it', () => {
    expect(() => validateMessages(surface(...tree), v09)).not.toThrow();
  });

  it('rejects schema violations with details', () => {
    const error = thrown(() => validateMessages(surface({ id: 'root', component: 'Gauge', value: 120 }), v09));
    expect(error.category).toBe('ValidationError');
    expect(error.details.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'messages.1.updateComponents.components.0.value', code: 'invalid_value' },
    ]);
    const missing = thrown(() => validateMessages(surface({ id: 'root', component: 'Gauge' }), v09));
    expect(missing.details.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'messages.1.updateComponents.components.0.value', code: 'missing_field' },
    ]);
    expect(thrown(() => validateMessages(surface({ id: 'root', component: 'Dial' }), v09)).message).toContain('Unknown component type: Dial');
  });

  it('finds references from the schema ($ref ComponentId / ChildList)', () => {
    const dangling = thrown(() => validateMessages(surface(tree[0]!, tree[1]!, { ...tree[2]!, child: 'nope' }), v09));
    expect(dangling.message).toBe("Component 'f' references non-existent component 'nope' in field 'child'");
    const orphan = thrown(() => validateMessages(surface(...tree, { id: 'z', component: 'Gauge', value: 1 }), v09));
    expect(orphan.message).toBe("Component 'z' is not reachable from 'root'");
    const cycle = thrown(() =>
      validateMessages(surface({ id: 'root', component: 'Frame', child: 'x' }, { id: 'x', component: 'Stack', children: ['root'] }), v09),
    );
    expect(cycle.category).toBe('RecursionError');
  });
});

describe('a custom JSON Schema catalog (v0.8)', () => {
  const v08 = catalogFromJsonSchema({
    version: '0.8',
    catalog: {
      catalogId: 'gauges-v08',
      components: {
        Gauge: {
          type: 'object',
          properties: { value: { type: 'number' } },
          required: ['value'],
          additionalProperties: false,
        },
        Frame: { type: 'object', properties: { child: { type: 'string' } }, required: ['child'] },
      },
    },
  });
  const payload = (...components: object[]) => [{ beginRendering: { surfaceId: 's', root: 'top' } }, { surfaceUpdate: { surfaceId: 's', components } }];

  it('validates and rejects', () => {
    expect(() =>
      validateMessages(payload({ id: 'top', component: { Frame: { child: 'g' } } }, { id: 'g', component: { Gauge: { value: 1 } } }), v08),
    ).not.toThrow();
    const error = thrown(() => validateMessages(payload({ id: 'top', component: { Gauge: { value: '1' } } }), v08));
    expect(error.details.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'messages.1.surfaceUpdate.components.0.component.Gauge.value', code: 'type_mismatch' },
    ]);
    expect(thrown(() => validateMessages(payload({ id: 'top', component: { Frame: { child: 'top' } } }), v08)).message).toBe(
      "Self-reference detected: Component 'top' references itself in field 'child'",
    );
  });
});
