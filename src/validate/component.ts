/**
 * Validation of one component as it travels on the wire, against its catalog: the component
 * wrapper (`id`, type), the type's schema, and the function calls inside it.
 */
import { safeParse } from 'valibot';
import type { A2uiErrorDetail } from '../errors.js';
import { isCurrentDialect, type Catalog, type ComponentDef } from '../catalog/model.js';
import { checkCurrentValues, idProblem, singleCatalogScope, type CatalogScope } from './current-dialect.js';
import { VERSION_SPECS } from '../protocol/versions.js';
import { detail, detailsFromIssues, extraField, joinPath, missingField, typeMismatch } from './details.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { checkBindingPaths } from './binding-paths.js';

/** Deeper than this, function calls are not searched (the message depth limit is 50). */
const MAX_SEARCH_DEPTH = 64;

/** Properties a v0.8 component wrapper may have besides `component`. */
const V08_WRAPPER_FIELDS: Readonly<Record<string, 'string' | 'number'>> = {
  id: 'string',
  weight: 'number',
};

/** The located type of a wire component. */
export interface ComponentType {
  /** Type name, e.g. `Text`. */
  readonly name: string;
  /** The catalog's definition, `undefined` when the catalog has no such type. */
  readonly def: ComponentDef | undefined;
  /** What the definition's schema validates: v0.8 `component.<Type>`, v0.9+ the component. */
  readonly props: unknown;
}

/**
 * Finds the type of a wire component (v0.8 `{id, component: {Type: props}}`, v0.9+
 * `{id, component: 'Type', ...props}`) in `catalog`; `undefined` when the component names no
 * single type.
 */
export function componentTypeOf(catalog: Catalog, component: unknown): ComponentType | undefined {
  if (!isObject(component)) return undefined;
  const wrapped = component.component;
  if (VERSION_SPECS[catalog.version].nestedComponents) {
    if (!isObject(wrapped)) return undefined;
    const keys = Object.keys(wrapped);
    if (keys.length !== 1) return undefined;
    const name = keys[0] as string;
    return { name, def: catalog.components.get(name), props: wrapped[name] };
  }
  if (typeof wrapped !== 'string') return undefined;
  return { name: wrapped, def: catalog.components.get(wrapped), props: component };
}

/**
 * Validates one wire component against `catalog` and returns its problems (empty: valid).
 * Detail paths start at `path` (default `''`, the component itself), e.g. `text` or, with
 * `path = 'messages.1.updateComponents.components.0'`, `messages.1.updateComponents.components.0.text`.
 * Pure and uncached: the streaming core calls it per (partial) component.
 *
 * In the current v1.0 dialect, `catalog` is the one the component resolves to (its own
 * `catalogId`, else the surface's default), the id must be an identifier, keys starting with one
 * `@` other than `@path`/`@call` are rejected, and each call resolves its catalog in `scope`.
 * In every version, a binding whose data path has a segment the renderers' data model refuses
 * (`__proto__`, `constructor`, `prototype`) is a problem: such a component would throw as it renders.
 * @param scope Current v1.0 dialect: the catalogs calls may name and the surface's default.
 *   Default: `catalog` alone, as both.
 */
export function validateComponent(catalog: Catalog, component: unknown, path = '', scope?: CatalogScope): A2uiErrorDetail[] {
  if (!isObject(component)) return [typeMismatch(path, component, 'object')];
  const nested = VERSION_SPECS[catalog.version].nestedComponents;
  const out: A2uiErrorDetail[] = nested ? checkV08Wrapper(component, path) : checkFlatWrapper(component, path);
  const current = isCurrentDialect(catalog);
  const badId = current ? idProblem(component, path) : undefined;
  if (badId !== undefined) out.push(badId);
  if (out.length > 0) return out;
  const type = componentTypeOf(catalog, component) as ComponentType;
  const typePath = joinPath(path, 'component');
  if (type.def === undefined) {
    // v0.8 validators report this as JSON Schema does for the `component` wrapper object.
    const wording = nested ? `; Additional properties are not allowed ('${type.name}' was unexpected)` : '';
    return [detail(typePath, 'invalid_value', `Unknown component type: ${type.name}${wording}`)];
  }
  const propsPath = nested ? joinPath(typePath, type.name) : path;
  if (nested && !isObject(type.props)) return [typeMismatch(propsPath, type.props, 'object')];
  // Function calls first: an unknown function is the cause of the schema problem at its place.
  if (current) checkCurrentValues(type.props, propsPath, scope ?? singleCatalogScope(catalog), out);
  else if (catalog.functions.size > 0) checkFunctionCalls(catalog, type.props, propsPath, out, 0);
  out.push(...schemaDetails(type.def, type.props, propsPath, nested ? [] : ['id', 'component']));
  if (isObject(type.props)) for (const key in type.props) if (Object.hasOwn(type.props, key)) checkBindingPaths(type.props[key], joinPath(propsPath, key), out);
  return dedupe(out).map((item) => withComponent(item, component, type.name, propsPath));
}

/** Adds to a detail the component it is about, and the top-level property under `propsPath`. */
function withComponent(item: A2uiErrorDetail, component: Readonly<Record<string, unknown>>, typeName: string, propsPath: string): A2uiErrorDetail {
  const rest = propsPath === '' ? item.path : item.path.startsWith(`${propsPath}.`) ? item.path.slice(propsPath.length + 1) : undefined;
  const property = rest === undefined || rest === '' ? undefined : rest.split('.')[0];
  return {
    ...item,
    ...(typeof component.id === 'string' ? { componentId: component.id } : {}),
    componentType: typeName,
    ...(property === undefined ? {} : { property }),
  };
}

/**
 * Problems of `props` against the type's schema. A flat schema that does not list `id` or
 * `component` (the wrapper check has covered both) validates the properties without them, as the
 * reference does.
 */
function schemaDetails(def: ComponentDef, props: unknown, path: string, wrapperKeys: readonly string[]): A2uiErrorDetail[] {
  let input = props;
  for (;;) {
    const result = safeParse(def.schema, input);
    if (result.success) return [];
    const details = detailsFromIssues(result.issues, path);
    const unlisted = wrapperKeys.find((key) => details.some((item) => item.code === 'extra_field' && item.path === joinPath(path, key)));
    if (unlisted === undefined) return details;
    const { [unlisted]: _removed, ...rest } = input as Readonly<Record<string, unknown>>;
    input = rest;
  }
}

function checkV08Wrapper(component: Readonly<Record<string, unknown>>, path: string) {
  const out: A2uiErrorDetail[] = [];
  for (const key of ['id', 'component']) if (!(key in component)) out.push(missingField(path, key));
  for (const [key, value] of Object.entries(component)) {
    if (key === 'component') {
      if (!isObject(value)) out.push(typeMismatch(joinPath(path, key), value, 'object'));
      else if (Object.keys(value).length !== 1) {
        const text = `Component must name exactly one type, found ${Object.keys(value).length}`;
        out.push(detail(joinPath(path, key), 'invalid_value', text));
      }
      continue;
    }
    const type = Object.hasOwn(V08_WRAPPER_FIELDS, key) ? V08_WRAPPER_FIELDS[key] : undefined;
    if (type === undefined) out.push(extraField(path, key));
    else if (typeof value !== type) out.push(typeMismatch(joinPath(path, key), value, type));
  }
  return out;
}

function checkFlatWrapper(component: Readonly<Record<string, unknown>>, path: string) {
  const out: A2uiErrorDetail[] = [];
  for (const key of ['id', 'component']) {
    if (!(key in component)) out.push(missingField(path, key));
    else if (typeof component[key] !== 'string') {
      out.push(typeMismatch(joinPath(path, key), component[key], 'string'));
    }
  }
  return out;
}

/**
 * Checks every function call (`{call, args}`) inside `value` against `catalog.functions`, adding
 * problems to `out` with paths under `path`; `depth` is how deep `value` sits in the component.
 * System functions (names starting with `@`, e.g. v1.0 `@index`) are defined by the protocol,
 * not the catalog, and are not checked here.
 */
export function checkFunctionCalls(catalog: Catalog, value: unknown, path: string, out: A2uiErrorDetail[], depth: number): void {
  if (depth > MAX_SEARCH_DEPTH || typeof value !== 'object' || value === null) return;
  // Paths are joined only on the way into objects and arrays: most values are scalars.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) checkFunctionCalls(catalog, item, joinPath(path, i), out, depth + 1);
    }
    return;
  }
  const record = value as Readonly<Record<string, unknown>>;
  if (typeof record.call === 'string' && !record.call.startsWith('@')) {
    checkCall(catalog, record.call, record.args, path, out);
  }
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && Object.hasOwn(record, key)) {
      checkFunctionCalls(catalog, item, joinPath(path, key), out, depth + 1);
    }
  }
}

function checkCall(catalog: Catalog, name: string, args: unknown, path: string, out: A2uiErrorDetail[]): void {
  const def = catalog.functions.get(name);
  if (def === undefined) {
    out.push(detail(joinPath(path, 'call'), 'invalid_value', `Unknown function: ${name}`));
    return;
  }
  const result = safeParse(def.args, args ?? {});
  if (result.success) return;
  for (const item of detailsFromIssues(result.issues, joinPath(path, 'args'))) {
    out.push({ ...item, message: `Invalid function call '${name}': ${item.message}` });
  }
}

function dedupe(details: A2uiErrorDetail[]): A2uiErrorDetail[] {
  if (details.length < 2) return details;
  const seen = new Set<string>();
  return details.filter((item) => {
    const key = `${item.path}\u0000${item.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
