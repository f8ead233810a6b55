/**
 * Reading and rewriting the component references inside one component's properties.
 *
 * A value in a reference field is read the same way everywhere: a string is one id; an array
 * holds ids (its string elements); an object with a string `componentId` (v0.9 ChildList template
 * `{componentId, path}`, v0.8 `template: {componentId, dataBinding}`) names that id; any other
 * object (v0.8 `{explicitList: [...]}`) is searched value by value.
 */
import { isJsonObject } from '../json/is-object.js';
import type { ComponentDef, ComponentRefs } from './model.js';

/** Receives each reference: the referenced id and the field it stands in (e.g. `tabs[0].child`). */
export type ReferenceVisitor = (id: string, field: string) => void;

/** Returns the id that should replace `id` in `field`; returning `id` leaves it unchanged. */
export type ReferenceReplacer = (id: string, field: string) => string;

/** v0.8 property names that hold a single component id. */
export const V08_SINGLE_REF_NAMES: readonly string[] = ['child', 'contentChild', 'entryPointChild'];

/** v0.8 property names that hold a list of ids (or an `explicitList`/`template` object). */
export const V08_LIST_REF_NAMES: readonly string[] = ['children', 'explicitList', 'template', 'tabs'];

type Props = Readonly<Record<string, unknown>>;

/** Maps the references inside one field value; returns `value` itself when nothing changed. */
function mapValue(value: unknown, field: string, replace: ReferenceReplacer): unknown {
  if (typeof value === 'string') return replace(value, field);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'string') continue;
      const next = replace(item, field);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  if (!isJsonObject(value)) return value;
  if (typeof value.componentId === 'string') {
    const next = replace(value.componentId, `${field}.componentId`);
    return next === value.componentId ? value : { ...value, componentId: next };
  }
  return mapEntries(value, field, (_key, sub, subField) => mapValue(sub, subField, replace));
}

/**
 * Applies `mapEntry` to each own entry of `object` (sub-field `<field>.<key>`); copies the object
 * only if an entry changed.
 */
function mapEntries(object: Props, field: string, mapEntry: (key: string, value: unknown, subField: string) => unknown): Props {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    const next = mapEntry(key, value, field === '' ? key : `${field}.${key}`);
    if (next !== value) {
      copy ??= { ...object };
      copy[key] = next;
    }
  }
  return copy ?? object;
}

/** Maps `item[sub]` for each listed sub-property of each object in the array `value`. */
function mapNested(value: unknown, field: string, subKeys: readonly string[], replace: ReferenceReplacer): unknown {
  if (!Array.isArray(value)) return value;
  let copy: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (!isJsonObject(item)) continue;
    let nextItem: Props = item;
    for (const sub of subKeys) {
      if (!(sub in item)) continue;
      const before = item[sub];
      const after = mapValue(before, `${field}[${i}].${sub}`, replace);
      if (after !== before) {
        if (nextItem === item) nextItem = { ...item };
        (nextItem as Record<string, unknown>)[sub] = after;
      }
    }
    if (nextItem !== item) {
      copy ??= value.slice();
      copy[i] = nextItem;
    }
  }
  return copy ?? value;
}

/**
 * Returns a copy of `props` in which every reference id has been passed through `replace`.
 * Untouched sub-objects are shared; when nothing changes, `props` itself is returned.
 *
 * @param def The component type whose {@link ComponentDef.refs} name the reference fields.
 * @param props What `def.schema` validates: v0.8 the object under `component.<Type>`, v0.9+ the
 *   flat component.
 * @param replace Called for each reference in property order; returns the id to put in its place.
 */
export function mapReferences<T extends object>(def: ComponentDef, props: T, replace: ReferenceReplacer): T {
  const { single, list, nested } = def.refs;
  return mapEntries(props as Props, '', (key, value, field) => {
    const subKeys = Object.hasOwn(nested, key) ? nested[key] : undefined;
    if (subKeys !== undefined) return mapNested(value, field, subKeys, replace);
    if (single.includes(key) || list.includes(key)) return mapValue(value, field, replace);
    return value;
  }) as T;
}

/**
 * Calls `visit` for every component reference in `props`, in property order, with the field it
 * stands in: `child`, `children` (each element of a list), `children.componentId` (a template),
 * `children.explicitList`, `children.template.componentId` (v0.8), `tabs[0].child`,
 * `tabItems[1].child`.
 *
 * @param def The component type whose {@link ComponentDef.refs} name the reference fields.
 * @param props What `def.schema` validates: v0.8 the object under `component.<Type>`, v0.9+ the
 *   flat component.
 */
export function forEachReference(def: ComponentDef, props: object, visit: ReferenceVisitor): void {
  // What mapReferences visits, read without its closures and copies: it runs per component on the hot path.
  if (!hasReferenceFields(def.refs)) return;
  const { single, list, nested } = def.refs;
  const record = props as Props;
  for (const key of Object.keys(record)) {
    const value = record[key];
    const subKeys = Object.hasOwn(nested, key) ? nested[key] : undefined;
    if (subKeys !== undefined) {
      if (Array.isArray(value)) visitNested(value, key, subKeys, visit);
    } else if (single.includes(key) || list.includes(key)) visitValue(value, key, visit);
  }
}

const referring = new WeakMap<ComponentRefs, boolean>();
const nesting = new WeakMap<ComponentRefs, boolean>();

/** Whether a type has nested reference fields (`Tabs.tabItems[].child`; most have none), cached per (immutable) refs object. */
function hasNestedFields(refs: ComponentRefs): boolean {
  let found = nesting.get(refs);
  if (found === undefined) {
    found = Object.keys(refs.nested).length > 0;
    nesting.set(refs, found);
  }
  return found;
}

/** Whether a type has any reference field (most have none: a `Text` is not searched), cached per (immutable) refs object. */
function hasReferenceFields(refs: ComponentRefs): boolean {
  let found = referring.get(refs);
  if (found === undefined) {
    found = refs.single.length > 0 || refs.list.length > 0 || Object.keys(refs.nested).length > 0;
    referring.set(refs, found);
  }
  return found;
}

/** {@link mapValue}'s reading of one field value, visiting each reference. */
function visitValue(value: unknown, field: string, visit: ReferenceVisitor): void {
  if (typeof value === 'string') visit(value, field);
  else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string') visit(item, field);
  } else if (isJsonObject(value)) {
    if (typeof value.componentId === 'string') visit(value.componentId, `${field}.componentId`);
    else for (const key of Object.keys(value)) visitValue(value[key], `${field}.${key}`, visit);
  }
}

/** {@link mapNested}'s reading: each listed sub-property of each object in `value`. */
function visitNested(value: readonly unknown[], field: string, subKeys: readonly string[], visit: ReferenceVisitor): void {
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (!isJsonObject(item)) continue;
    for (const sub of subKeys) if (sub in item) visitValue(item[sub], `${field}[${i}].${sub}`, visit);
  }
}

/**
 * Derives v0.8 {@link ComponentRefs} by property name, the way the v0.8 protocol marks references.
 * Top-level properties named `child`, `contentChild` or `entryPointChild` are single references;
 * `children`, `explicitList`, `template` and `tabs` are lists. Given a JSON Schema, a top-level
 * array property whose item objects have such properties (standard `Tabs.tabItems[].child`)
 * becomes a nested reference, which the reference parser misses.
 *
 * @param schemaOrPropertyNames The component's JSON Schema (its `properties` are read, array
 *   `items` with `properties` are looked into) or just its top-level property names.
 */
export function v08RefsFromPropertyNames(schemaOrPropertyNames: Readonly<Record<string, unknown>> | readonly string[]): ComponentRefs {
  const single: string[] = [];
  const list: string[] = [];
  const nested: Record<string, readonly string[]> = {};
  const properties = Array.isArray(schemaOrPropertyNames)
    ? Object.fromEntries(schemaOrPropertyNames.map((name: string) => [name, undefined]))
    : propertiesOf(schemaOrPropertyNames as Props);
  for (const [name, schema] of Object.entries(properties)) {
    const itemKeys = refKeysOfArrayItems(schema);
    if (itemKeys.length > 0) nested[name] = itemKeys;
    else if (V08_SINGLE_REF_NAMES.includes(name)) single.push(name);
    else if (V08_LIST_REF_NAMES.includes(name)) list.push(name);
  }
  return { single, list, nested };
}

function propertiesOf(schema: unknown): Props {
  return isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
}

/** Reference-named properties of the item objects of an array schema (none if not an array). */
function refKeysOfArrayItems(schema: unknown): string[] {
  if (!isJsonObject(schema) || !isJsonObject(schema.items)) return [];
  return Object.keys(propertiesOf(schema.items)).filter((key) => V08_SINGLE_REF_NAMES.includes(key) || V08_LIST_REF_NAMES.includes(key));
}

/**
 * Property names the streaming core treats as component references in every version, whatever
 * the catalog's schema says (as the reference parser does when it prunes children not yet seen
 * and makes placeholders), at any depth inside a component: a string is one id, a list holds ids
 * (its strings), an object is searched for these names (`{componentId, path}`, `{explicitList}`).
 */
export const CONVENTIONAL_REF_NAMES: ReadonlySet<string> = new Set(['children', 'explicitList', 'child', 'contentChild', 'entryPointChild', 'componentId']);

/** Conventional names that hold a list of children (watched while they stream, see {@link streamListFields}). */
const CONVENTIONAL_LIST_NAMES: readonly string[] = ['children'];

const NO_REFS: ComponentRefs = { single: [], list: [], nested: {} };

/** A value under a conventional name: a string is an id, a list holds ids, an object is searched. */
function mapNamedValue(value: unknown, field: string, replace: ReferenceReplacer): unknown {
  if (typeof value === 'string') return replace(value, field);
  if (!Array.isArray(value)) return mapNamedWithin(value, field, replace);
  let copy: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const next = typeof item === 'string' ? replace(item, field) : mapNamedWithin(item, `${field}[${i}]`, replace);
    if (next !== item) {
      copy ??= value.slice();
      copy[i] = next;
    }
  }
  return copy ?? value;
}

/**
 * Maps the values under conventional names anywhere inside `value`. Runs for every property of
 * every component a surface records, so scalars under other names are passed over before any
 * field name is built.
 */
function mapNamedWithin(value: unknown, field: string, replace: ReferenceReplacer): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'object' || item === null) continue;
      const next = mapNamedWithin(item, `${field}[${i}]`, replace);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  if (!isJsonObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const sub = value[key];
    const named = CONVENTIONAL_REF_NAMES.has(key);
    if (!named && (typeof sub !== 'object' || sub === null)) continue;
    const subField = field === '' ? key : `${field}.${key}`;
    const next = named ? mapNamedValue(sub, subField, replace) : mapNamedWithin(sub, subField, replace);
    if (next !== sub) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * {@link mapReferences} with the streaming core's wider rule: the type's schema-typed reference
 * fields (`def.refs`), and every property named in {@link CONVENTIONAL_REF_NAMES} anywhere else
 * in the component. This one rule decides reachability, placeholders and open child lists;
 * `validateMessages` keeps the schema's fields only (the rule the validator suite pins).
 *
 * @param def The component type, or `undefined` for a type the catalog does not have (then only
 *   the conventional names count).
 */
export function mapStreamReferences<T extends object>(def: ComponentDef | undefined, props: T, replace: ReferenceReplacer): T {
  const refs = def?.refs ?? NO_REFS;
  const { single, list, nested } = refs;
  // Most types nest no references: their keys are not looked up there (this runs per form recorded).
  const anyNested = hasNestedFields(refs);
  const source = props as Props;
  let copy: Record<string, unknown> | undefined;
  // `Object.keys`, not `for…in` with `hasOwn`: fewer instructions per (freshly built) form.
  const keys = Object.keys(source);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    const value = source[key];
    const subKeys = anyNested && Object.hasOwn(nested, key) ? nested[key] : undefined;
    let next: unknown;
    if (subKeys !== undefined) next = mapNested(value, key, subKeys, replace);
    else if (single.includes(key) || list.includes(key)) next = mapValue(value, key, replace);
    else if (CONVENTIONAL_REF_NAMES.has(key)) next = mapNamedValue(value, key, replace);
    else if (typeof value === 'object' && value !== null) next = mapNamedWithin(value, key, replace);
    else continue;
    if (next !== value) {
      copy ??= { ...source };
      copy[key] = next;
    }
  }
  return (copy ?? source) as T;
}

/** Calls `visit` for every reference {@link mapStreamReferences} would map, in property order. */
export function forEachStreamReference(def: ComponentDef | undefined, props: object, visit: ReferenceVisitor): void {
  mapStreamReferences(def, props, (id, field) => {
    visit(id, field);
    return id;
  });
}

/**
 * The top-level fields of a type that hold a list of children, for the streaming core's open
 * child lists (`loading_children_<id>`): its schema-typed list fields and `children`.
 */
export function streamListFields(def: ComponentDef | undefined): readonly string[] {
  if (def === undefined) return CONVENTIONAL_LIST_NAMES;
  let fields = listFieldsByDef.get(def);
  if (fields === undefined) {
    const list = def.refs.list;
    const extra = CONVENTIONAL_LIST_NAMES.filter((name) => !list.includes(name));
    fields = extra.length === 0 ? list : [...list, ...extra];
    listFieldsByDef.set(def, fields);
  }
  return fields;
}

const listFieldsByDef = new WeakMap<ComponentDef, readonly string[]>();
