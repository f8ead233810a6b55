/**
 * What the Express compiler reads of a valibot catalog comes from its schemas directly
 * (`valibot-document.ts`), not from a JSON Schema conversion: property order, enums, scalar
 * types, option lists and function parameters.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineCatalog } from '../../src/catalog/index.js';
import { catalogInfo } from '../../src/express/catalog-info.js';

const catalog = defineCatalog({
  id: 'https://example.com/catalog.json',
  version: '0.9',
  components: {
    Gauge: v.object({
      id: v.string(),
      component: v.literal('Gauge'),
      label: v.string(),
      size: v.optional(v.picklist(['small', 'large'])),
      steps: v.optional(v.pipe(v.number(), v.integer())),
      live: v.optional(v.boolean()),
      choices: v.optional(v.array(v.object({ label: v.string(), value: v.string() }))),
      child: v.optional(v.string()),
    }),
  },
  functions: { clamp: v.object({ value: v.number(), max: v.number() }) },
});

describe('catalogInfo of a valibot catalog', () => {
  const info = catalogInfo(catalog);
  const gauge = info.components.get('Gauge');

  it('takes the declared order, with each property read from its schema', () => {
    expect(gauge?.props.map((prop) => prop.name)).toEqual(['label', 'size', 'steps', 'live', 'choices', 'child']);
    expect(gauge?.byName.get('size')?.enumValues).toEqual(['small', 'large']);
    expect(gauge?.byName.get('steps')?.scalarType).toBe('integer');
    expect(gauge?.byName.get('live')?.scalarType).toBe('boolean');
    expect(gauge?.byName.get('choices')?.options).toBe(true);
    expect(gauge?.byName.get('label')?.options).toBe(false);
  });

  it("reads a function's parameters in order, with their types", () => {
    expect(info.functions.get('clamp')?.params).toEqual([
      { name: 'value', type: 'number' },
      { name: 'max', type: 'number' },
    ]);
  });
});
