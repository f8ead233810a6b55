/**
 * `catalogToJsonSchema`: a catalog as an A2UI JSON Schema catalog document, for prompts and for
 * renderers' inline catalogs.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { Catalog, ComponentDef } from './model.js';

type JsonSchema = Record<string, unknown>;

const COMPONENT_ID = { $ref: '#/$defs/ComponentId' };

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property holding one id: a string schema becomes a `ComponentId` reference. */
function markSingle(schema: unknown): unknown {
  return isObject(schema) && schema.type === 'string' ? COMPONENT_ID : markAlternatives(schema, markSingle);
}

/** A property holding ids: array items and template `componentId`s become `ComponentId` references. */
function markList(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  if (schema.type === 'array') return { ...schema, items: markSingle(schema.items) };
  const properties = schema.properties;
  if (schema.type === 'object' && isObject(properties) && 'componentId' in properties) {
    return { ...schema, properties: { ...properties, componentId: markSingle(properties.componentId) } };
  }
  return markAlternatives(schema, markList);
}

function markAlternatives(schema: unknown, mark: (member: unknown) => unknown): unknown {
  if (!isObject(schema)) return schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) return { ...schema, [key]: members.map(mark) };
  }
  return schema;
}

/** Rewrites a v0.9+ component schema so that its reference properties `$ref` the common types. */
function markReferences(def: ComponentDef, schema: JsonSchema): JsonSchema {
  const properties = schema.properties;
  if (!isObject(properties)) return schema;
  const marked: JsonSchema = { ...properties };
  for (const name of def.refs.single) if (name in marked) marked[name] = markSingle(marked[name]);
  for (const name of def.refs.list) if (name in marked) marked[name] = markList(marked[name]);
  for (const [name, subKeys] of Object.entries(def.refs.nested)) {
    const array = marked[name];
    if (!isObject(array) || !isObject(array.items) || !isObject(array.items.properties)) continue;
    const itemProperties: JsonSchema = { ...array.items.properties };
    for (const sub of subKeys) {
      const value = itemProperties[sub];
      if (value !== undefined) itemProperties[sub] = isObject(value) && value.type === 'array' ? markList(value) : markSingle(value);
    }
    marked[name] = { ...array, items: { ...array.items, properties: itemProperties } };
  }
  return { ...schema, properties: marked };
}

const COMMON_DEFS = {
  ComponentId: { type: 'string' },
  ChildList: {
    oneOf: [
      { type: 'array', items: COMPONENT_ID },
      {
        type: 'object',
        properties: { componentId: COMPONENT_ID, path: { type: 'string' } },
        required: ['componentId', 'path'],
        additionalProperties: false,
      },
    ],
  },
};

function unionOf(names: readonly string[], section: string, tag: string): JsonSchema {
  return { oneOf: names.map((name) => ({ $ref: `#/${section}/${name}` })), discriminator: { propertyName: tag } };
}

/**
 * Converts all of a catalog's valibot schemas in one pass, so that recursive types (dynamic
 * values, function calls) land once in a shared `$defs`.
 */
function convertAll(catalog: Catalog): { sections: JsonSchema; defs: JsonSchema } {
  const whole = v.object({
    components: v.object(Object.fromEntries([...catalog.components.values()].map((def) => [def.name, def.schema]))),
    functions: v.object(Object.fromEntries([...catalog.functions.values()].map((fn) => [fn.name, fn.args]))),
    theme: catalog.theme ?? v.object({}),
  });
  const converted = toJsonSchema(whole, { target: 'draft-2020-12', errorMode: 'ignore' }) as JsonSchema;
  const properties = converted.properties as Record<string, JsonSchema>;
  const section = (key: string) => (properties[key]!.properties ?? {}) as Record<string, JsonSchema>;
  return {
    sections: { components: section('components'), functions: section('functions'), theme: properties.theme },
    defs: isObject(converted.$defs) ? converted.$defs : {},
  };
}

/**
 * The catalog as an A2UI JSON Schema catalog document. A catalog compiled from JSON Schema returns
 * its own document ({@link Catalog.jsonSchema}). Otherwise its valibot schemas are converted with
 * `@valibot/to-json-schema`; checks JSON Schema cannot express (custom `check`s) are left out.
 * v0.9+: `catalogId`, `components` (each with `component: {const}`), `functions` (`{call, args}`),
 * `$defs` with `ComponentId`, `ChildList`, `anyComponent`, `anyFunction` and `theme`; reference
 * properties `$ref` `ComponentId` so that `catalogFromJsonSchema` finds them again.
 * v0.8: `catalogId`, `components` (the property schemas) and `styles`, the standard-catalog form.
 */
export function catalogToJsonSchema(catalog: Catalog): Readonly<Record<string, unknown>> {
  if (catalog.jsonSchema !== undefined) return catalog.jsonSchema;
  const { sections, defs } = convertAll(catalog);
  const components = sections.components as Record<string, JsonSchema>;
  const head = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: catalog.id, catalogId: catalog.id };
  if (catalog.version === '0.8') {
    const theme = sections.theme as JsonSchema;
    return {
      ...head,
      components,
      ...(catalog.theme !== undefined && isObject(theme.properties) ? { styles: theme.properties } : {}),
      ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
    };
  }
  const marked = Object.fromEntries([...catalog.components.values()].map((def) => [def.name, markReferences(def, components[def.name]!)]));
  // The current v1.0 dialect names a call's function by `@call`.
  const callKey = catalog.version === '1.0' && catalog.dialect === 'current' ? '@call' : 'call';
  const functions = Object.fromEntries(
    Object.entries(sections.functions as Record<string, JsonSchema>).map(([name, args]) => [
      name,
      {
        type: 'object',
        properties: { [callKey]: { const: name }, args },
        required: [callKey, 'args'],
        additionalProperties: false,
      },
    ]),
  );
  return {
    ...head,
    ...(catalog.version === '1.0' ? { protocolVersion: '1.0' } : {}),
    components: marked,
    functions,
    $defs: {
      ...defs,
      ...COMMON_DEFS,
      ...(catalog.components.size === 0 ? {} : { anyComponent: unionOf(Object.keys(marked), 'components', 'component') }),
      ...(catalog.functions.size === 0 ? {} : { anyFunction: unionOf(Object.keys(functions), 'functions', callKey) }),
      ...(catalog.theme === undefined ? {} : { theme: sections.theme }),
    },
  };
}
