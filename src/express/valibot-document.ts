/**
 * The part of a JSON Schema catalog document the Express compiler reads (`catalog-info.ts`), made
 * from a catalog's valibot schemas: each component's properties in declaration order, and what
 * each holds as far as compiling an argument cares (object properties, enums, scalar types, list
 * items, union members). Not a full conversion (`catalogToJsonSchema` is that, for prompts): the
 * streaming parse path does not pay for one.
 */
import type { Catalog } from '../catalog/model.js';

type Json = Readonly<Record<string, unknown>>;

/** The valibot schema fields read here (valibot's schema objects are plain data). */
interface Schema {
  readonly type?: string;
  readonly wrapped?: unknown;
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly options?: readonly unknown[];
  readonly item?: unknown;
  readonly literal?: unknown;
  readonly pipe?: readonly { readonly type?: string }[];
}

const WRAPPERS = new Set(['optional', 'exact_optional', 'nullable', 'nullish', 'undefinedable', 'non_optional', 'non_nullable', 'non_nullish']);
const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/** One valibot schema as the JSON Schema subset `catalog-info.ts` reads. */
function describe(value: unknown, depth = 0): Json {
  if (typeof value !== 'object' || value === null || depth > 16) return {};
  const schema = value as Schema;
  const type = schema.type ?? '';
  if (WRAPPERS.has(type)) return describe(schema.wrapped, depth + 1);
  if (type === 'boolean' || type === 'string') return { type };
  if (type === 'number') return { type: schema.pipe?.some((action) => action.type === 'integer') === true ? 'integer' : 'number' };
  if (type === 'picklist' || type === 'enum') return { enum: [...(schema.options ?? [])] };
  if (type === 'literal') return { const: schema.literal };
  if (type === 'union' || type === 'variant') return { anyOf: (schema.options ?? []).map((option) => describe(option, depth + 1)) };
  if (type === 'intersect') return { allOf: (schema.options ?? []).map((option) => describe(option, depth + 1)) };
  if (type === 'array') return { type: 'array', items: describe(schema.item, depth + 1) };
  if (OBJECTS.has(type)) {
    const properties = Object.fromEntries(Object.entries(schema.entries ?? {}).map(([name, entry]) => [name, describe(entry, depth + 1)]));
    return { type: 'object', properties };
  }
  return {};
}

/** `{components, functions}` of `catalog`, as `catalog-info.ts` reads a catalog document. */
export function valibotDocument(catalog: Catalog): Json {
  const components = Object.fromEntries([...catalog.components.values()].map((def) => [def.name, describe(def.schema)]));
  const functions = Object.fromEntries([...catalog.functions.values()].map((fn) => [fn.name, { properties: { args: describe(fn.args) } }]));
  return { components, functions };
}
