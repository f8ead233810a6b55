/**
 * What the Express compiler needs to know of a catalog: each component's properties in the order
 * positional arguments fill them, what each property holds (a child id, a list of ids, an action,
 * a value), and each function's parameters in order. Read from the catalog's JSON Schema document
 * (its `documents`, else what `valibot-document.ts` reads of its valibot schemas), following local `$ref`s as the TS and Dart ports
 * do; the basic catalogs built from valibot take the specification's order from
 * {@link BASIC_ORDER}.
 */
import type { Catalog } from '../catalog/model.js';
import { BASIC_FUNCTION_ORDER, BASIC_ORDER } from './basic-order.js';
import { valibotDocument } from './valibot-document.js';

type Json = Readonly<Record<string, unknown>>;

/** What a property holds, which decides how an argument is compiled. */
export type PropKind = 'child' | 'children' | 'nested' | 'action' | 'checks' | 'value';

/** One component property. */
export interface PropInfo {
  /** Property name. */
  readonly name: string;
  /** What it holds. */
  readonly kind: PropKind;
  /** For `nested`: the item keys that hold component ids (e.g. `child` of `tabs[]`). */
  readonly nestedKeys: readonly string[];
  /** The values of its string enum, if it has one (for the wrong-case repair). */
  readonly enumValues?: readonly string[];
  /** Its JSON type when it is a plain `boolean`, `number` or `integer` (for the `"true"` repair). */
  readonly scalarType?: string;
  /** Whether it is a list of `{label, value}` objects (plain strings are coerced). */
  readonly options: boolean;
}

/** One component type. */
export interface ComponentInfo {
  /** Properties in positional order, `checks` last when the type has it. */
  readonly props: readonly PropInfo[];
  /** Properties by name. */
  readonly byName: ReadonlyMap<string, PropInfo>;
}

/** One function: its parameters in order, each with its JSON type when plain. */
export interface FunctionInfo {
  /** Parameters in order. */
  readonly params: readonly { readonly name: string; readonly type?: string }[];
}

/** A catalog as the compiler reads it. */
export interface CatalogInfo {
  /** The catalog. */
  readonly catalog: Catalog;
  /** Component types by name. */
  readonly components: ReadonlyMap<string, ComponentInfo>;
  /** Functions by name. */
  readonly functions: ReadonlyMap<string, FunctionInfo>;
  /** How a binding is spelled: `@path` where the common types say so (newest v1.0), else `path`. */
  readonly pathKey: 'path' | '@path';
  /** How a call is spelled: `@call` where the catalog's functions say so (newest v1.0), else `call`. */
  readonly callKey: 'call' | '@call';
}

const cache = new WeakMap<Catalog, CatalogInfo>();

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/…`) inside `doc`; other refs are left as they are. */
function local(doc: Json, schema: unknown, seen = 0): Json | undefined {
  if (!isObject(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen > 8) return schema;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return local(doc, node, seen + 1);
}

/**
 * Property schemas in document order: own `properties`, then each `allOf` entry's. Properties
 * reached through a local `$ref` (common ones, like v0.9's `CatalogComponentCommon.weight`) come
 * after those written in the component itself, so a positional argument never fills them first.
 */
function collectProperties(doc: Json, schema: unknown, out: Map<string, Json>, flags: { checkable: boolean }): void {
  const shared = new Map<string, Json>();
  collectInto(doc, schema, out, shared, flags, 0, false);
  for (const [name, prop] of shared) if (!out.has(name)) out.set(name, prop);
}

function collectInto(
  doc: Json,
  schema: unknown,
  own: Map<string, Json>,
  shared: Map<string, Json>,
  flags: { checkable: boolean },
  depth: number,
  viaRef: boolean,
): void {
  if (depth > 8 || !isObject(schema)) return;
  if (typeof schema.$ref === 'string') {
    if (schema.$ref.includes('Checkable')) flags.checkable = true;
    const target = local(doc, schema);
    if (target !== schema) collectInto(doc, target, own, shared, flags, depth + 1, true);
  }
  const into = viaRef ? shared : own;
  if (isObject(schema.properties)) {
    for (const [name, prop] of Object.entries(schema.properties)) if (!into.has(name)) into.set(name, isObject(prop) ? prop : {});
  }
  if (Array.isArray(schema.allOf)) {
    for (const entry of schema.allOf) collectInto(doc, entry, own, shared, flags, depth + 1, viaRef);
  }
}

function refName(schema: Json | undefined): string {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : '';
}

function isOptionsList(doc: Json, schema: Json | undefined): boolean {
  if (schema?.type !== 'array') return false;
  const items = local(doc, schema.items);
  return isObject(items?.properties) && 'label' in items.properties && 'value' in items.properties;
}

/** `boolean`, `number` or `integer` for a plain property of that type or a `DynamicBoolean` one. */
function scalarTypeOf(raw: Json, schema: Json): string | undefined {
  if (typeof schema.type === 'string') return ['boolean', 'number', 'integer'].includes(schema.type) ? schema.type : undefined;
  if (refName(raw) === 'DynamicBoolean') return 'boolean';
  const members = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  const types = (members ?? []).map((m) => (isObject(m) ? m.type : undefined));
  return types.includes('boolean') && !types.includes('string') ? 'boolean' : undefined;
}

function propInfo(doc: Json, name: string, raw: Json, catalog: Catalog, type: string): PropInfo {
  const refs = catalog.components.get(type)?.refs;
  const schema = local(doc, raw) ?? {};
  const nestedKeys = refs !== undefined && Object.hasOwn(refs.nested, name) ? (refs.nested[name] ?? []) : [];
  let kind: PropKind = 'value';
  if (name === 'checks') kind = 'checks';
  else if (refs?.single.includes(name)) kind = 'child';
  else if (refs?.list.includes(name)) kind = 'children';
  else if (nestedKeys.length > 0) kind = 'nested';
  else if (refName(raw) === 'Action' || (refName(raw) === '' && name === 'action')) kind = 'action';
  const enumValues = Array.isArray(schema.enum) && schema.enum.every((e) => typeof e === 'string') ? (schema.enum as string[]) : undefined;
  const scalarType = scalarTypeOf(raw, schema);
  return {
    name,
    kind,
    nestedKeys,
    ...(enumValues === undefined ? {} : { enumValues }),
    ...(scalarType === undefined ? {} : { scalarType }),
    options: isOptionsList(doc, schema),
  };
}

/** Positional order for a catalog without documents: declared properties first, the common ones after. */
function fallbackOrder(names: readonly string[]): string[] {
  const at = names.indexOf('component');
  return at < 0 ? [...names] : [...names.slice(at + 1), ...names.slice(0, at)];
}

function componentInfo(doc: Json, catalog: Catalog, type: string, schema: unknown, documented: boolean): ComponentInfo {
  const found = new Map<string, Json>();
  const flags = { checkable: false };
  collectProperties(doc, schema, found, flags);
  let names = [...found.keys()];
  const basic = documented ? undefined : BASIC_ORDER[catalog.id]?.[type];
  if (basic !== undefined) names = [...basic, ...names.filter((n) => !basic.includes(n))];
  else if (!documented) names = fallbackOrder(names);
  names = names.filter((n) => n !== 'id' && n !== 'component' && n !== 'checks');
  if (flags.checkable || found.has('checks')) names.push('checks');
  const props = names.map((name) => propInfo(doc, name, found.get(name) ?? {}, catalog, type));
  return { props, byName: new Map(props.map((p) => [p.name, p])) };
}

function functionInfo(doc: Json, catalog: Catalog, name: string, schema: unknown, documented: boolean): FunctionInfo {
  const found = new Map<string, Json>();
  const top = local(doc, schema);
  const args = new Map<string, Json>();
  collectProperties(doc, top, found, { checkable: false });
  collectProperties(doc, found.get('args'), args, { checkable: false });
  const names = documented ? [...args.keys()] : (BASIC_FUNCTION_ORDER[catalog.id]?.[name] ?? [...args.keys()]);
  const params = names
    .map((name): [string, Json] => [name, args.get(name) ?? {}])
    .map(([param, prop]) => {
      const resolved = local(doc, prop);
      const type = typeof resolved?.type === 'string' ? resolved.type : undefined;
      return type === undefined ? { name: param } : { name: param, type };
    });
  return { params };
}

/** The catalog as the Express compiler reads it (computed once per catalog). */
export function catalogInfo(catalog: Catalog): CatalogInfo {
  const cached = cache.get(catalog);
  if (cached !== undefined) return cached;
  const documented = catalog.documents !== undefined;
  const doc = (catalog.documents?.catalog ?? catalog.jsonSchema ?? valibotDocument(catalog)) as Json;
  const componentSchemas = isObject(doc.components) ? doc.components : {};
  const functionSchemas = isObject(doc.functions) ? doc.functions : {};
  const components = new Map<string, ComponentInfo>();
  for (const type of catalog.components.keys()) {
    components.set(type, componentInfo(doc, catalog, type, componentSchemas[type], documented));
  }
  const functions = new Map<string, FunctionInfo>();
  for (const name of catalog.functions.keys()) functions.set(name, functionInfo(doc, catalog, name, functionSchemas[name], documented));
  const defs = catalog.documents?.commonTypes.$defs;
  const binding = isObject(defs) && isObject(defs.DataBinding) ? defs.DataBinding : undefined;
  // A v1.0 catalog of the current dialect (the `dialect` field another branch adds) spells both with `@`.
  const current = catalog.version === '1.0' && (catalog as { readonly dialect?: unknown }).dialect === 'current';
  const pathKey = current || (isObject(binding?.properties) && '@path' in binding.properties) ? '@path' : 'path';
  const callKey = current || Object.values(functionSchemas).some((f) => isObject(f) && isObject(f.properties) && '@call' in f.properties) ? '@call' : 'call';
  const info: CatalogInfo = { catalog, components, functions, pathKey, callKey };
  cache.set(catalog, info);
  return info;
}
