/** One pass up the ancestors (#37): the counts it gives are those a recount from scratch gives. */
import { describe, expect, test } from 'vitest';
import { carryAll, type CountedGraph } from '../../src/stream/carry.js';
import { MAX_COMPONENT_DEPTH } from '../../src/validate/graph.js';

/** A graph of `n` components, component `i` referring only to higher ids (acyclic), `weight` per edge. */
function randomGraph(n: number, edges: number, seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const weights = new Map<string, Map<string, number>>();
  for (let e = 0; e < edges; e++) {
    const from = Math.floor(random() * (n - 1));
    const to = from + 1 + Math.floor(random() * Math.min(4, n - 1 - from));
    const row = weights.get(`c${from}`) ?? new Map<string, number>();
    row.set(`c${to}`, 1 + Math.floor(random() * 3));
    weights.set(`c${from}`, row);
  }
  return { weights, random };
}

/** Counts from scratch: each component draws `base` of itself plus what its children draw. */
function countsOf(n: number, weights: Map<string, Map<string, number>>, base: (id: string) => number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = n - 1; i >= 0; i--) {
    const id = `c${i}`;
    let count = base(id);
    for (const [child, weight] of weights.get(id) ?? []) count += weight * (counts.get(child) as number);
    counts.set(id, count);
  }
  return counts;
}

function graphOf(weights: Map<string, Map<string, number>>, counts: Map<string, number>): CountedGraph {
  const parents = new Map<string, Set<string>>();
  for (const [parent, row] of weights) for (const child of row.keys()) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  return {
    parentsOf: (id) => parents.get(id) ?? new Set(),
    countOf: (id) => counts.get(id) ?? 1,
    weightOf: (parent, child) => weights.get(parent)?.get(child) ?? 1,
  };
}

describe('carryAll', () => {
  test('random acyclic graphs and changes: the counts a recount from scratch gives', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const n = 30;
      const { weights, random } = randomGraph(n, 60, seed);
      const before = countsOf(n, weights, () => 1);
      const deltas = new Map<string, number>();
      for (let k = 0; k < 1 + (seed % 4); k++) deltas.set(`c${Math.floor(random() * n)}`, Math.floor(random() * 7) - 3);
      const after = countsOf(n, weights, (id) => 1 + (deltas.get(id) ?? 0));
      const result = carryAll(graphOf(weights, before), deltas, Number.POSITIVE_INFINITY, true);
      expect(result).toBeInstanceOf(Map);
      const counts = result as Map<string, number>;
      for (const [id, count] of after) expect(counts.get(id) ?? before.get(id)).toBe(count);
    }
  });

  test('random trees (one parent each, the walk up a chain) and changes under one parent: the counts a recount gives', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const n = 30;
      let state = seed;
      const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      // Component i > 0 has one parent below i; every few seeds the top is a lattice node with two parents of c1.
      const weights = new Map<string, Map<string, number>>();
      for (let i = 1; i < n; i++) {
        const parent = `c${Math.floor(random() * i)}`;
        weights.set(parent, (weights.get(parent) ?? new Map<string, number>()).set(`c${i}`, 1 + Math.floor(random() * 3)));
      }
      if (seed % 3 === 0) weights.set('c0', (weights.get('c0') ?? new Map<string, number>()).set('c1', 2));
      const before = countsOf(n, weights, () => 1);
      const deltas = new Map<string, number>();
      const parentOf = (id: string) => [...weights].find(([, row]) => row.has(id))?.[0];
      const first = `c${1 + Math.floor(random() * (n - 1))}`;
      deltas.set(first, Math.floor(random() * 7) - 3);
      // Siblings of the first under the same parent (templates on one list under one component).
      if (seed % 2 === 0) for (const [child] of weights.get(parentOf(first) as string) ?? []) deltas.set(child, Math.floor(random() * 7) - 3);
      const after = countsOf(n, weights, (id) => 1 + (deltas.get(id) ?? 0));
      const result = carryAll(graphOf(weights, before), deltas, Number.POSITIVE_INFINITY, true);
      expect(result).toBeInstanceOf(Map);
      for (const [id, count] of after) expect((result as Map<string, number>).get(id) ?? before.get(id)).toBe(count);
      // Bounded: past the bound, the overflow where the new count passes it.
      const grew = [...after].filter(([id, count]) => count > (before.get(id) as number));
      if (grew.length > 0) {
        const bound = Math.min(...grew.map(([, count]) => count)) - 1;
        const overflow = carryAll(graphOf(weights, before), deltas, bound, true) as { at: string; count: number };
        expect(overflow.count).toBe(after.get(overflow.at));
        expect(overflow.count).toBeGreaterThan(bound);
      }
    }
  });

  test('siblings under one parent, a chain above: each changed once, the sum carried up', () => {
    const weights = new Map<string, Map<string, number>>([
      ['root', new Map([['c0', 1]])],
      ['c0', new Map([['h', 1]])],
      [
        'h',
        new Map([
          ['a', 1],
          ['b', 3],
        ]),
      ],
    ]);
    const counts = new Map([
      ['a', 5],
      ['b', 2],
      ['h', 12],
      ['c0', 13],
      ['root', 14],
    ]);
    let visits = 0;
    const graph = graphOf(weights, counts);
    const counted = { ...graph, parentsOf: (id: string) => (visits++, graph.parentsOf(id)) };
    const result = carryAll(
      counted,
      new Map([
        ['a', -4],
        ['b', 1],
      ]),
      100,
      true,
    );
    expect(result).toEqual(
      new Map([
        ['a', 1],
        ['b', 3],
        ['h', 11],
        ['c0', 12],
        ['root', 13],
      ]),
    );
    expect(visits).toBe(5);
    expect(carryAll(graph, new Map([['b', 40]]), 100, true)).toEqual({ at: 'h', count: 132 });
  });

  test('past the bound: the overflow, where it happens', () => {
    const weights = new Map([
      ['c0', new Map([['c1', 10]])],
      ['c1', new Map([['c2', 10]])],
    ]);
    const before = countsOf(3, weights, () => 1);
    expect(carryAll(graphOf(weights, before), new Map([['c2', 1]]), 150, true)).toEqual({ at: 'c0', count: 211 });
    expect(carryAll(graphOf(weights, before), new Map([['c2', 1]]), 150, false)).toBeInstanceOf(Map);
  });

  test('a cycle above, a chain past the depth limit, or a new reference among the ancestors: left to the walk per path', () => {
    const cycle = new Map([
      ['a', new Map([['b', 1]])],
      [
        'b',
        new Map([
          ['a', 1],
          ['c', 1],
        ]),
      ],
    ]);
    expect(carryAll(graphOf(cycle, new Map()), new Map([['c', 1]]), 100, true)).toBeUndefined();
    const chain = new Map(Array.from({ length: MAX_COMPONENT_DEPTH + 2 }, (_, i) => [`c${i}`, new Map([[`c${i + 1}`, 1]])]));
    expect(carryAll(graphOf(chain, new Map()), new Map([[`c${MAX_COMPONENT_DEPTH + 2}`, 1]]), 1e9, true)).toBeUndefined();
    const tree = new Map([['a', new Map([['b', 1]])]]);
    expect(carryAll(graphOf(tree, new Map()), new Map([['b', 1]]), 100, true, new Map([['a', 1]]))).toBeUndefined();
  });

  test('a lattice: each ancestor visited once, not once per path', () => {
    // 20 levels of two components each listing both below: 2^20 paths from the bottom.
    const weights = new Map<string, Map<string, number>>();
    for (let level = 0; level < 20; level++)
      for (const side of ['a', 'b'])
        weights.set(
          `${side}${level}`,
          new Map([
            [`a${level + 1}`, 1],
            [`b${level + 1}`, 1],
          ]),
        );
    let visits = 0;
    const graph = graphOf(weights, new Map());
    const counted = { ...graph, parentsOf: (id: string) => (visits++, graph.parentsOf(id)) };
    expect(carryAll(counted, new Map([['a20', 1]]), Number.POSITIVE_INFINITY, true)).toBeInstanceOf(Map);
    expect(visits).toBeLessThan(200);
  });
});
