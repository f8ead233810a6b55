/**
 * Which components of a surface are reachable from its root, kept up to date incrementally: a
 * new child or a newly arrived component extends the reachable set by a walk over the new part
 * only; anything else (a reference removed, an edge into the part already reached, which may close
 * a cycle) falls back to one full walk. So a response streamed in many small chunks costs work in
 * proportion to what changes, not to the size of the surface per chunk. What a reference is, is
 * {@link forEachReference}'s rule.
 */
import type { Catalog } from '../catalog/model.js';
import { forEachStreamReference, type ReferenceVisitor } from '../catalog/refs.js';
import { A2uiRecursionError } from '../errors.js';
import { isJsonObject } from '../json/is-object.js';
import { componentTypeOf } from '../validate/component.js';
import { MAX_COMPONENT_DEPTH } from '../validate/graph.js';
import type { ChildRefs } from './expansion.js';
import { sameList } from './json-values.js';
import type { Binding } from './template-bindings.js';

/** Reference edges of the surface's components; the caller reports every change. */
export class Reachability {
  /**
   * References of each present component, in order (ids that may not exist yet); after
   * {@link pack}, packed into one string until next read.
   */
  readonly #edges = new Map<string, readonly string[] | string>();
  /** Components referencing each id (`undefined` after {@link pack} until needed). */
  #parents: Map<string, Set<string>> | undefined = new Map();
  #reachable = new Set<string>();
  #depth = new Map<string, number>();
  #stale = true;
  /** Changes whenever the reachable set does. */
  version = 0;
  /** Ids (with their depth) that may have become reachable since the last refresh. */
  readonly #walks: [string, number][] = [];

  /** The references of component `id`, as last updated (empty when none or unknown). */
  refsOf(id: string): readonly string[] {
    const refs = this.#edges.get(id);
    if (typeof refs !== 'string') return refs ?? NONE;
    const unpacked = refs.split(SEPARATOR);
    this.#edges.set(id, unpacked);
    return unpacked;
  }

  /** Ids of the components that refer to `id`. */
  parentsOf(id: string): ReadonlySet<string> {
    return this.#parentMap().get(id) ?? EMPTY;
  }

  /**
   * Keeps only the edges, each list packed into one string: the parents index, the reachable set
   * and depths are rebuilt (one walk) when next needed. For surfaces that may not change again.
   */
  pack(): void {
    // One string holds a list in about a third of the memory of an array of strings (the array,
    // its backing store and a header per string).
    for (const [id, refs] of this.#edges) {
      if (typeof refs !== 'string' && refs.length > 0 && !refs.some((ref) => ref.includes(SEPARATOR))) {
        this.#edges.set(id, refs.join(SEPARATOR));
      }
    }
    this.#parents = undefined;
    this.#reachable = new Set();
    this.#depth = new Map();
    this.#walks.length = 0;
    this.#stale = true;
  }

  /** The parents index, rebuilt from the edges after {@link pack}. */
  #parentMap(): Map<string, Set<string>> {
    if (this.#parents === undefined) {
      this.#parents = new Map();
      for (const id of this.#edges.keys()) for (const target of this.refsOf(id)) this.#addParent(target, id);
    }
    return this.#parents;
  }

  #addParent(target: string, id: string): void {
    const parents = this.#parentMap();
    let set = parents.get(target);
    if (!set) parents.set(target, (set = new Set()));
    set.add(id);
  }

  /** Whether `id` was reachable at the last refresh. */
  has(id: string): boolean {
    return this.#reachable.has(id);
  }

  /** Every reachable id as of the last refresh. */
  get ids(): ReadonlySet<string> {
    return this.#reachable;
  }

  /** Records that component `id` exists with references `refs` (`isNew`: it did not exist before). */
  update(id: string, refs: readonly string[], isNew: boolean): void {
    const old = this.refsOf(id);
    if (!sameList(old, refs)) {
      const now = new Set(refs);
      const before = new Set(old);
      for (const target of before) if (!now.has(target)) this.#parentMap().get(target)?.delete(id);
      for (const target of now) this.#addParent(target, id);
      if (old.some((target) => !now.has(target))) this.#stale = true;
      else if (this.#reachable.has(id)) {
        const depth = (this.#depth.get(id) ?? 0) + 1;
        for (const target of now) if (!before.has(target)) this.#walks.push([target, depth]);
      }
      this.#edges.set(id, refs);
    }
    if (isNew) {
      let depth: number | undefined;
      for (const parent of this.parentsOf(id)) {
        const parentDepth = this.#depth.get(parent);
        if (this.#reachable.has(parent) && parentDepth !== undefined && (depth === undefined || parentDepth + 1 < depth)) {
          depth = parentDepth + 1;
        }
      }
      if (depth !== undefined) this.#walks.push([id, depth]);
    }
  }

  /** The root changed: the next refresh walks everything. */
  invalidate(): void {
    this.#stale = true;
  }

  /** Forgets every edge (after a roll-back the caller re-adds what is left). */
  clear(): void {
    this.#edges.clear();
    this.#parents = new Map();
    this.#reachable = new Set();
    this.#depth = new Map();
    this.#walks.length = 0;
    this.#stale = true;
  }

  /**
   * Brings the reachable set up to date and returns the ids that became reachable.
   * @throws A2uiRecursionError on a cycle reachable from the root, or a chain deeper than 50.
   */
  refresh(root: string, exists: (id: string) => boolean): string[] {
    if (!this.#stale) {
      const added: string[] = [];
      let complete = true;
      for (const [id, depth] of this.#walks.splice(0)) {
        if (exists(id) && !this.#walkFrom(id, depth, exists, added)) {
          complete = false; // reached the part already known: a full walk decides about cycles
          break;
        }
      }
      if (complete) {
        if (added.length > 0) this.version++;
        return added;
      }
      for (const id of added) this.#reachable.delete(id);
    }
    this.version++;
    const before = this.#reachable;
    this.#reachable = new Set();
    this.#depth = new Map();
    this.#walks.length = 0;
    this.#stale = false;
    const added: string[] = [];
    if (exists(root)) this.#walkFrom(root, 0, exists, added, true);
    return added.filter((id) => !before.has(id));
  }

  /**
   * Depth-first walk from `start`, adding what it reaches. Returns false (without finishing) when,
   * in incremental mode, it meets a component reached before.
   */
  #walkFrom(start: string, startDepth: number, exists: (id: string) => boolean, added: string[], full = false): boolean {
    const onPath = new Set<string>();
    const visit = (id: string, depth: number): boolean => {
      if (depth > MAX_COMPONENT_DEPTH) {
        throw new A2uiRecursionError(`Global recursion limit exceeded: logical depth > ${MAX_COMPONENT_DEPTH}`);
      }
      if (onPath.has(id)) throw new A2uiRecursionError(`Circular reference detected involving component '${id}'`);
      if (this.#reachable.has(id)) return full;
      this.#reachable.add(id);
      this.#depth.set(id, depth);
      added.push(id);
      onPath.add(id);
      for (const target of this.refsOf(id)) {
        if (exists(target) && !visit(target, depth + 1)) return false;
      }
      onPath.delete(id);
      return true;
    };
    return visit(start, startDepth);
  }
}

const NONE: readonly string[] = [];
const EMPTY: ReadonlySet<string> = new Set();

/** Joins a packed reference list (a list holding it anywhere is not packed). */
const SEPARATOR = '\u0000';

/**
 * Calls `visit(id, field)` for each reference of `component` by the streaming core's rule (the
 * type's schema-typed reference fields and the conventional names, see `catalog/refs.ts`).
 */
export function forEachReference(catalog: Catalog, component: unknown, visit: ReferenceVisitor): void {
  const type = componentTypeOf(catalog, component);
  if (type !== undefined && isJsonObject(type.props)) forEachStreamReference(type.def, type.props, visit);
}

/**
 * The references of `component` ({@link forEachReference}'s rule), with the multiplier of each
 * template (`{componentId, path}`, v0.8 `template: {componentId, dataBinding}`) whose list
 * `lengthAt` knows.
 */
export function childRefsOf(catalog: Catalog, component: unknown, lengthAt: (path: string) => number | undefined): ChildRefs {
  const type = componentTypeOf(catalog, component);
  if (type === undefined || !isJsonObject(type.props)) return NO_CHILDREN;
  const props = type.props;
  const refs: string[] = [];
  let bindings: Binding[] | undefined;
  forEachStreamReference(type.def, props, (id, field) => {
    refs.push(id);
    if (!field.endsWith('componentId')) return;
    const holder = valueAt(props, field.slice(0, Math.max(0, field.lastIndexOf('.'))));
    const path = isJsonObject(holder) ? (holder.path ?? holder.dataBinding) : undefined;
    if (typeof path === 'string') (bindings ??= []).push({ child: id, path: listPath(path) });
  });
  return refs.length === 0 ? NO_CHILDREN : { refs, templates: templatesOf(bindings, lengthAt), bindings };
}

/**
 * The absolute pointer a renderer reads a template's list at (web_core's resolution): empty
 * segments dropped (`//items` and `/items/` read `/items`), a relative path read from the root, as
 * a template outside any other reads it. Inside another template it reads each item's list, which
 * this count does not know: it counts the root's (docs/security.md).
 */
function listPath(path: string): string {
  if (path.startsWith('/') && !path.includes('//') && (path.length === 1 || !path.endsWith('/'))) return path;
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.length === 0 ? '/' : `/${segments.join('/')}`;
}

/** Per child of `bindings`, how many times a reference draws it: its longest list that `lengthAt` knows (none: once). */
export function templatesOf(bindings: readonly Binding[] | undefined, lengthAt: (path: string) => number | undefined): Map<string, number> | undefined {
  let templates: Map<string, number> | undefined;
  for (const { child, path } of bindings ?? []) {
    const length = lengthAt(path);
    if (length !== undefined && length !== 1) (templates ??= new Map()).set(child, Math.max(templates.get(child) ?? 0, length));
  }
  return templates;
}

const NO_CHILDREN: ChildRefs = { refs: NONE };

/** The value at a reference field's place (`children`, `tabs[0]`, `a.b[2].c`; `''`: `root` itself). */
function valueAt(root: unknown, field: string): unknown {
  if (field === '') return root;
  if (!field.includes('[') && !field.includes('.')) return isJsonObject(root) && Object.hasOwn(root, field) ? root[field] : undefined;
  let node = root;
  for (const part of field.split('.')) {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (match === null) return undefined;
    const key = match[1] as string;
    if (key !== '') node = isJsonObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    for (const index of (match[2] as string).matchAll(/\[(\d+)\]/g)) node = Array.isArray(node) ? node[Number(index[1])] : undefined;
  }
  return node;
}
