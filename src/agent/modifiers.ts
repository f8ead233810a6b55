/** Schema modifiers: functions that rewrite a JSON Schema document before it is used. */
import { catalogError } from './errors.js';
import { copyJson, isRecord, setOwn, type JsonRecord } from './json.js';

/**
 * Rewrites one JSON Schema document (catalog, server-to-client or common types) and returns a
 * new one; it must not change its input. Modifiers run in order on every document of the selected
 * catalog and on every inline catalog a client sends (see `selectCatalog`).
 */
export type SchemaModifier = (schema: Readonly<JsonRecord>) => JsonRecord;

/** Keywords whose value maps names to schemas (the names are not keywords). */
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'components',
  'functions',
  'styles',
]);

/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'default', 'examples', 'enum']);

const STRICT_KEYWORDS: ReadonlySet<string> = new Set(['additionalProperties', 'unevaluatedProperties']);

/** The objects and lists on the way to the value being copied (a JSON document never repeats one). */
type Ancestors = Set<object>;

function enter(value: object, ancestors: Ancestors, path: string): void {
  if (ancestors.has(value)) {
    throw catalogError(`removeStrictValidation: the schema contains itself at ${path}`, path, 'invalid_value', 'a cycle: JSON has none');
  }
  ancestors.add(value);
}

function schemaWithout(schema: unknown, ancestors: Ancestors, path: string): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  enter(schema, ancestors, path);
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  let out: unknown;
  if (Array.isArray(schema)) {
    out = schema.map((item, index) => schemaWithout(item, ancestors, at(index)));
  } else {
    const copy: JsonRecord = {};
    for (const [key, value] of Object.entries(schema)) {
      if (STRICT_KEYWORDS.has(key) && value === false) continue;
      if (DATA_KEYWORDS.has(key)) setOwn(copy, key, copyJson(value));
      else setOwn(copy, key, SCHEMA_MAPS.has(key) && isRecord(value) ? mapWithout(value, ancestors, at(key)) : schemaWithout(value, ancestors, at(key)));
    }
    out = copy;
  }
  ancestors.delete(schema);
  return out;
}

function mapWithout(map: JsonRecord, ancestors: Ancestors, path: string): JsonRecord {
  enter(map, ancestors, path);
  const out: JsonRecord = {};
  for (const [name, value] of Object.entries(map)) setOwn(out, name, schemaWithout(value, ancestors, `${path}.${name}`));
  ancestors.delete(map);
  return out;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : `a ${typeof value}`;
}

/**
 * The one modifier the reference ships: a copy of `schema` without every
 * `additionalProperties: false` and `unevaluatedProperties: false`, at any depth, so a model's
 * extra properties do not fail validation. `true` or a schema object stays. Unlike the reference
 * it reads the document as a schema: data (`const`, `default`, `examples`, `enum`) is copied as
 * it is (a deep copy: the result shares nothing with `schema`), and a property *named* `additionalProperties` is kept. The input is not changed; a
 * boolean schema comes back as it is.
 *
 * @throws A2uiCatalogError for anything but an object or a boolean, and for an object that
 *   contains itself (no JSON document does).
 */
export const removeStrictValidation: SchemaModifier = (schema) => {
  if (typeof schema !== 'boolean' && !isRecord(schema)) {
    throw catalogError(`removeStrictValidation: a schema must be an object or a boolean, got ${kindOf(schema)}`, '', 'type_mismatch');
  }
  return schemaWithout(schema, new Set(), '') as JsonRecord;
};
