/**
 * How many component instances a renderer draws from each component of a surface, kept as the
 * graph grows: a component draws itself and, for each reference, what the child draws (a child
 * referenced twice twice; a template as many times as its data list is long, where the data is
 * known, counted again as the data changes: `SurfaceGraph.recount`; a child not arrived yet as one,
 * its placeholder). A small graph that lists the same child many times at each level draws
 * exponentially many; `maxExpansion` bounds it.
 *
 * Each component's count is stored; a change is a difference carried up to the ancestors in one
 * pass (`carry.ts`: each ancestor once, after every changed child below it, times the child's
 * weight in it). Where one pass cannot (a cycle among the ancestors, a chain past the depth limit,
 * a new reference closing a cycle) the change is walked per path instead: each distinct parent
 * once per path, at most 51 references up (an ancestor further up could only be drawn past the
 * depth limit, and counts as past the bound). Every other stored count stays within the bound, so
 * a path walked is one instance the ancestor draws: the work per change is bounded.
 */
import { MAX_COMPONENT_DEPTH } from '../validate/graph.js';
import { carryAll, type Overflow } from './carry.js';
import { sameList } from './json-values.js';
import type { Binding } from './template-bindings.js';

/** The references of one component: each child id once per reference, and each template's multiplier. */
export interface ChildRefs {
  /** Ids referenced, once per reference (as `Reachability` keeps them). */
  readonly refs: readonly string[];
  /** Per child referenced as a template with known data: how many times it is drawn per reference. */
  readonly templates?: ReadonlyMap<string, number>;
  /** Its templates bound to an absolute data path (counted again when the data there changes). */
  readonly bindings?: readonly Binding[];
}

export class Expansion {
  /** Instances each held component draws (a component absent draws one: its placeholder). */
  readonly #count = new Map<string, number>();
  /** Per component, the weight of each child whose weight is not 1 (referenced more than once, or a template). */
  readonly #weights = new Map<string, ReadonlyMap<string, number>>();
  /**
   * Components whose count a change did not reach because it came back to them round a cycle.
   * A cycle reachable from the root is an error (and a roll-back counts again); an unreachable
   * one is recounted when a later change removes a reference.
   */
  readonly #loose = new Set<string>();

  /**
   * @param max The bound (`maxExpansion`).
   * @param parentsOf The distinct components referring to an id (the graph's index).
   * @param refsOf The references of a component as the graph holds them.
   */
  constructor(
    readonly max: number,
    private readonly parentsOf: (id: string) => ReadonlySet<string>,
    private readonly refsOf: (id: string) => readonly string[],
  ) {}

  /** The graph and counts as {@link carryAll} reads them. */
  readonly #graph = {
    parentsOf: (id: string) => this.parentsOf(id),
    countOf: (id: string) => this.countOf(id),
    weightOf: (parent: string, child: string) => this.#weights.get(parent)?.get(child) ?? 1,
  };

  /** Instances `id` draws (one while it is absent). */
  countOf(id: string): number {
    return this.#count.get(id) ?? 1;
  }

  /** The weights of `id`'s children (see {@link set}); `undefined` when each is 1. */
  weightsOf(id: string): ReadonlyMap<string, number> | undefined {
    return this.#weights.get(id);
  }

  /**
   * Records that `id` holds the references `children` (or, with `weights`, the weights saved for a
   * component let go of). Past the bound nothing changes and the overflow is returned.
   * @param check `false`: no bound (a roll-back recounts what was shown).
   */
  set(id: string, children: ChildRefs, check = true, weights?: ReadonlyMap<string, number>): Overflow | undefined {
    // The common case, a form whose references did not change (a leaf, a partial whose text grew): nothing to count.
    if (check && children.templates === undefined && !this.#weights.has(id) && sameList(this.refsOf(id), children.refs)) return undefined;
    const tally = tallyOf(children, weights);
    const count = this.#countFrom(id, tally);
    if (check && count > this.max) return { at: id, count };
    const removes = this.#loose.size > 0 && check && this.refsOf(id).some((ref) => !tally.has(ref));
    const previousWeights = this.#weights.get(id);
    const previousCount = this.#count.get(id);
    this.#setWeights(id, weightsIn(tally));
    const carried = this.#carryAll(new Map([[id, count - this.countOf(id)]]), check, tally);
    const overflow = carried === 'walk' ? this.#carry(id, count, check, tally) : carried;
    if (overflow !== undefined) {
      this.#setWeights(id, previousWeights);
      if (previousCount === undefined) this.#count.delete(id);
      else this.#count.set(id, previousCount);
      return overflow;
    }
    if (removes) this.#recountLoose(id);
    return undefined;
  }

  /**
   * Records the references of several components at once (templates counted again after a data
   * change: their references stay, their weights change), carried up in one pass. `false` when
   * one pass cannot (a count past the bound, a cycle or a chain past the depth limit above them):
   * nothing changed, and the caller sets them one by one.
   */
  setAll(entries: readonly (readonly [string, ChildRefs])[]): boolean {
    const deltas = new Map<string, number>();
    const previous = new Map<string, ReadonlyMap<string, number> | undefined>();
    for (const [id, children] of entries) {
      const tally = tallyOf(children, undefined);
      const count = this.#countFrom(id, tally);
      previous.set(id, this.#weights.get(id));
      this.#setWeights(id, weightsIn(tally));
      deltas.set(id, count - this.countOf(id));
    }
    if (this.#carryAll(deltas, true) === undefined) return true;
    for (const [id, weights] of previous) this.#setWeights(id, weights);
    return false;
  }

  /**
   * Adds `deltas` to the counts and carries them up in one pass ({@link carryAll}). The overflow
   * when `check` and a count would pass the bound (nothing changes); `'walk'` when one pass cannot
   * (nothing changes: the caller walks per path).
   */
  #carryAll(deltas: ReadonlyMap<string, number>, check: boolean, newRefs?: ReadonlyMap<string, number>): Overflow | 'walk' | undefined {
    let change = false;
    for (const delta of deltas.values()) if (delta !== 0) change = true;
    if (!change) return undefined;
    const counts = carryAll(this.#graph, deltas, this.max, check, newRefs);
    if (counts === undefined) return 'walk';
    if (!(counts instanceof Map)) return counts;
    for (const [id, count] of counts) this.#count.set(id, count);
    return undefined;
  }

  /** Component `id` is gone (left out as invalid): it draws one again (its placeholder). */
  remove(id: string): void {
    this.#weights.delete(id);
    if (this.#carryAll(new Map([[id, 1 - this.countOf(id)]]), false) === 'walk') this.#carry(id, 1, false);
    this.#count.delete(id);
    this.#loose.delete(id);
  }

  /** What `id` draws with the children and weights `tally`: itself, and each child's count times its weight. */
  #countFrom(id: string, tally: ReadonlyMap<string, number>): number {
    let count = 1;
    for (const [ref, weight] of tally) if (ref !== id) count += weight * this.countOf(ref);
    return count;
  }

  #setWeights(id: string, weights: ReadonlyMap<string, number> | undefined): void {
    if (weights === undefined) this.#weights.delete(id);
    else this.#weights.set(id, weights);
  }

  /**
   * Sets `id`'s count to `count` and carries the difference up to every ancestor, depth first
   * (an explicit stack: a chain of parents may be long). With `check`, stops at the first
   * ancestor past the bound and undoes what it changed. `children`: `id`'s new references.
   */
  #carry(id: string, count: number, check: boolean, children: ReadonlyMap<string, number> = NO_TALLY): Overflow | undefined {
    const delta = count - this.countOf(id);
    this.#count.set(id, count);
    const parents = this.parentsOf(id);
    if (delta === 0 || parents.size === 0) return undefined;
    // The walk's path as parallel arrays (a put on a long chain walks 51 steps: no object per step).
    const ids = [id];
    const deltas = [delta];
    const rest = [parents.values()];
    // What the walk changed: each id, then its count before.
    const undo: (string | number)[] = [];
    // The ids on the path, once it is deep (a short one is searched).
    let onPath: Set<string> | undefined;
    while (ids.length > 0) {
      const top = ids.length - 1;
      const next = (rest[top] as Iterator<string>).next();
      if (next.done === true) {
        onPath?.delete(ids[top] as string);
        ids.pop();
        deltas.pop();
        rest.pop();
        continue;
      }
      const parent = next.value;
      // A parent that is also a child of `id` closes a cycle through `id` (its new references are not in the graph yet).
      if (children.has(parent)) this.#loose.add(id);
      if (onPath === undefined && ids.length > 16) onPath = new Set(ids);
      if (onPath !== undefined ? onPath.has(parent) : ids.includes(parent)) {
        this.#loose.add(parent);
        continue;
      }
      const change = (this.#weights.get(parent)?.get(ids[top] as string) ?? 1) * (deltas[top] as number);
      const before = this.countOf(parent);
      const after = before + change;
      if (check && after > this.max) {
        for (let i = undo.length - 2; i >= 0; i -= 2) this.#count.set(undo[i] as string, undo[i + 1] as number);
        return { at: parent, count: after };
      }
      undo.push(parent, before);
      if (ids.length > MAX_COMPONENT_DEPTH) {
        // `parent` is more than 50 references above `id`: drawing it is a depth error, so the walk
        // stops here (a long chain costs 50 steps per put, not its length) and `parent` counts as
        // past the bound until it is set again.
        this.#count.set(parent, Math.max(after, this.max + 1));
        continue;
      }
      this.#count.set(parent, after);
      ids.push(parent);
      deltas.push(change);
      rest.push(this.parentsOf(parent).values());
      onPath?.add(parent);
    }
    return undefined;
  }

  /** A reference may have been removed: each loose count (but `except`'s) is recounted from its children. */
  #recountLoose(except: string): void {
    const loose = [...this.#loose];
    this.#loose.clear();
    for (const id of loose) {
      if (id === except || !this.#count.has(id)) continue;
      this.set(id, { refs: this.refsOf(id) }, false, this.#weights.get(id));
    }
  }
}

const NO_TALLY: ReadonlyMap<string, number> = new Map();

/**
 * Each child's weight: references to it, times its template's multiplier (or, with `saved`, the
 * weights saved for a component let go of, whose form is gone).
 */
function tallyOf(children: ChildRefs, saved: ReadonlyMap<string, number> | undefined): ReadonlyMap<string, number> {
  if (children.refs.length === 0) return NO_TALLY;
  const tally = new Map<string, number>();
  for (const ref of children.refs) tally.set(ref, (tally.get(ref) ?? 0) + (children.templates?.get(ref) ?? 1));
  if (saved !== undefined) for (const [ref, weight] of saved) tally.set(ref, weight);
  return tally;
}

/** The weights worth keeping: `tally` when a child weighs other than 1 (else each weighs 1). */
function weightsIn(tally: ReadonlyMap<string, number>): ReadonlyMap<string, number> | undefined {
  for (const weight of tally.values()) if (weight !== 1) return tally;
  return undefined;
}
