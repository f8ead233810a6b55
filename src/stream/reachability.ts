/**
 * Which components of a surface are reachable from its root, kept up to date incrementally. Each
 * reachable component counts its reachable holders (the distinct reachable components naming it)
 * and carries a depth bound: at least one more than each reachable holder's, at most 50. A
 * reference added raises the bounds below it only where they are too low, which also finds a
 * cycle (the bounds would climb round it past 50); a reference removed releases what no reachable
 * holder names any more, and a component gone (left out, taken back) leaves whatever names it.
 * Only a root that changes or goes, a `pack`, or a bound past 50 (a cycle, a chain too deep, or a
 * bound left high by a reference since removed) takes one full walk, which sets every bound to the
 * longest chain above it. So a response streamed in many small chunks, or one that re-points
 * components message after message, costs work in proportion to what changes, not to the size of
 * the surface per change. What a reference is, is `child-refs.ts`'s rule.
 */
import { cycleError, depthError, MAX_COMPONENT_DEPTH } from '../validate/graph.js';
import { sameList } from './json-values.js';

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
  /** Per reachable id, its depth bound: over each reachable holder's, at most 50. */
  #depth = new Map<string, number>();
  /** Per id, how many distinct reachable components name it (present or not). */
  #holders = new Map<string, number>();
  /** The counts and bounds are not kept (a full walk sets them at the next refresh). */
  #stale = true;
  /** After a walk that threw: what the last refresh that returned had reported reachable. */
  #unreported: ((id: string) => boolean) | undefined;
  /** Changes whenever the reachable set does. */
  version = 0;
  /** Since the last refresh, pairs of a reachable holder and an id it began to name (holder `undefined`: the id arrived). */
  readonly #named: (string | undefined)[] = [];
  /** Since the last refresh, ids that a reachable holder stopped naming. */
  readonly #released: string[] = [];
  /** Since the last refresh, reachable ids whose component went away (their holders may still name them). */
  readonly #gone: string[] = [];

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
    this.invalidate();
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
      const counted = !this.#stale && this.#reachable.has(id);
      for (const target of before) {
        if (now.has(target)) continue;
        this.#parentMap().get(target)?.delete(id);
        if (counted && this.#release(target)) this.#released.push(target);
      }
      for (const target of now) {
        this.#addParent(target, id);
        if (!counted || before.has(target)) continue;
        this.#holders.set(target, (this.#holders.get(target) ?? 0) + 1);
        this.#named.push(id, target);
      }
      this.#edges.set(id, refs);
    }
    if (isNew && !this.#stale) this.#named.push(undefined, id);
  }

  /** Component `id` went away (left out, or taken back by a roll-back); its holders may still name it. */
  remove(id: string): void {
    this.update(id, NONE, false);
    if (!this.#stale && this.#reachable.has(id)) this.#gone.push(id);
  }

  /** One reachable holder fewer for `id`; whether none is left. */
  #release(id: string): boolean {
    const holders = (this.#holders.get(id) ?? 1) - 1;
    if (holders > 0) this.#holders.set(id, holders);
    else this.#holders.delete(id);
    return holders <= 0;
  }

  /** The root changed: the next refresh walks everything. */
  invalidate(): void {
    this.#forget();
    this.#depth = new Map();
    this.#holders = new Map();
  }

  /** The changes since the last refresh are dropped: the next one walks everything. */
  #forget(): void {
    this.#stale = true;
    this.#named.length = 0;
    this.#released.length = 0;
    this.#gone.length = 0;
  }

  /**
   * Brings the reachable set up to date and returns the ids that became reachable.
   * @throws A2uiRecursionError on a cycle reachable from the root, or a chain deeper than 50.
   */
  refresh(root: string, exists: (id: string) => boolean): string[] {
    if (!this.#stale) {
      const caught = this.#catchUp(root, exists);
      if (typeof caught === 'function') return this.#walkAll(root, exists, caught);
      if (caught.changed) this.version++;
      return caught.added;
    }
    const was = this.#reachable;
    return this.#walkAll(root, exists, this.#unreported ?? ((id) => was.has(id)));
  }

  /**
   * Applies the references released and named since the last refresh. Returns the ids that became
   * reachable, or, where a bound would pass 50, what was reachable before (for a full walk).
   */
  #catchUp(root: string, exists: (id: string) => boolean): { added: string[]; changed: boolean } | ((id: string) => boolean) {
    if (!exists(root)) {
      const reachable = this.#reachable;
      return (id) => reachable.has(id);
    }
    const released = this.#released;
    let dropped: Set<string> | undefined;
    const drop = (id: string) => {
      dropped ??= new Set();
      this.#reachable.delete(id);
      this.#depth.delete(id);
      dropped.add(id);
      forEachDistinct(this.refsOf(id), (target) => {
        if (this.#release(target)) released.push(target);
      });
    };
    for (const id of this.#gone) if (id !== root && this.#reachable.has(id)) drop(id);
    this.#gone.length = 0;
    for (let i = 0; i < released.length; i++) {
      const id = released[i] as string;
      if (id !== root && !this.#holders.has(id) && this.#reachable.has(id)) drop(id);
    }
    released.length = 0;
    const added: string[] = [];
    const named = this.#named;
    for (let i = 0; i < named.length; i += 2) {
      const holder = named[i];
      const id = named[i + 1] as string;
      // A holder let go of since, or named it only before a change since: its current references count.
      const holds = holder !== undefined && this.#reachable.has(holder) && this.parentsOf(id).has(holder);
      const depth = holder === undefined ? this.#arrivalDepth(id) : holds ? (this.#depth.get(holder) as number) + 1 : undefined;
      if (depth !== undefined && exists(id) && !this.#place(id, depth, exists, added)) {
        named.length = 0;
        const [reachable, before, fresh] = [this.#reachable, dropped, new Set(added)];
        return (id) => before?.has(id) === true || (reachable.has(id) && !fresh.has(id));
      }
    }
    named.length = 0;
    const lost: Set<string> | undefined = dropped;
    if (lost === undefined) return { added, changed: added.length > 0 };
    return { added: added.filter((id) => !lost.has(id)), changed: true };
  }

  /** The depth bound of `id` that just arrived: one over its deepest reachable holder (`undefined`: none). */
  #arrivalDepth(id: string): number | undefined {
    let depth: number | undefined;
    for (const parent of this.parentsOf(id)) {
      const above = this.#reachable.has(parent) ? this.#depth.get(parent) : undefined;
      if (above !== undefined && (depth === undefined || above + 1 > depth)) depth = above + 1;
    }
    return depth;
  }

  /**
   * Places `start` at depth `startDepth` or deeper: reaches it (and what it names) if it was not
   * reachable, else raises its bound and those under it as far as needed. `false` when a bound
   * would pass 50 (nothing is undone: a full walk follows).
   */
  #place(start: string, startDepth: number, exists: (id: string) => boolean, added: string[]): boolean {
    const stack: (string | number)[] = [start, startDepth];
    while (stack.length > 0) {
      const depth = stack.pop() as number;
      const id = stack.pop() as string;
      if (depth > MAX_COMPONENT_DEPTH) return false;
      const known = this.#depth.get(id);
      if (known !== undefined && depth <= known) continue;
      this.#depth.set(id, depth);
      const reached = known === undefined;
      if (reached) {
        this.#reachable.add(id);
        added.push(id);
      }
      forEachDistinct(this.refsOf(id), (target) => {
        if (reached) this.#holders.set(target, (this.#holders.get(target) ?? 0) + 1);
        if (exists(target)) stack.push(target, depth + 1);
      });
    }
    return true;
  }

  /**
   * Walks everything from the root: the reachable set in depth-first order, the holders, and each
   * depth bound set to the longest chain above it. Returns the ids reachable now but not before.
   */
  #walkAll(root: string, exists: (id: string) => boolean, before: (id: string) => boolean): string[] {
    // The counts and bounds are replaced when the walk succeeds; while stale nothing reads them.
    this.#forget();
    this.version++;
    const reachable = new Set<string>();
    const finished: string[] = [];
    const onPath = new Set<string>();
    const visit = (id: string, depth: number): void => {
      if (depth > MAX_COMPONENT_DEPTH) throw depthError();
      if (onPath.has(id)) throw cycleError(id);
      if (reachable.has(id)) return;
      reachable.add(id);
      onPath.add(id);
      for (const target of this.refsOf(id)) if (exists(target)) visit(target, depth + 1);
      onPath.delete(id);
      finished.push(id);
    };
    // Depth first, each component finishes after all it names: in reverse, each comes after all its holders.
    const depths = new Map<string, number>();
    const holders = new Map<string, number>();
    try {
      if (exists(root)) visit(root, 0);
      for (let i = finished.length - 1; i >= 0; i--) {
        const id = finished[i] as string;
        const depth = depths.get(id) ?? 0;
        depths.set(id, depth);
        forEachDistinct(this.refsOf(id), (target) => {
          holders.set(target, (holders.get(target) ?? 0) + 1);
          if (!reachable.has(target) || (depths.get(target) ?? 0) > depth) return;
          if (depth + 1 > MAX_COMPONENT_DEPTH) throw depthError();
          depths.set(target, depth + 1);
        });
      }
    } catch (error) {
      // What this walk reached was never reported: the next one (the graph stays stale) reports it.
      this.#unreported = before;
      throw error;
    }
    this.#unreported = undefined;
    this.#reachable = reachable;
    this.#depth = depths;
    this.#holders = holders;
    this.#stale = false;
    const added: string[] = [];
    for (const id of reachable) if (!before(id)) added.push(id);
    return added;
  }
}

const NONE: readonly string[] = [];
const EMPTY: ReadonlySet<string> = new Set();

/** Joins a packed reference list (a list holding it anywhere is not packed). */
const SEPARATOR = '\u0000';

/** Calls `visit` once per distinct id of `refs`, in order. */
function forEachDistinct(refs: readonly string[], visit: (id: string) => void): void {
  if (refs.length < 2) {
    if (refs.length === 1) visit(refs[0] as string);
    return;
  }
  if (refs.length <= 8) {
    refs.forEach((ref, i) => {
      if (refs.indexOf(ref) === i) visit(ref);
    });
    return;
  }
  for (const ref of new Set(refs)) visit(ref);
}
