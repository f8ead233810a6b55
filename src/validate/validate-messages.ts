/**
 * `validateMessages`: a payload of A2UI messages against one or more catalogs, in the order
 * limits → envelope and components → integrity → topology.
 */
import { safeParse } from 'valibot';
import { A2uiCatalogError, A2uiValidationError, type A2uiErrorDetail } from '../errors.js';
import { resolveCatalogs, type ResolvedCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { checkComposition } from './composition.js';
import { catalogFor, catalogProblem, resolveCatalog, type CatalogScope } from './current-dialect.js';
import { v10EnvelopeProblems } from './envelope-v10.js';
import { VERSION_SPECS, type VersionSpec } from '../protocol/versions.js';
import { validateComponent } from './component.js';
import { detailsFromIssues, joinPath } from './details.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { checkEnvelope, messageKeyOf, type CatalogChecks } from './envelope.js';
import { checkIntegrity, checkSelfReference, checkTopology, componentsById, type WireComponent } from './graph.js';
import { checkMessageLimits } from './limits.js';
import { checkOrphans } from './orphans.js';
import { MAX_MESSAGE_LINES, messageLines, reportedDetails } from './report.js';

/** Options of {@link validateMessages}. */
export interface ValidateOptions {
  /** Accept components that are not reachable from their surface's root. Default `false`. */
  allowOrphans?: boolean;
  /** Accept references to components that the payload does not define. Default `false`. */
  allowDangling?: boolean;
  /**
   * Accept a surface whose components lack the root. Default `false`; always `true` for a surface
   * whose start message (`createSurface` / `beginRendering`) is not in the payload, since such a
   * payload is an incremental update.
   */
  allowMissingRoot?: boolean;
  /**
   * Components for which this returns `true` skip the check against their catalog type (their
   * message's envelope, limits and graph are still checked): for callers that validated those very
   * objects already, as the streaming parser does while components arrive. Default: none skipped.
   */
  skipComponent?: (component: unknown) => boolean;
  /**
   * Components for which this returns `true` skip the nesting and binding-path limits (the rest
   * of their message is still walked): for callers that checked those very objects with
   * {@link validateLoneComponent}, as the streaming parser does as each component closes.
   * Default: none skipped.
   */
  limitsChecked?: (component: unknown) => boolean;
  /**
   * Index of the first message in the list it belongs to (a block's messages validated one at a
   * time): details name `messages.<firstIndex + i>`. Default 0.
   */
  firstIndex?: number;
}

/**
 * What the payload's start message says about a surface. `catalog` is its default catalog;
 * `null` in the current v1.0 dialect when the start names none (`missing`: or names one that is
 * not configured).
 */
interface SurfaceStart {
  readonly catalog: Catalog | null;
  readonly missing?: string;
  readonly root: string | undefined;
}

type Body = Readonly<Record<string, unknown>>;

/**
 * Validates A2UI messages (a list, or one message) against the catalogs, and returns when they
 * are valid. A surface uses the catalog its start message names by `catalogId`, else the first.
 *
 * Checks: the envelope of each message (exactly one message key, the `version` field, field
 * types), each component against its catalog type (unknown types rejected) and each function call
 * against the catalog's functions; JSON nesting up to 50 and function-call nesting up to 5; JSON
 * Pointer syntax of every binding `path`; per surface, duplicate ids (within one message), the
 * root (only when the payload holds the surface's start message), dangling references,
 * self-references, cycles, reference depth up to 50, and orphans. The graph checks apply to the
 * surface's components after all its messages (a later message replaces components of the same
 * id); a component is an orphan when it is never reachable from the root from the message that
 * last wrote it on. Orphans are checked only when the root is required.
 *
 * @param messages A list of messages, or one message (addressed as `messages.0` in details).
 * @param catalogs One catalog or a non-empty list sharing one protocol version.
 * @throws A2uiValidationError `Validation failed: <path>: <problem>` with the problems in
 *   `details` (`missing_field`, `extra_field`, `type_mismatch`, `invalid_value`, `unknown_value`,
 *   `invalid_pointer`); a problem inside a component names its surface, id, type and property.
 *   At most 100 details (then one, `details_omitted`, counting the rest), texts of 300
 *   characters, and a message listing the first 20.
 * @throws A2uiIntegrityError duplicate ids, missing root, dangling references, orphans.
 * @throws A2uiRecursionError self-references, cycles, nesting beyond the limits.
 * @throws A2uiCatalogError when the catalog list is invalid.
 */
export function validateMessages(messages: unknown, catalogs: Catalog | readonly Catalog[], options: ValidateOptions = {}): void {
  checkMessages(messages, catalogs, options, checkOrphans);
}

/**
 * {@link validateMessages}, its orphan check given (`undefined`: orphans allowed, whatever
 * `options` say). The streaming parser, which allows orphans, calls this: the check stays out of
 * its bundle.
 */
export function checkMessages(messages: unknown, catalogs: Catalog | readonly Catalog[], options: ValidateOptions, orphans?: typeof checkOrphans): void {
  const resolved = resolveCatalogs(catalogs);
  const spec = VERSION_SPECS[resolved.version];
  const current = resolved.version === '1.0' && resolved.dialect === 'current';
  const list: readonly unknown[] = Array.isArray(messages) ? messages : [messages];
  const starts = findStarts(list, spec, resolved, current);
  const scopeOf = (surfaceId: unknown): CatalogScope => {
    const start = typeof surfaceId === 'string' ? starts.get(surfaceId) : undefined;
    // A surface started before this payload: its default is the first catalog, as ever.
    if (start === undefined) return { byId: resolved.byId, surfaceDefault: resolved.default };
    return { byId: resolved.byId, surfaceDefault: start.catalog, ...(start.missing === undefined ? {} : { missing: start.missing }) };
  };

  const details: A2uiErrorDetail[] = [];
  const firstIndex = options.firstIndex ?? 0;
  list.forEach((message, index) => {
    const path = joinPath('messages', firstIndex + index);
    details.push(...checkMessageLimits(message, path, 1, options.limitsChecked));
    const key = messageKeyOf(message, spec.version);
    const body = key === undefined ? undefined : (message as Body)[key];
    const scope = scopeOf(isObject(body) ? body.surfaceId : undefined);
    const checks = current
      ? currentCatalogChecks(scope, options.skipComponent)
      : catalogChecks(scope.surfaceDefault ?? resolved.default, options.skipComponent);
    const surfaceId = isObject(body) && typeof body.surfaceId === 'string' ? body.surfaceId : undefined;
    details.push(...checkEnvelope(message, path, spec.version, checks).map((item) => inSurface(item, surfaceId)));
    if (spec.version === '1.0') details.push(...v10EnvelopeProblems(message, path, current));
  });
  const wrongCatalog = catalogProblem(details);
  if (wrongCatalog !== undefined) throw new A2uiCatalogError(wrongCatalog.message, { details: [wrongCatalog] });
  if (details.length > 0) throw validationError(details);

  for (const [surfaceId, updates] of collectSurfaces(list, spec)) {
    const start = starts.get(surfaceId);
    const scope = scopeOf(surfaceId);
    const catalog = current ? componentCatalogs(scope) : (start?.catalog ?? resolved.default);
    const allowMissingRoot = options.allowMissingRoot === true || start === undefined;
    const root = start?.root ?? spec.defaultRoot;
    const components = new Map<string, WireComponent>();
    for (const update of updates) for (const [id, component] of update) components.set(id, component);
    checkIntegrity(components, root, catalog, {
      allowDangling: options.allowDangling === true,
      allowMissingRoot,
    });
    const topologyRoot = allowMissingRoot ? undefined : root;
    checkTopology(components, topologyRoot, catalog, { allowOrphans: true });
    if (topologyRoot !== undefined && options.allowOrphans !== true) orphans?.(updates, topologyRoot, catalog);
    checkComposition(components, root, catalog, surfaceId);
  }
}

/** The catalog of each component of a current-dialect surface (`undefined`: it resolves to none). */
function componentCatalogs(scope: CatalogScope): (component: unknown) => Catalog | undefined {
  return (component) => (isObject(component) ? resolveCatalog(component, scope, '', 'component', []) : undefined);
}

/** Where a component stands: `messages.<message>.<key>.components.<index>`. */
export interface ComponentPlace {
  /** Index of its message. */
  readonly message: number;
  /** Its message's key, e.g. `updateComponents`. */
  readonly key: string;
  /** Index in the message's components. */
  readonly index: number;
  /** Its surface, named in details (`surfaceId`) and messages. Default: unknown, not named. */
  readonly surfaceId?: string;
}

/** The detail, naming `surfaceId` when it is about a component. */
function inSurface(item: A2uiErrorDetail, surfaceId: string | undefined): A2uiErrorDetail {
  return surfaceId === undefined || item.componentType === undefined ? item : { ...item, surfaceId };
}

/**
 * Checks one component exactly as {@link validateMessages} checks it inside a components message
 * of `spec` with dangling references, orphans and a missing root allowed (limits at the depth it
 * has there, its catalog type, self-references), without building that message around it: the
 * streaming parser checks each closed component once this way.
 * @param catalog Its catalog; `undefined` (current v1.0 dialect): the one it resolves to in `scope`.
 * @param typeChecked The caller knows the catalog type accepts the component: only limits and
 *   self-references are checked. Default `false`.
 * @param place Where the component stands, for the details' paths. Default: the first component
 *   of a components message that is the first message.
 * @param scope Current v1.0 dialect: the catalogs its calls may name and the surface's default
 *   (`catalog`, when given, must then be the one the component resolves to). Default: `catalog` alone.
 * @throws what `validateMessages` throws for that message (a component or call resolving to no
 *   catalog: `A2uiCatalogError`, as there).
 */
export function validateLoneComponent(
  component: WireComponent,
  catalog: Catalog | undefined,
  spec: VersionSpec,
  typeChecked = false,
  place: ComponentPlace = { message: 0, key: spec.components, index: 0 },
  scope?: CatalogScope,
): void {
  const at = () => joinPath(joinPath(joinPath(joinPath('messages', place.message), place.key), 'components'), place.index);
  // Depth 4: message, body, components list, component.
  const details = checkMessageLimits(component, at, 4);
  let own = catalog;
  // Current dialect: the catalog the component resolves to (the path joined only for a problem).
  if (own === undefined && scope !== undefined) own = catalogFor(component, scope) ?? resolveCatalog(component, scope, at(), componentName(component), details);
  if (!typeChecked && own !== undefined) {
    details.push(...validateComponent(own, component, at(), scope).map((item) => inSurface(item, place.surfaceId)));
  }
  if (details.length > 0) {
    const wrongCatalog = catalogProblem(details);
    if (wrongCatalog !== undefined) throw new A2uiCatalogError(wrongCatalog.message, { details: [wrongCatalog] });
    throw validationError(details);
  }
  // Alone, the only cycle a component can make is naming itself.
  if (typeof component.id === 'string' && own !== undefined) checkSelfReference(own, component.id, component);
}

/** How resolution problems name a component. */
function componentName(component: Readonly<Record<string, unknown>>): string {
  return typeof component.id === 'string' ? `component '${component.id}'` : 'component';
}

function catalogChecks(catalog: Catalog, skip: ((component: unknown) => boolean) | undefined): CatalogChecks {
  return {
    components: (components, path) => {
      // A loop, not flatMap: a components message of n known-valid components costs no n empty arrays.
      const out: A2uiErrorDetail[] = [];
      for (let i = 0; i < components.length; i++) {
        const component = components[i];
        if (skip?.(component) !== true) out.push(...validateComponent(catalog, component, joinPath(path, i)));
      }
      return out;
    },
    theme: (value, path) => {
      if (catalog.theme === undefined) return [];
      const result = safeParse(catalog.theme, value);
      return result.success ? [] : detailsFromIssues(result.issues, path);
    },
  };
}

/**
 * Checks a current-dialect components list: each component against the catalog it resolves to
 * (its `catalogId`, else the surface's default), its calls resolved in `scope`.
 */
function currentCatalogChecks(scope: CatalogScope, skip: ((component: unknown) => boolean) | undefined): CatalogChecks {
  return {
    components: (components, path) =>
      components.flatMap((component, i) => {
        if (skip?.(component) === true || !isObject(component)) return [];
        const at = joinPath(path, i);
        const out: A2uiErrorDetail[] = [];
        const catalog = resolveCatalog(component, scope, at, componentName(component), out);
        return catalog === undefined ? out : validateComponent(catalog, component, at, scope);
      }),
    theme: (value, path) => (scope.surfaceDefault === null ? [] : catalogChecks(scope.surfaceDefault, undefined).theme(value, path)),
  };
}

/**
 * The start message of each surface in the payload (the first one, if repeated). A start naming
 * no known catalog falls back to the first catalog, except in the current v1.0 dialect, where
 * the surface then has no default catalog.
 */
function findStarts(list: readonly unknown[], spec: VersionSpec, catalogs: ResolvedCatalogs, current: boolean): Map<string, SurfaceStart> {
  const starts = new Map<string, SurfaceStart>();
  for (const message of list) {
    if (messageKeyOf(message, spec.version) !== spec.start) continue;
    const body = (message as Body)[spec.start];
    if (!isObject(body) || typeof body.surfaceId !== 'string' || starts.has(body.surfaceId)) continue;
    const root = spec.defaultRoot ?? (typeof body.root === 'string' ? body.root : undefined);
    const named = typeof body.catalogId === 'string' ? catalogs.byId(body.catalogId) : undefined;
    if (!current) starts.set(body.surfaceId, { catalog: named ?? catalogs.default, root });
    else if (named !== undefined || typeof body.catalogId !== 'string') starts.set(body.surfaceId, { catalog: named ?? null, root });
    else starts.set(body.surfaceId, { catalog: null, missing: body.catalogId, root });
  }
  return starts;
}

/**
 * The component updates of each surface, one map per message that carries components (v1.0
 * `createSurface` may too), in payload order. Within a message ids must be unique; a later
 * message replaces earlier components of the same id, as a renderer would.
 */
function collectSurfaces(list: readonly unknown[], spec: VersionSpec): Map<string, Map<string, WireComponent>[]> {
  const surfaces = new Map<string, Map<string, WireComponent>[]>();
  for (const message of list) {
    const key = messageKeyOf(message, spec.version);
    if (key !== spec.components && key !== spec.start) continue;
    const body = (message as Body)[key];
    if (!isObject(body) || typeof body.surfaceId !== 'string') continue;
    if (!Array.isArray(body.components)) continue;
    const byId = componentsById(body.components);
    const surface = surfaces.get(body.surfaceId);
    if (surface === undefined) surfaces.set(body.surfaceId, [byId]);
    else surface.push(byId);
  }
  return surfaces;
}

/** The error for `details`: at most so many of them, and a message listing the first (`report.ts`). */
function validationError(details: readonly A2uiErrorDetail[]): A2uiValidationError {
  const lines = messageLines(details.slice(0, MAX_MESSAGE_LINES).map(describeDetail), details.length);
  const [first, ...rest] = lines;
  const message = [`Validation failed: ${first}`, ...rest.map((line) => `  - ${line}`)].join('\n');
  return new A2uiValidationError(message, { details: reportedDetails(details) });
}

/**
 * One line of a validation message. A problem inside a component names the component first
 * (`Icon 'pin' (surface 'booking'), property 'name': 'x' is not one of … (at <path>)`); any other
 * reads `<path>: <problem>`. What was expected closes the line when the problem does not say it.
 */
function describeDetail(item: A2uiErrorDetail): string {
  const expected = item.expected === undefined || item.code === 'unknown_value' ? '' : ` (expected ${item.expected})`;
  if (item.componentType === undefined) return `${item.path}: ${item.message}${expected}`;
  const id = item.componentId === undefined ? '' : ` '${item.componentId}'`;
  const surface = item.surfaceId === undefined ? '' : ` (surface '${item.surfaceId}')`;
  const property = item.property === undefined ? '' : `, property '${item.property}'`;
  return `${item.componentType}${id}${surface}${property}: ${item.message}${expected} (at ${item.path})`;
}
