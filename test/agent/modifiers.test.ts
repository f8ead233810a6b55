import { describe, expect, it } from 'vitest';
import { removeStrictValidation } from '../../src/agent/index.js';

describe('removeStrictValidation', () => {
  it('drops additionalProperties and unevaluatedProperties that are false, at any depth', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: 'object', unevaluatedProperties: false }, b: { type: 'array', items: [{ additionalProperties: false }] } },
      $defs: { D: { allOf: [{ additionalProperties: false }] } },
    };
    expect(removeStrictValidation(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'object' }, b: { type: 'array', items: [{}] } },
      $defs: { D: { allOf: [{}] } },
    });
  });

  it('keeps true and schema values, data keywords, and properties named like the keywords', () => {
    const schema = {
      additionalProperties: true,
      unevaluatedProperties: { type: 'string' },
      properties: { additionalProperties: false, x: { const: { additionalProperties: false }, default: { unevaluatedProperties: false } } },
      examples: [{ additionalProperties: false }],
    };
    expect(removeStrictValidation(schema)).toEqual(schema);
  });

  it('returns a copy that shares nothing with its input, data keywords included', () => {
    const schema = { properties: { x: { const: { a: [1] }, default: { b: 1 }, enum: [{ c: 1 }], examples: [[2]] } } };
    const copy = structuredClone(schema);
    const out = removeStrictValidation(schema) as typeof schema;
    out.properties.x.const.a.push(2);
    out.properties.x.default.b = 2;
    out.properties.x.enum[0]!.c = 2;
    out.properties.x.examples[0]!.push(3);
    expect(schema).toEqual(copy);
  });

  it('leaves its input untouched and returns a new object', () => {
    const schema = { properties: { a: { additionalProperties: false } } };
    const copy = structuredClone(schema);
    const out = removeStrictValidation(schema);
    expect(schema).toEqual(copy);
    expect(out).not.toBe(schema);
  });
});
