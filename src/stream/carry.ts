/**
 * Carries changes of what components draw up to their ancestors in one pass (#37): each ancestor
 * is visited once, after every affected child below it (Kahn's order over the ancestors), with
 * the sum of what they pass up. A walk per path (`Expansion`'s fallback) visits an ancestor once
 * per path: templates sharing a list counted again one by one walked the chain above them once
 * each, and a change under a lattice walked every path of it.
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
  const reached = new Map<string, Reached>();
  const order: Reached[] = [];
  for (const [id, change] of deltas) {
    const entry: Reached = { id, distance: 0, pending: 0, change, depth: 0, parents: graph.parentsOf(id) };
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
      if (below.distance >= MAX_COMPONENT_DEPTH || newRefs?.has(id)) return undefined;
      const parent: Reached = { id, distance: below.distance + 1, pending: 1, change: 0, depth: 0, parents: graph.parentsOf(id) };
      reached.set(id, parent);
      order.push(parent);
    }
  }
  const counts = new Map<string, number>();
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
  return counts.size === order.length ? counts : undefined;
}
