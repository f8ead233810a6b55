/**
 * The rules of upstream's current v1.0 dialect inside a component: reserved `@` keys, calls
 * `{"@call", args, catalogId}` resolved strictly against the catalog they name or the surface's
 * default, the `@index` system function, and identifier component ids.
 */
import { safeParse } from 'valibot';
import type { A2uiErrorDetail } from '../errors.js';
import { RESERVED_KEY, type Catalog } from '../catalog/model.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { detail, detailsFromIssues, joinPath, typeMismatch } from './details.js';

/** Detail code: a component or call names a catalog that is not configured. */
export const CATALOG_NOT_FOUND = 'catalog_not_found';
/** Detail code: a component or call names no catalog on a surface without a default one. */
export const NO_DEFAULT_CATALOG = 'no_default_catalog';

/** Deeper than this, calls are not searched (the message depth limit is 50). */
const MAX_SEARCH_DEPTH = 64;

/** A UAX #31 identifier (default syntax, `_` allowed first), as current v1.0 requires of ids. */
const IDENTIFIER = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** Whether `value` is a UAX #31 identifier. */
export function isIdentifier(value: string): boolean {
  return IDENTIFIER.test(value);
}

/** The catalogs a component's calls may resolve to. */
export interface CatalogScope {
  /** The configured catalog with this id, if any. */
  byId(id: string): Catalog | undefined;
  /** The surface's default catalog (`createSurface.catalogId`); `null` when it names none or `missing`. */
  readonly surfaceDefault: Catalog | null;
  /** The id the surface names as its default when no configured catalog has it. */
  readonly missing?: string;
}

/** The scope of a component checked alone: its own catalog is the only one, and the default. */
export function singleCatalogScope(catalog: Catalog): CatalogScope {
  return { byId: (id) => (id === catalog.id ? catalog : undefined), surfaceDefault: catalog };
}

/**
 * The catalog a component or call resolves to, as {@link resolveCatalog} says, without the
 * problems: `undefined` when it resolves to none. Cheap enough to call per component read.
 */
export function catalogFor(owner: unknown, scope: CatalogScope): Catalog | undefined {
  if (isObject(owner) && Object.hasOwn(owner, 'catalogId')) {
    const id = owner.catalogId;
    return typeof id === 'string' ? scope.byId(id) : undefined;
  }
  return scope.surfaceDefault ?? undefined;
}

/**
 * The catalog a component or call resolves to: the one its `catalogId` names, else the surface's
 * default. Problems (a non-string id, an unknown catalog, no default) go to `out`.
 */
export function resolveCatalog(
  owner: Readonly<Record<string, unknown>>,
  scope: CatalogScope,
  path: string,
  what: string,
  out: A2uiErrorDetail[],
): Catalog | undefined {
  if (Object.hasOwn(owner, 'catalogId')) {
    const id = owner.catalogId;
    if (typeof id !== 'string') {
      out.push({ ...typeMismatch(joinPath(path, 'catalogId'), id, 'string'), message: `catalogId must be a string, got ${JSON.stringify(id)}` });
      return undefined;
    }
    const named = scope.byId(id);
    if (named === undefined) out.push(detail(joinPath(path, 'catalogId'), CATALOG_NOT_FOUND, `Catalog not found: ${id} (${what})`));
    return named;
  }
  if (scope.surfaceDefault === null && scope.missing !== undefined) {
    out.push(detail(path, CATALOG_NOT_FOUND, `Catalog not found: ${scope.missing} (the surface's catalogId, for ${what})`));
    return undefined;
  }
  if (scope.surfaceDefault === null) {
    out.push(detail(path, NO_DEFAULT_CATALOG, `${what} names no catalogId and the surface has no default catalogId`));
    return undefined;
  }
  return scope.surfaceDefault;
}

/**
 * Checks the values inside a current-dialect component (its properties, `props`, at `path`):
 * reserved keys, and every call against the catalog it resolves to (nested calls resolve their
 * own). Adds problems to `out`.
 */
export function checkCurrentValues(value: unknown, path: string, scope: CatalogScope, out: A2uiErrorDetail[], depth = 0): void {
  if (depth > MAX_SEARCH_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) checkCurrentValues(item, joinPath(path, i), scope, out, depth + 1);
    }
    return;
  }
  const record = value as Readonly<Record<string, unknown>>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key !== '@path' && key !== '@call' && RESERVED_KEY.test(key)) {
      const text = `'${key}' is a reserved key: only @path and @call start with one @ (write '@${key}' for a literal key)`;
      out.push(detail(joinPath(path, key), 'invalid_value', text));
    }
    const item = record[key];
    if (typeof item === 'object' && item !== null) checkCurrentValues(item, joinPath(path, key), scope, out, depth + 1);
  }
  if (typeof record['@call'] === 'string') checkCall(record, record['@call'], path, scope, out);
}

function checkCall(call: Readonly<Record<string, unknown>>, name: string, path: string, scope: CatalogScope, out: A2uiErrorDetail[]): void {
  const namePath = joinPath(path, '@call');
  if (name.startsWith('@')) {
    // `@index` belongs to no catalog; its args are checked by the schema of the place it is in.
    if (name !== '@index') {
      out.push(detail(namePath, 'invalid_value', `Unrecognized function '${name}': the only system function is @index`));
    }
    return;
  }
  const catalog = resolveCatalog(call, scope, path, `call '${name}'`, out);
  if (catalog === undefined) return;
  const def = catalog.functions.get(name);
  if (def === undefined) {
    out.push(detail(namePath, 'invalid_value', `Unrecognized function '${name}' in catalog '${catalog.id}'`));
    return;
  }
  const result = safeParse(def.args, call.args ?? {});
  if (result.success) return;
  for (const item of detailsFromIssues(result.issues, joinPath(path, 'args'))) {
    out.push({ ...item, message: `Invalid function call '${name}': ${item.message}` });
  }
}

/** Whether `details` hold a catalog-resolution problem (reported as a `CatalogError`). */
export function catalogProblem(details: readonly A2uiErrorDetail[]): A2uiErrorDetail | undefined {
  return details.find((item) => item.code === CATALOG_NOT_FOUND || item.code === NO_DEFAULT_CATALOG);
}

/** The identifier problem of a current-dialect component id at `path`, if any. */
export function idProblem(component: unknown, path: string): A2uiErrorDetail | undefined {
  if (!isObject(component) || typeof component.id !== 'string' || isIdentifier(component.id)) return undefined;
  const text = `Component id '${component.id}' must be a valid identifier (UAX #31: a letter or _ first, then letters, digits, _)`;
  return detail(joinPath(path, 'id'), 'invalid_value', text);
}
