import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { A2uiCatalogError, isA2uiError } from '../../src/errors.js';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { accepts, problems } from './json-schema-helpers.js';

const binding = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };
const call = { type: 'object', properties: { call: { type: 'string' }, args: { type: 'object' } }, required: ['call'], additionalProperties: false };

describe('JSON Schema compiler: combinators', () => {
  it('allOf: every member applies', () => {
    const schema = { allOf: [{ required: ['a'] }, { required: ['b'] }] };
    expect(accepts(schema, { a: 1, b: 2 })).toBe(true);
    expect(problems(schema, { a: 1 })).toEqual([{ path: 'b', code: 'missing_field', message: "'b' is a required property" }]);
  });

  it('anyOf: one match is enough; type-only failures give one type_mismatch summary', () => {
    const dynamic = { anyOf: [{ type: 'string' }, binding] };
    expect(accepts(dynamic, 'x')).toBe(true);
    expect(accepts(dynamic, { path: '/a' })).toBe(true);
    expect(problems(dynamic, 5)).toEqual([{ path: '', code: 'type_mismatch', message: '5 is not valid under any of the given schemas' }]);
  });

  it('anyOf/oneOf: reports the problems of the branch the value was meant for', () => {
    const dynamic = { oneOf: [{ type: 'string' }, binding, call] };
    expect(problems(dynamic, { path: 1 })).toEqual([{ path: 'path', code: 'type_mismatch', message: "1 is not of type 'string'" }]);
    expect(problems(dynamic, { call: 'f', extra: 1 })).toEqual([
      { path: 'extra', code: 'extra_field', message: "Additional properties are not allowed ('extra' was unexpected)" },
    ]);
  });

  it('oneOf: more than one match is invalid', () => {
    const schema = { oneOf: [{ type: 'number' }, { minimum: 0 }] };
    expect(accepts(schema, -1)).toBe(true);
    expect(problems(schema, 1)[0]).toMatchObject({ code: 'invalid_value', message: '1 is valid under each of 2 of the given schemas' });
  });

  it('discriminator picks the branch by its const, for precise errors', () => {
    const defs = {
      Text: { properties: { component: { const: 'Text' }, text: { type: 'string' } }, required: ['component', 'text'] },
      Card: { allOf: [{ properties: { component: { const: 'Card' } } }, { required: ['child'] }] },
    };
    const any = { oneOf: [{ $ref: '#/$defs/Text' }, { $ref: '#/$defs/Card' }], discriminator: { propertyName: 'component' } };
    expect(accepts(any, { component: 'Card', child: 'x' }, defs)).toBe(true);
    expect(problems(any, { component: 'Card' }, defs)).toEqual([{ path: 'child', code: 'missing_field', message: "'child' is a required property" }]);
    expect(problems(any, { component: 'Text', text: 1 }, defs)[0]?.path).toBe('text');
    expect(problems(any, { component: 'Nope' }, defs)).toHaveLength(1);
  });

  it('a property every branch fixes to a distinct constant acts as discriminator', () => {
    const fn = (name: string, args: Record<string, unknown>) => ({
      properties: { call: { const: name }, args: { type: 'object', properties: args, additionalProperties: false } },
      required: ['call'],
    });
    const anyFunction = { oneOf: [fn('upper', { value: { type: 'string' } }), fn('length', { value: { type: 'string' }, min: { type: 'integer' } })] };
    expect(accepts(anyFunction, { call: 'length', args: { value: 'x', min: 1 } })).toBe(true);
    expect(problems(anyFunction, { call: 'length', args: { value: 'x', min: 'one' } })).toEqual([
      { path: 'args.min', code: 'type_mismatch', message: "'one' is not of type 'integer'" },
    ]);
    expect(accepts(anyFunction, { call: 'nope' })).toBe(false);
    expect(accepts(anyFunction, {})).toBe(false);
  });

  it('not', () => {
    const schema = { type: 'object', not: { anyOf: [{ required: ['path'] }, { required: ['call'] }] } };
    expect(accepts(schema, { literal: 1 })).toBe(true);
    expect(problems(schema, { path: '/x' })[0]).toMatchObject({ code: 'invalid_value' });
  });

  it('if / then / else', () => {
    const schema = { if: { type: 'string' }, then: { format: 'date' }, else: { type: 'object' } };
    expect(accepts(schema, '2025-01-01')).toBe(true);
    expect(accepts(schema, 'tomorrow')).toBe(false);
    expect(accepts(schema, { path: '/d' })).toBe(true);
    expect(accepts(schema, 5)).toBe(false);
    expect(accepts({ then: false }, 5)).toBe(true);
  });

  it('unevaluatedProperties false sees properties evaluated across allOf, $ref and passing branches', () => {
    const defs = { Common: { properties: { id: { type: 'string' } }, required: ['id'] } };
    const schema = {
      allOf: [{ $ref: '#/$defs/Common' }, { properties: { component: { const: 'Text' }, text: {} } }],
      anyOf: [
        { properties: { a: {} }, required: ['a'] },
        { properties: { b: {} }, required: ['b'] },
      ],
      unevaluatedProperties: false,
    };
    expect(accepts(schema, { id: 'x', component: 'Text', text: 'hi', a: 1 }, defs)).toBe(true);
    expect(problems(schema, { id: 'x', a: 1, b: 'both-branches-pass' }, defs)).toEqual([]);
    expect(problems(schema, { id: 'x', a: 1, zzz: 1 }, defs)).toEqual([
      { path: 'zzz', code: 'extra_field', message: "Unevaluated properties are not allowed ('zzz' was unexpected)" },
    ]);
    const failingBranch = {
      anyOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: {} } }],
      unevaluatedProperties: false,
    };
    expect(problems(failingBranch, { a: 'str' }).map((p) => p.path)).toEqual(['a']);
  });

  it('unevaluatedProperties as a schema applies to the rest', () => {
    const schema = { properties: { a: {} }, unevaluatedProperties: { type: 'number' } };
    expect(accepts(schema, { a: 'x', b: 1 })).toBe(true);
    expect(problems(schema, { b: 'x' })[0]?.path).toBe('b');
  });
});

describe('JSON Schema compiler: $ref', () => {
  it('resolves #/$defs and #/components, recursively (lazily)', () => {
    const catalog = {
      components: {
        Tree: { type: 'object', properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } },
      },
      $defs: {
        Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } }, leaf: { $ref: '#/components/Tree/properties/name' } } },
      },
    };
    const schema = catalogFromJsonSchema({ version: '0.8', catalog }).components.get('Tree')!.schema;
    const deep = { kids: [{ kids: [{ kids: [{ leaf: 'x' }] }] }] };
    expect(v.safeParse(schema, deep).success).toBe(true);
    const bad = v.safeParse(schema, { kids: [{ kids: [{ leaf: 1 }] }] });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.path?.map((item) => item.key).join('.')).toBe('kids.0.kids.0.leaf');
  });

  it('resolves other documents by $id, and catalog.json / common_types.json by name whatever their ids', () => {
    const commonTypes = {
      $id: 'https://example.com/other/common_types.json',
      $defs: { ComponentId: { type: 'string' }, Pair: { type: 'array', items: { $ref: '#/$defs/ComponentId' }, maxItems: 2 } },
    };
    const catalog = {
      $id: 'https://example.com/catalogs/mine/my_catalog.json',
      components: {
        Box: {
          type: 'object',
          properties: {
            component: { const: 'Box' },
            pair: { $ref: 'https://a2ui.org/specification/v0_9/common_types.json#/$defs/Pair' },
            self: { $ref: 'catalog.json#/$defs/Flag' },
            rel: { $ref: 'common_types.json#/$defs/ComponentId' },
          },
        },
      },
      $defs: { Flag: { type: 'boolean' } },
    };
    const box = catalogFromJsonSchema({ version: '0.9', catalog, commonTypes }).components.get('Box')!.schema;
    expect(v.safeParse(box, { id: 'b', component: 'Box', pair: ['a', 'b'], self: true, rel: 'r' }).success).toBe(true);
    expect(v.safeParse(box, { id: 'b', component: 'Box', pair: ['a', 'b', 'c'] }).success).toBe(false);
    expect(v.safeParse(box, { id: 'b', component: 'Box', self: 'yes' }).success).toBe(false);
    expect(v.safeParse(box, { id: 'b', component: 'Box', rel: 3 }).success).toBe(false);
  });

  it('an unresolvable $ref is a CatalogError naming it, on first use', () => {
    const catalog = catalogFromJsonSchema({ version: '0.8', catalog: { components: { T: { $ref: '#/$defs/Missing' } } } });
    const build = () => catalog.components;
    expect(build).toThrow(A2uiCatalogError);
    expect(build).toThrow(/#\/\$defs\/Missing/);
    const otherDoc = () => catalogFromJsonSchema({ version: '0.9', catalog: { components: { T: { $ref: 'https://x.org/unknown.json#/a' } } } }).functions;
    expect(otherDoc).toThrow(/unknown document/);
  });
});

describe('JSON Schema compiler: unsupported keywords', () => {
  function errorOf(schema: unknown): A2uiCatalogError {
    try {
      void catalogFromJsonSchema({ version: '0.8', catalog: { components: { T: schema } } }).components;
    } catch (error) {
      if (isA2uiError(error)) return error as A2uiCatalogError;
      throw error;
    }
    throw new Error('no error');
  }

  it('names the keyword and its JSON pointer', () => {
    const error = errorOf({ properties: { a: { type: 'string', dependentSchemas: {} } } });
    expect(error.category).toBe('CatalogError');
    expect(error.message).toContain("'dependentSchemas'");
    expect(error.details[0]?.path).toBe('catalog.json#/components/T/properties/a/dependentSchemas');
  });

  it('rejects unknown formats, bad types and malformed keyword values', () => {
    expect(errorOf({ format: 'color' }).message).toContain("'format'");
    expect(errorOf({ type: 'text' }).message).toContain("'type'");
    expect(errorOf({ required: 'a' }).message).toContain("'required'");
    expect(errorOf({ pattern: '(' }).message).toContain("'pattern'");
    expect(errorOf({ $ref: '#foo' }).message).toContain('#foo');
  });

  it('ignores annotations and x- extensions', () => {
    const schema = {
      title: 'T',
      description: 'd',
      $comment: 'c',
      default: 1,
      examples: [1],
      deprecated: true,
      readOnly: true,
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://e.com/t.json',
      'x-vendor': {},
      returnType: 'string',
    };
    expect(accepts(schema, 'anything')).toBe(true);
  });
});
