import { describe, expect, it } from 'vitest';
import { accepts, problems } from './json-schema-helpers.js';

describe('JSON Schema compiler: value keywords', () => {
  it('type, with jsonschema wording and type_mismatch', () => {
    expect(problems({ type: 'string' }, 123)).toEqual([{ path: '', code: 'type_mismatch', message: "123 is not of type 'string'" }]);
    expect(problems({ type: 'object' }, 'not-an-object')[0]?.message).toBe("'not-an-object' is not of type 'object'");
    expect(accepts({ type: 'integer' }, 3)).toBe(true);
    expect(accepts({ type: 'integer' }, 3.5)).toBe(false);
    expect(accepts({ type: 'number' }, 3.5)).toBe(true);
    expect(accepts({ type: 'array' }, {})).toBe(false);
    expect(accepts({ type: 'object' }, [])).toBe(false);
    expect(accepts({ type: 'object' }, null)).toBe(false);
    expect(accepts({ type: 'null' }, null)).toBe(true);
    expect(accepts({ type: 'boolean' }, 0)).toBe(false);
  });

  it('type lists', () => {
    expect(accepts({ type: ['string', 'null'] }, null)).toBe(true);
    expect(accepts({ type: ['string', 'null'] }, 'x')).toBe(true);
    expect(problems({ type: ['string', 'null'] }, true)[0]?.message).toBe("True is not of type 'string', 'null'");
  });

  it('const and enum', () => {
    expect(problems({ const: 'v0.9' }, 'v0.8')).toEqual([{ path: '', code: 'invalid_value', message: "'v0.9' was expected" }]);
    expect(accepts({ const: { a: [1, 2] } }, { a: [1, 2] })).toBe(true);
    expect(accepts({ const: { a: [1, 2] } }, { a: [2, 1] })).toBe(false);
    expect(accepts({ const: 1 }, true)).toBe(false);
    expect(problems({ enum: ['a', 'b'] }, 'c')).toEqual([{ path: '', code: 'unknown_value', message: "'c' is not one of the allowed values: 'a', 'b'" }]);
    expect(accepts({ enum: ['a', null] }, null)).toBe(true);
  });

  it('minimum, maximum, exclusive bounds, multipleOf; ignored for non-numbers', () => {
    expect(problems({ minimum: 0 }, -1)[0]?.message).toBe('-1 is less than the minimum of 0');
    expect(accepts({ minimum: 0 }, 0)).toBe(true);
    expect(problems({ maximum: 3 }, 5)[0]?.message).toBe('5 is greater than the maximum of 3');
    expect(accepts({ maximum: 3 }, 3)).toBe(true);
    expect(accepts({ exclusiveMinimum: 0 }, 0)).toBe(false);
    expect(accepts({ exclusiveMinimum: 0 }, 0.1)).toBe(true);
    expect(accepts({ exclusiveMaximum: 1 }, 1)).toBe(false);
    expect(accepts({ multipleOf: 2 }, 3)).toBe(false);
    expect(accepts({ minimum: 10 }, 'text')).toBe(true);
  });

  it('minLength, maxLength, pattern (unicode), ignored for non-strings', () => {
    expect(accepts({ minLength: 2 }, 'a')).toBe(false);
    expect(accepts({ maxLength: 2 }, 'abc')).toBe(false);
    expect(accepts({ maxLength: 1 }, '😀')).toBe(true);
    expect(problems({ pattern: '^#[0-9a-fA-F]{6}$' }, 'red')).toEqual([
      { path: '', code: 'invalid_value', message: "'red' does not match '^#[0-9a-fA-F]{6}$'" },
    ]);
    expect(accepts({ pattern: '^#[0-9a-fA-F]{6}$' }, '#00BFFF')).toBe(true);
    expect(accepts({ pattern: '^[\\p{XID_Start}_][\\p{XID_Continue}]*$' }, 'été')).toBe(true);
    expect(accepts({ pattern: 'x' }, 5)).toBe(true);
  });

  it('format: date-time, date, time, uri, email', () => {
    expect(accepts({ format: 'date-time' }, '2025-01-31T10:20:30Z')).toBe(true);
    expect(accepts({ format: 'date-time' }, '2025-01-31T10:20:30.5+02:00')).toBe(true);
    expect(accepts({ format: 'date-time' }, '2025-01-31 10:20')).toBe(false);
    expect(accepts({ format: 'date' }, '2024-02-29')).toBe(true);
    expect(accepts({ format: 'date' }, '2023-02-29')).toBe(false);
    expect(accepts({ format: 'time' }, '10:20:30Z')).toBe(true);
    expect(accepts({ format: 'time' }, '25:00:00Z')).toBe(false);
    expect(accepts({ format: 'uri' }, 'https://a2ui.org/x')).toBe(true);
    expect(accepts({ format: 'uri' }, 'not a uri')).toBe(false);
    expect(accepts({ format: 'email' }, 'a@b.co')).toBe(true);
    expect(problems({ format: 'date' }, 'soon')[0]?.message).toBe("'soon' is not a 'date'");
    expect(accepts({ format: 'date' }, 42)).toBe(true);
  });

  it('boolean schemas', () => {
    expect(accepts(true, { anything: 1 })).toBe(true);
    expect(accepts({ properties: { x: false } }, { x: 1 })).toBe(false);
    expect(accepts({ properties: { x: false } }, {})).toBe(true);
  });
});

describe('JSON Schema compiler: objects and arrays', () => {
  const text = {
    type: 'object',
    properties: { text: { type: 'string' }, size: { type: 'number' } },
    required: ['text'],
    additionalProperties: false,
  };

  it('required: missing_field with the key in the path', () => {
    expect(problems(text, {})).toEqual([{ path: 'text', code: 'missing_field', message: "'text' is a required property" }]);
  });

  it('properties: nested paths', () => {
    expect(problems(text, { text: 1 })).toEqual([{ path: 'text', code: 'type_mismatch', message: "1 is not of type 'string'" }]);
    expect(problems({ properties: { a: { properties: { b: { type: 'string' } } } } }, { a: { b: 1 } })[0]?.path).toBe('a.b');
  });

  it('additionalProperties false: extra_field per key', () => {
    expect(problems(text, { text: 'a', x: 1, y: 2 })).toEqual([
      { path: 'x', code: 'extra_field', message: "Additional properties are not allowed ('x' was unexpected)" },
      { path: 'y', code: 'extra_field', message: "Additional properties are not allowed ('y' was unexpected)" },
    ]);
  });

  it('additionalProperties as a schema, and patternProperties', () => {
    const schema = { properties: { a: {} }, patternProperties: { '^x-': { type: 'string' } }, additionalProperties: { type: 'number' } };
    expect(accepts(schema, { a: 'anything', 'x-1': 'str', other: 2 })).toBe(true);
    expect(problems(schema, { 'x-1': 3 })[0]?.path).toBe('x-1');
    expect(problems(schema, { other: 'no' })[0]).toMatchObject({ path: 'other', code: 'type_mismatch' });
  });

  it('object keywords ignore non-objects', () => {
    expect(accepts({ required: ['a'], properties: { a: { type: 'string' } } }, 'str')).toBe(true);
  });

  it('minProperties, maxProperties, propertyNames', () => {
    expect(accepts({ minProperties: 1 }, {})).toBe(false);
    expect(accepts({ maxProperties: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(accepts({ propertyNames: { pattern: '^[a-z]+$' } }, { abc: 1 })).toBe(true);
    expect(accepts({ propertyNames: { pattern: '^[a-z]+$' } }, { A: 1 })).toBe(false);
  });

  it('items, prefixItems, minItems, maxItems, uniqueItems, contains', () => {
    const list = { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 2 };
    expect(problems(list, ['a', 2])).toEqual([{ path: '1', code: 'type_mismatch', message: "2 is not of type 'string'" }]);
    expect(problems(list, [])[0]).toMatchObject({ code: 'invalid_value', message: '[] should be non-empty' });
    expect(problems(list, ['a', 'b', 'c'])[0]?.message).toBe("['a', 'b', 'c'] is too long");
    expect(accepts({ prefixItems: [{ type: 'number' }], items: { type: 'string' } }, [1, 'a', 'b'])).toBe(true);
    expect(accepts({ prefixItems: [{ type: 'number' }], items: { type: 'string' } }, ['a'])).toBe(false);
    expect(accepts({ uniqueItems: true }, [1, { a: 1 }, { a: 1 }])).toBe(false);
    expect(accepts({ uniqueItems: true }, [1, 2])).toBe(true);
    expect(accepts({ contains: { const: 'call' } }, ['x', 'call'])).toBe(true);
    expect(accepts({ contains: { const: 'call' } }, ['x'])).toBe(false);
    expect(accepts({ minItems: 3 }, 'ab')).toBe(true);
  });
});
