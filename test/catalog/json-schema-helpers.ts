import * as v from 'valibot';
import { catalogFromJsonSchema } from '../../src/catalog/index.js';
import { isJsonSchemaIssue } from '../../src/catalog/json-schema/index.js';

/** One problem as a test compares it: dotted path, code and message. */
export interface Found {
  path: string;
  code: string;
  message: string;
}

/** Validates `value` against `schema` compiled alone (as the only component of a v0.8 catalog). */
export function problems(schema: unknown, value: unknown, defs: Record<string, unknown> = {}): Found[] {
  const catalog = catalogFromJsonSchema({ version: '0.8', catalog: { components: { T: schema }, $defs: defs } });
  const result = v.safeParse(catalog.components.get('T')!.schema, value);
  if (result.success) return [];
  return result.issues.map((issue) => ({
    path: (issue.path ?? []).map((item) => String(item.key)).join('.'),
    code: isJsonSchemaIssue(issue) ? issue.code : '(valibot)',
    message: issue.message,
  }));
}

/** Whether `value` is valid against `schema`. */
export function accepts(schema: unknown, value: unknown, defs?: Record<string, unknown>): boolean {
  return problems(schema, value, defs).length === 0;
}

/** Base URL of the v0.9 specification's schema documents. */
export const V09_SPEC = 'https://a2ui.org/specification/v0_9';

/** A small v0.9 `common_types.json`: the definitions the JSON Schema catalog tests refer to. */
export const V09_COMMON_TYPES = {
  $id: `${V09_SPEC}/common_types.json`,
  $defs: {
    ComponentId: { type: 'string' },
    Child: { $ref: '#/$defs/ComponentId' },
    ChildList: {
      oneOf: [
        { type: 'array', items: { $ref: '#/$defs/ComponentId' } },
        {
          type: 'object',
          properties: { componentId: { $ref: '#/$defs/ComponentId' }, path: { type: 'string' } },
          required: ['componentId', 'path'],
          additionalProperties: false,
        },
      ],
    },
    ComponentCommon: { type: 'object', properties: { id: { $ref: '#/$defs/ComponentId' } }, required: ['id'] },
    DynamicString: { oneOf: [{ type: 'string' }, { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }] },
  },
};
