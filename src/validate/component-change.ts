/**
 * Validation of a component that changed from a form already found valid: only the properties
 * that differ are checked, each against its own entry of the type's object schema. A component
 * streaming in changes one property per chunk, so this costs that property, not the component.
 */
import { safeParse, type GenericSchema } from 'valibot';
import type { Catalog, ComponentDef } from '../catalog/model.js';
import type { A2uiErrorDetail } from '../errors.js';
import { VERSION_SPECS } from '../protocol/versions.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { checkFunctionCalls, componentTypeOf } from './component.js';
import { hasForbiddenBinding } from './binding-paths.js';

type JsonRecord = Readonly<Record<string, unknown>>;

/** What an object schema of valibot exposes (`pipe` present: checks on the whole object). */
interface ObjectSchemaShape {
  readonly type: string;
  readonly entries?: Readonly<Record<string, GenericSchema>>;
  readonly pipe?: unknown;
}

/** Entry schemas that may be missing from their object. */
const OPTIONAL_TYPES: ReadonlySet<string> = new Set(['optional', 'exact_optional', 'nullish']);

/** Object schemas whose verdict is the sum of their entries' (plus, strict, no unknown key). */
const ENTRY_WISE_TYPES: ReadonlySet<string> = new Set(['object', 'strict_object', 'loose_object']);

/**
 * Whether `next` is valid against `catalog`, knowing that `previous`, a component of the same type
 * (usually an earlier form of the same component), is (as {@link validateComponent} says).
 * Properties the two share by identity are not looked at again. `undefined` when this cannot be
 * decided so: the type or the wrapper changed, the id is not a string, a removed property has a
 * default or fallback, the type's schema is not a plain object schema (a pipe, a union, a compiled
 * JSON Schema), or a changed property is a function call's own `call`/`args`; the caller then
 * validates `next` whole.
 */
export function validateChange(catalog: Catalog, previous: JsonRecord, next: JsonRecord): boolean | undefined {
  const nested = VERSION_SPECS[catalog.version].nestedComponents;
  if (typeof next.id !== 'string') return undefined;
  if (!nested) {
    // A flat component is its own props, its type the `component` string: no lookup per form.
    if (typeof next.component !== 'string' || next.component !== previous.component || !isObject(next) || !isObject(previous)) return undefined;
    const schema = entryWiseSchema(catalog.components.get(next.component));
    return schema === undefined ? undefined : validateChangedEntries(catalog, schema, previous, next);
  }
  if (!sameWrapper(previous, next)) return undefined;
  const type = componentTypeOf(catalog, next);
  const before = componentTypeOf(catalog, previous);
  if (type?.def === undefined || before?.name !== type.name) return undefined;
  const schema = entryWiseSchema(type.def);
  const props = type.props;
  const previousProps = before.props;
  if (schema === undefined || !isObject(props) || !isObject(previousProps)) return undefined;
  return validateChangedEntries(catalog, schema, previousProps, props);
}

/** The type's schema when it is a plain object schema (judged entry by entry), else `undefined`. */
function entryWiseSchema(def: ComponentDef | undefined): ObjectSchemaShape | undefined {
  const schema = def?.schema as ObjectSchemaShape | undefined;
  if (schema === undefined || !ENTRY_WISE_TYPES.has(schema.type) || schema.entries === undefined || schema.pipe !== undefined) return undefined;
  return schema;
}

/** v0.8: every wrapper property but `id` and `component` is the same, and `component` names one type. */
function sameWrapper(previous: JsonRecord, next: JsonRecord): boolean {
  let count = 0;
  for (const key in next) {
    if (!Object.hasOwn(next, key)) continue;
    const same = key === 'id' || key === 'component' || (Object.hasOwn(previous, key) && previous[key] === next[key]);
    if (!same) return false;
    count++;
  }
  for (const key in previous) if (Object.hasOwn(previous, key)) count--;
  const wrapped = next.component;
  return count === 0 && isObject(wrapped) && Object.keys(wrapped).length === 1;
}

function validateChangedEntries(catalog: Catalog, schema: ObjectSchemaShape, previous: JsonRecord, next: JsonRecord): boolean | undefined {
  const calls = catalog.functions.size > 0;
  const entries = schema.entries as Readonly<Record<string, GenericSchema>>;
  let shared = 0;
  // `Object.keys`, not `for…in` with `hasOwn`: fewer instructions per (freshly healed) form.
  const keys = Object.keys(next);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k] as string;
    const value = next[key];
    if (Object.hasOwn(previous, key)) {
      shared++;
      if (previous[key] === value) continue;
    }
    // A call/args pair on the properties themselves is checked as a whole.
    if (calls && (key === 'call' || key === 'args')) return undefined;
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    if (entry === undefined) {
      if (schema.type === 'strict_object') return undefined;
    } else if (!safeParse(entry, value).success) {
      return false;
    }
    if (typeof value === 'object' && value !== null && hasForbiddenBinding(value)) return false;
    if (calls && typeof value === 'object' && value !== null) {
      const problems: A2uiErrorDetail[] = [];
      checkFunctionCalls(catalog, value, key, problems, 1);
      if (problems.length > 0) return false;
    }
  }
  if (shared === Object.keys(previous).length) return true;
  // Some properties were removed: each must be one the schema lets go missing.
  for (const key in previous) {
    if (!Object.hasOwn(previous, key) || Object.hasOwn(next, key)) continue;
    const entry = Object.hasOwn(entries, key) ? entries[key] : undefined;
    const verdict = entry === undefined ? true : missingVerdict(entry);
    if (verdict !== true) return verdict;
  }
  return true;
}

/** Whether an object schema accepts its entry `entry` missing (`undefined`: it depends on a default). */
function missingVerdict(entry: GenericSchema): boolean | undefined {
  const shape = entry as GenericSchema & { readonly default?: unknown; readonly fallback?: unknown };
  if (OPTIONAL_TYPES.has(shape.type)) return shape.default === undefined ? true : undefined;
  return shape.fallback === undefined ? false : undefined;
}
