/**
 * The component graph of a surface: references between components, integrity (duplicate ids,
 * missing root, dangling references) and topology (self-references, cycles, depth, orphans).
 * Messages are those of the reference validator, which clients match on.
 */
import { A2uiIntegrityError, A2uiRecursionError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import { forEachReference, type ReferenceVisitor } from '../catalog/refs.js';
import { componentTypeOf } from './component.js';
import { isJsonObject as isObject } from '../json/is-object.js';

/** A component as on the wire (v0.8 `{id, component: {Type: props}}`, v0.9+ flat). */
export type WireComponent = Readonly<Record<string, unknown>>;

const NO_TARGETS: readonly string[] = Object.freeze([]);

/** Longest allowed chain of references from a root (or any component when there is none). */
export const MAX_COMPONENT_DEPTH = 50;

/** Options of {@link checkIntegrity}. */
export interface IntegrityOptions {
  /** Accept references to ids that are not in the map. Default `false`. */
  allowDangling?: boolean;
  /** Accept a map without the root component. Default `false`. */
  allowMissingRoot?: boolean;
}

/** Options of {@link checkTopology}. */
export interface TopologyOptions {
  /** Accept components that are not reachable from the root. Default `false`. */
  allowOrphans?: boolean;
}

/**
 * The catalog of the components a graph check reads: one catalog, or the catalog of each
 * component (current v1.0, where a component may name its own; `undefined`: none, no references).
 */
export type CatalogSource = Catalog | ((component: unknown) => Catalog | undefined);

/**
 * Calls `visit(id, field)` for each component reference of a wire component, using the
 * reference fields of its catalog type. Components of unknown types have none.
 */
export function forEachComponentReference(catalog: CatalogSource, component: unknown, visit: ReferenceVisitor): void {
  const own = typeof catalog === 'function' ? catalog(component) : catalog;
  if (own === undefined) return;
  const type = componentTypeOf(own, component);
  if (type?.def !== undefined && isObject(type.props)) forEachReference(type.def, type.props, visit);
}

/**
 * Collects a list of wire components (one message's) into a map by id.
 * @throws A2uiIntegrityError `Duplicate component ID: <id>` when an id occurs twice.
 */
export function componentsById(components: readonly unknown[]): Map<string, WireComponent> {
  const byId = new Map<string, WireComponent>();
  for (const component of components) {
    if (!isObject(component) || typeof component.id !== 'string') continue;
    if (byId.has(component.id)) {
      throw new A2uiIntegrityError(`Duplicate component ID: ${component.id}`);
    }
    byId.set(component.id, component);
  }
  return byId;
}

/**
 * Checks that the root is present (unless allowed) and that every reference names a component
 * of the map (unless dangling references are allowed).
 * @param root Root id; `undefined` skips the root check.
 * @throws A2uiIntegrityError `Missing root component: No component has id='<root>'` or
 *   `Component '<id>' references non-existent component '<ref>' in field '<field>'`.
 */
export function checkIntegrity(
  components: ReadonlyMap<string, WireComponent>,
  root: string | undefined,
  catalog: CatalogSource,
  options: IntegrityOptions = {},
): void {
  if (root !== undefined && !options.allowMissingRoot && !components.has(root)) {
    throw new A2uiIntegrityError(`Missing root component: No component has id='${root}'`);
  }
  if (options.allowDangling) return;
  for (const [id, component] of components) {
    forEachComponentReference(catalog, component, (ref, field) => {
      if (!components.has(ref)) {
        throw new A2uiIntegrityError(`Component '${id}' references non-existent component '${ref}' in field '${field}'`);
      }
    });
  }
}

/** The error for component `id` naming itself in `field` (the reference's text). */
export function selfReferenceError(id: string, field: string): A2uiRecursionError {
  return new A2uiRecursionError(`Self-reference detected: Component '${id}' references itself in field '${field}'`);
}

/** Throws when `component` (with id `id`) refers to itself. */
export function checkSelfReference(catalog: CatalogSource, id: string, component: WireComponent): void {
  forEachComponentReference(catalog, component, (ref, field) => {
    if (ref === id) throw selfReferenceError(id, field);
  });
}

/** The ids reachable from `root` (itself included when present) over references inside the map. */
export function reachableFrom(components: ReadonlyMap<string, WireComponent>, root: string, catalog: CatalogSource): Set<string> {
  const reached = new Set<string>();
  if (!components.has(root)) return reached;
  const queue = [root];
  reached.add(root);
  for (let i = 0; i < queue.length; i++) {
    forEachComponentReference(catalog, components.get(queue[i] as string), (ref) => {
      if (!reached.has(ref) && components.has(ref)) {
        reached.add(ref);
        queue.push(ref);
      }
    });
  }
  return reached;
}

/** `Component '<id>' is not reachable from '<root>'` for the first of `orphans` in code-point order. */
export function orphanError(orphans: Iterable<string>, root: string): A2uiIntegrityError | undefined {
  let first: string | undefined;
  for (const id of orphans) if (first === undefined || id < first) first = id;
  return first === undefined ? undefined : new A2uiIntegrityError(`Component '${first}' is not reachable from '${root}'`);
}

/**
 * Checks the shape of the component graph: no component refers to itself, no cycle, no chain
 * longer than {@link MAX_COMPONENT_DEPTH}, and (with a root, unless allowed) no component
 * unreachable from the root. References to ids outside the map are ignored here.
 * @param root Root id; `undefined` (e.g. an incremental update without its surface's start)
 *   walks from every component and skips the orphan check.
 * @throws A2uiRecursionError `Self-reference detected: Component '<id>' references itself in
 *   field '<field>'`, `Circular reference detected involving component '<id>'`,
 *   `Global recursion limit exceeded: logical depth > 50`.
 * @throws A2uiIntegrityError `Component '<id>' is not reachable from '<root>'` (the first orphan
 *   in code-point order of ids).
 */
export function checkTopology(
  components: ReadonlyMap<string, WireComponent>,
  root: string | undefined,
  catalog: CatalogSource,
  options: TopologyOptions = {},
): void {
  const edges = new Map<string, readonly string[]>();
  for (const [id, component] of components) {
    // Most components refer to nothing: they share one empty list.
    let targets: string[] | undefined;
    forEachComponentReference(catalog, component, (ref, field) => {
      if (ref === id) throw selfReferenceError(id, field);
      if (components.has(ref)) (targets ??= []).push(ref);
    });
    edges.set(id, targets ?? NO_TARGETS);
  }
  const walk = new DepthFirstWalk(edges);
  if (root === undefined) {
    for (const id of components.keys()) walk.visit(id, 0);
    return;
  }
  if (components.has(root)) walk.visit(root, 0);
  if (options.allowOrphans) return;
  const error = orphanError(
    [...components.keys()].filter((id) => !walk.reached(id)),
    root,
  );
  if (error !== undefined) throw error;
}

/**
 * Depth-first walk that detects cycles and measures the longest chain below each component once
 * (linear in the graph size, also for shared sub-trees).
 */
class DepthFirstWalk {
  readonly #height = new Map<string, number>();
  readonly #onPath = new Set<string>();
  readonly #edges: ReadonlyMap<string, readonly string[]>;

  constructor(edges: ReadonlyMap<string, readonly string[]>) {
    this.#edges = edges;
  }

  reached(id: string): boolean {
    return this.#height.has(id);
  }

  /** Visits `id` found at `depth`; returns the longest chain of references below it. */
  visit(id: string, depth: number): number {
    if (depth > MAX_COMPONENT_DEPTH) throw depthError();
    if (this.#onPath.has(id)) {
      throw cycleError(id);
    }
    const known = this.#height.get(id);
    if (known !== undefined) {
      if (depth + known > MAX_COMPONENT_DEPTH) throw depthError();
      return known;
    }
    this.#onPath.add(id);
    let below = 0;
    for (const target of this.#edges.get(id) ?? NO_TARGETS) {
      below = Math.max(below, 1 + this.visit(target, depth + 1));
    }
    this.#onPath.delete(id);
    this.#height.set(id, below);
    return below;
  }
}

/** `Global recursion limit exceeded: logical depth > 50`, for a chain longer than {@link MAX_COMPONENT_DEPTH}. */
export function depthError(): A2uiRecursionError {
  return new A2uiRecursionError(`Global recursion limit exceeded: logical depth > ${MAX_COMPONENT_DEPTH}`);
}

/** `Circular reference detected involving component '<id>'`, for a cycle met at component `id`. */
export function cycleError(id: string): A2uiRecursionError {
  return new A2uiRecursionError(`Circular reference detected involving component '${id}'`);
}
