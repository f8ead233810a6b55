/** Schema modifiers: functions that rewrite a JSON Schema document before it is used. */
import { isRecord, setOwn, type JsonRecord } from './json.js';

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

function schemaWithout(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(schemaWithout);
  if (!isRecord(schema)) return schema;
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(schema)) {
    if (STRICT_KEYWORDS.has(key) && value === false) continue;
    if (DATA_KEYWORDS.has(key)) setOwn(out, key, value);
    else setOwn(out, key, SCHEMA_MAPS.has(key) && isRecord(value) ? mapWithout(value) : schemaWithout(value));
  }
  return out;
}

function mapWithout(map: JsonRecord): JsonRecord {
  const out: JsonRecord = {};
  for (const [name, value] of Object.entries(map)) setOwn(out, name, schemaWithout(value));
  return out;
}

/**
 * The one modifier the reference ships: a copy of `schema` without every
 * `additionalProperties: false` and `unevaluatedProperties: false`, at any depth, so a model's
 * extra properties do not fail validation. `true` or a schema object stays. Unlike the reference
 * it reads the document as a schema: data (`const`, `default`, `examples`, `enum`) is copied as
 * it is, and a property *named* `additionalProperties` is kept. The input is not changed.
 */
export const removeStrictValidation: SchemaModifier = (schema) => schemaWithout(schema) as JsonRecord;
