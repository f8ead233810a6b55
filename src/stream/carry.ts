/**
 * Carries changes of what components draw up to their ancestors in one pass (#37): each ancestor
 * is visited once, after every affected child below it (Kahn's order over the ancestors), with
 * the sum of what they pass up. A walk per path (`Expansion`'s fallback) visits an ancestor once
 * per path: templates sharing a list counted again one by one walked the chain above them once
 * each, and a change under a lattice walked every path of it. Where the changes sit under one
 * parent and the ancestors form a chain (templates on one list inside nested layout), the pass is
 * a plain walk up until a component with several parents, then Kahn's order from there.
 */
import { MAX_COMPONENT_DEPTH } from '../validate/graph.js';

/** Where a change went past the bound: the component whose count would exceed it, and that count. */
export interface Overflow {
  readonly at: string;
  readonly count: number;
}

/** What the carry reads of the graph and its counts. */
export interface CountedGraph {
  /** The distinct components referring to `id`. */
  parentsOf(id: string): ReadonlySet<string>;
  /** Instances `id` draws now. */
  countOf(id: string): number;
  /** How many times `parent` draws `child` per instance of itself. */
  weightOf(parent: string, child: string): number;
}

/** One component the pass reaches. */
interface Reached {
  readonly id: string;
  /** References up from the nearest changed component (bounds the search). */
  readonly distance: number;
  /** Its children in the pass that have not passed their change up yet. */
  pending: number;
  /** What it draws more (or less). */
  change: number;
  /** References up from the farthest changed component below it. */
  depth: number;
  /** Its parents (read once). */
  readonly parents: ReadonlySet<string>;
}

/**
 * The counts after adding `deltas` (per component, how many more instances it draws itself) and
 * carrying them up: each changed component's new count, in no particular order. An
 * {@link Overflow} when `check` and a count that grows would pass `max` (nothing is counted).
 * `undefined` when one pass cannot do it: the ancestors hold a cycle, a chain longer than
 * `MAX_COMPONENT_DEPTH`, or a component of `newRefs` (references not in the graph yet, which
 * would close a cycle); the caller walks per path instead.
 */
export function carryAll(
  graph: CountedGraph,
  deltas: ReadonlyMap<string, number>,
  max: number,
  check: boolean,
  newRefs?: ReadonlyMap<string, number>,
): Map<string, number> | Overflow | undefined {
  const counts = new Map<string, number>();
  const start = siblingsMerged(graph, deltas, max, check, newRefs, counts);
  if (start === undefined) return kahn(graph, deltas, 0, max, check, newRefs, counts);
  if ('at' in start) return start;
  // One component carries the change up: a plain walk while each has a single parent (a chain, the common case above a list).
  let { id, change, distance } = start;
  for (;;) {
    const count = graph.countOf(id) + change;
    if (check && change > 0 && count > max) return { at: id, count };
    const parents = graph.parentsOf(id);
    if (parents.size !== 1) {
      if (parents.size === 0) {
        counts.set(id, count);
        return counts;
      }
      return kahn(graph, new Map([[id, change]]), distance, max, check, newRefs, counts);
    }
    counts.set(id, count);
    const parent = parents.values().next().value as string;
    if (distance >= MAX_COMPONENT_DEPTH || newRefs?.has(parent) || counts.has(parent)) return undefined;
    change *= graph.weightOf(parent, id);
    id = parent;
    distance++;
  }
}

/** Where a walk starts: a component, its change, and how far it is above the changes. */
interface Start {
  readonly id: string;
  readonly change: number;
  readonly distance: number;
}

/**
 * When every changed component has one parent, the same for all and not changed itself (templates
 * on one list under one component), or only one component changed: their counts in `counts`, and
 * where the walk starts (that parent with the sum of what they pass it, or the one component).
 * An {@link Overflow} when one of them passes the bound (the last, as {@link kahn} finds it);
 * `undefined` when the changes have another shape.
 */
function siblingsMerged(
  graph: CountedGraph,
  deltas: ReadonlyMap<string, number>,
  max: number,
  check: boolean,
  newRefs: ReadonlyMap<string, number> | undefined,
  counts: Map<string, number>,
): Start | Overflow | undefined {
  if (deltas.size === 1) {
    const [id, change] = deltas.entries().next().value as [string, number];
    return { id, change, distance: 0 };
  }
  let parent: string | undefined;
  for (const id of deltas.keys()) {
    const parents = graph.parentsOf(id);
    if (parents.size !== 1) return undefined;
    const only = parents.values().next().value as string;
    if (parent === undefined) parent = only;
    else if (only !== parent) return undefined;
  }
  if (parent === undefined || deltas.has(parent) || newRefs?.has(parent)) return undefined;
  let change = 0;
  let overflow: Overflow | undefined;
  for (const [id, delta] of deltas) {
    const count = graph.countOf(id) + delta;
    if (check && delta > 0 && count > max) overflow = { at: id, count };
    counts.set(id, count);
    change += graph.weightOf(parent, id) * delta;
  }
  return overflow ?? { id: parent, change, distance: 1 };
}

/**
 * Kahn's order over the ancestors of `deltas` (each `distance` references above the first
 * changes), their counts added to `counts`; see {@link carryAll}.
 */
function kahn(
  graph: CountedGraph,
  deltas: ReadonlyMap<string, number>,
  distance: number,
  max: number,
  check: boolean,
  newRefs: ReadonlyMap<string, number> | undefined,
  counts: Map<string, number>,
): Map<string, number> | Overflow | undefined {
  const reached = new Map<string, Reached>();
  const order: Reached[] = [];
  for (const [id, change] of deltas) {
    const entry: Reached = { id, distance, pending: 0, change, depth: distance, parents: graph.parentsOf(id) };
    reached.set(id, entry);
    order.push(entry);
  }
  // The ancestors, breadth first, each with how many of its children pass it a change.
  for (let i = 0; i < order.length; i++) {
    const below = order[i] as Reached;
    for (const id of below.parents) {
      const entry = reached.get(id);
      if (entry !== undefined) {
        entry.pending++;
        continue;
      }
      if (below.distance >= MAX_COMPONENT_DEPTH || newRefs?.has(id) || counts.has(id)) return undefined;
      const parent: Reached = { id, distance: below.distance + 1, pending: 1, change: 0, depth: 0, parents: graph.parentsOf(id) };
      reached.set(id, parent);
      order.push(parent);
    }
  }
  const known = counts.size;
  const ready = order.filter((entry) => entry.pending === 0);
  for (let entry = ready.pop(); entry !== undefined; entry = ready.pop()) {
    const count = graph.countOf(entry.id) + entry.change;
    if (check && entry.change > 0 && count > max) return { at: entry.id, count };
    counts.set(entry.id, count);
    const depth = entry.depth + 1;
    if (entry.parents.size > 0 && depth > MAX_COMPONENT_DEPTH) return undefined;
    for (const id of entry.parents) {
      const parent = reached.get(id) as Reached;
      if (entry.change !== 0) parent.change += graph.weightOf(id, entry.id) * entry.change;
      if (parent.depth < depth) parent.depth = depth;
      if (--parent.pending === 0) ready.push(parent);
    }
  }
  // A component never ready waits on a child round a cycle.
  return counts.size === known + order.length ? counts : undefined;
}
