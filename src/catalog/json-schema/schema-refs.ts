/**
 * Static reading of component schemas (v0.9+): which properties refer to other components, and
 * which are required. Follows `$ref`s and `allOf`/`anyOf`/`oneOf` without compiling anything.
 */
import type { ComponentRefs } from '../model.js';
import { at } from './check.js';
import { isRecord, schemaAt, type SchemaDocuments, type SchemaLocation } from './documents.js';

const MAX_DEPTH = 32;
const FLAT_COMPONENT_KEYS: ReadonlySet<string> = new Set(['id', 'component']);

type RefKind = 'single' | 'list' | { readonly nested: readonly string[] } | undefined;

interface Located {
  readonly schema: unknown;
  readonly loc: SchemaLocation;
}

function follow(documents: SchemaDocuments, node: Located): Located | undefined {
  if (!isRecord(node.schema) || typeof node.schema.$ref !== 'string') return undefined;
  const target = documents.resolve(node.schema.$ref, at(node.loc, '$ref'));
  return { schema: schemaAt(target.doc, target.pointer), loc: target };
}

function members(node: Located, keywords: readonly string[]): Located[] {
  const out: Located[] = [];
  if (!isRecord(node.schema)) return out;
  for (const keyword of keywords) {
    const list = node.schema[keyword];
    if (Array.isArray(list)) list.forEach((schema, index) => out.push({ schema, loc: at(node.loc, keyword, index) }));
  }
  return out;
}

/** Every `properties` entry of a schema, through `$ref` and the given combinators. */
function collectProperties(
  documents: SchemaDocuments,
  node: Located,
  combinators: readonly string[],
  visit: (name: string, property: Located) => void,
  depth = 0,
): void {
  if (!isRecord(node.schema) || depth > MAX_DEPTH) return;
  const { properties } = node.schema;
  if (isRecord(properties)) {
    for (const [name, schema] of Object.entries(properties)) visit(name, { schema, loc: at(node.loc, 'properties', name) });
  }
  const target = follow(documents, node);
  if (target !== undefined) collectProperties(documents, target, combinators, visit, depth + 1);
  for (const member of members(node, combinators)) collectProperties(documents, member, combinators, visit, depth + 1);
}

function strongest(a: RefKind, b: RefKind): RefKind {
  if (a === 'list' || b === 'list') return 'list';
  if (a === 'single' || b === 'single') return 'single';
  return a ?? b;
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** What kind of component reference a property schema holds, if any. */
function classify(documents: SchemaDocuments, node: Located, depth: number): RefKind {
  const schema = node.schema;
  if (!isRecord(schema) || depth > MAX_DEPTH) return undefined;
  let kind: RefKind;
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    if (name === 'ComponentId') return 'single';
    if (name === 'ChildList') return 'list';
    kind = classify(documents, follow(documents, node) as Located, depth + 1);
  }
  for (const member of members(node, ['allOf', 'anyOf', 'oneOf'])) {
    kind = strongest(kind, classify(documents, member, depth + 1));
  }
  if ('items' in schema && !Array.isArray(schema.items)) {
    kind = strongest(kind, classifyItems(documents, { schema: schema.items, loc: at(node.loc, 'items') }, depth + 1));
  }
  return kind;
}

function classifyItems(documents: SchemaDocuments, items: Located, depth: number): RefKind {
  const kind = classify(documents, items, depth);
  if (kind === 'single' || kind === 'list') return 'list';
  const nested: string[] = [];
  collectProperties(documents, items, ['allOf'], (name, property) => {
    const sub = classify(documents, property, depth + 1);
    if ((sub === 'single' || sub === 'list') && !nested.includes(name)) nested.push(name);
  });
  return nested.length > 0 ? { nested } : undefined;
}

/**
 * Where a v0.9+ component refers to others, read from its schema: a property whose schema is (or
 * contains, through `allOf`/`anyOf`/`oneOf` or `$ref` aliases) a `$ref` to `…/ComponentId` is a
 * single reference, to `…/ChildList` or an array of ComponentIds a list; an array of objects with
 * such properties is nested. `title: "ComponentId"` means nothing here.
 */
export function refsFromSchema(documents: SchemaDocuments, component: SchemaLocation): ComponentRefs {
  const kinds = new Map<string, RefKind>();
  const root: Located = { schema: schemaAt(component.doc, component.pointer), loc: component };
  collectProperties(documents, root, ['allOf', 'anyOf', 'oneOf'], (name, property) => {
    if (FLAT_COMPONENT_KEYS.has(name)) return;
    kinds.set(name, strongest(kinds.get(name), classify(documents, property, 0)));
  });
  const single: string[] = [];
  const list: string[] = [];
  const nested: Record<string, readonly string[]> = {};
  for (const [name, kind] of kinds) {
    if (kind === 'single') single.push(name);
    else if (kind === 'list') list.push(name);
    else if (kind !== undefined) nested[name] = kind.nested;
  }
  return { single, list, nested };
}

/** The properties a schema requires, through `$ref` and `allOf`, without `omit`ted names. */
export function requiredFromSchema(documents: SchemaDocuments, component: SchemaLocation, omit: ReadonlySet<string> = FLAT_COMPONENT_KEYS): string[] {
  const required: string[] = [];
  const visit = (node: Located, depth: number): void => {
    if (!isRecord(node.schema) || depth > MAX_DEPTH) return;
    if (Array.isArray(node.schema.required)) {
      for (const name of node.schema.required) {
        if (typeof name === 'string' && !omit.has(name) && !required.includes(name)) required.push(name);
      }
    }
    const target = follow(documents, node);
    if (target !== undefined) visit(target, depth + 1);
    for (const member of members(node, ['allOf'])) visit(member, depth + 1);
  };
  visit({ schema: schemaAt(component.doc, component.pointer), loc: component }, 0);
  return required;
}
