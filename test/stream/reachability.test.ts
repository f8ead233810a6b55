import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Reachability } from '../../src/stream/reachability.js';

/** A small graph: `[id, refs]` pairs, ids from a tiny alphabet (so references hit), some with NUL. */
const graphs = fc.array(
  fc.tuple(
    fc.constantFrom('root', 'a', 'b', 'c', 'd', 'e\u0000f', 'long-identifier-of-a-card'),
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e\u0000f', 'long-identifier-of-a-card', 'missing'), { maxLength: 4 }),
  ),
  { maxLength: 10 },
);

function build(graph: readonly (readonly [string, readonly string[]])[]): { reach: Reachability; ids: Set<string> } {
  const reach = new Reachability();
  const ids = new Set<string>();
  for (const [id, refs] of graph) {
    reach.update(id, refs, !ids.has(id));
    ids.add(id);
  }
  return { reach, ids };
}

/** Everything the graph answers, as plain data. */
function answers(reach: Reachability, ids: Set<string>) {
  const names = [...ids, 'missing'].sort();
  let reachable: string[] | string;
  try {
    reach.refresh('root', (id) => ids.has(id));
    reachable = [...reach.ids].sort();
  } catch (error) {
    reachable = (error as Error).message;
  }
  return {
    refs: names.map((id) => [...reach.refsOf(id)]),
    parents: names.map((id) => [...reach.parentsOf(id)].sort()),
    reachable,
  };
}

describe('Reachability.pack', () => {
  it('answers as before: references, parents and the reachable set', () => {
    fc.assert(
      fc.property(graphs, (graph) => {
        const plain = build(graph);
        const compacted = build(graph);
        compacted.reach.pack();
        expect(answers(compacted.reach, compacted.ids)).toEqual(answers(plain.reach, plain.ids));
      }),
    );
  });

  it('keeps working after a change to a compacted graph', () => {
    fc.assert(
      fc.property(graphs, graphs, (first, then) => {
        const plain = build(first);
        const compacted = build(first);
        compacted.reach.pack();
        for (const [id, refs] of then) {
          for (const { reach, ids } of [plain, compacted]) reach.update(id, refs, !ids.has(id));
          plain.ids.add(id);
          compacted.ids.add(id);
        }
        expect(answers(compacted.reach, compacted.ids)).toEqual(answers(plain.reach, plain.ids));
      }),
    );
  });

  it('gives back the reference lists it packed, ids holding the separator included', () => {
    const reach = new Reachability();
    reach.update('root', ['a', 'b', 'a'], true);
    reach.update('x', ['e\u0000f', 'g'], true);
    reach.update('y', ['only'], true);
    reach.pack();
    expect(reach.refsOf('root')).toEqual(['a', 'b', 'a']);
    expect(reach.refsOf('x')).toEqual(['e\u0000f', 'g']);
    expect(reach.refsOf('y')).toEqual(['only']);
    expect(reach.refsOf('z')).toEqual([]);
  });
});

/** Reachable ids, or the recursion error's text, of a graph walked from scratch. */
function fromScratch(edges: ReadonlyMap<string, readonly string[]>, present: ReadonlySet<string>): string[] | string {
  const reach = new Reachability();
  for (const [id, refs] of edges) reach.update(id, refs, true);
  try {
    reach.refresh('root', (id) => present.has(id));
    return [...reach.ids].sort();
  } catch (error) {
    return (error as Error).message;
  }
}

/** Updates, each with whether a refresh follows it. */
const steps = (ids: fc.Arbitrary<string>, refs: fc.Arbitrary<readonly string[]>) => fc.array(fc.tuple(ids, refs, fc.boolean()), { maxLength: 40 });

/** In place of references: the component goes away (left out, or taken back by a roll-back). */
const GONE: readonly string[] = ['\u0000gone'];

/** Runs `steps` through one graph kept up to date, comparing each refresh with a walk from scratch. */
function agreesWithScratch(updates: readonly (readonly [string, readonly string[], boolean])[]): void {
  const reach = new Reachability();
  const edges = new Map<string, readonly string[]>();
  const present = new Set<string>();
  let shown = new Set<string>();
  updates.forEach(([id, refs, refresh], i) => {
    if (refs === GONE) {
      reach.remove(id);
      edges.delete(id);
      present.delete(id);
    } else {
      reach.update(id, refs, !present.has(id));
      // As the surface does: the root arriving is a root changed.
      if (id === 'root' && !present.has(id)) reach.invalidate();
      edges.set(id, refs);
      present.add(id);
    }
    if (!refresh && i < updates.length - 1) return;
    const expected = fromScratch(edges, present);
    let added: string[];
    try {
      added = reach.refresh('root', (ref) => present.has(ref));
    } catch (error) {
      expect((error as Error).message).toBe(expected);
      // The surface rolls back and records again what is left: here, the walk stops.
      throw new Stop();
    }
    expect([...reach.ids].sort()).toEqual(expected);
    expect(added.sort()).toEqual([...reach.ids].filter((ref) => !shown.has(ref)).sort());
    shown = new Set(reach.ids);
  });
}

class Stop extends Error {}

function property(updates: readonly (readonly [string, readonly string[], boolean])[]): void {
  try {
    agreesWithScratch(updates);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
}

describe('Reachability kept up to date', () => {
  it('answers as a walk from scratch after every change: references added and removed, cycles, ids arriving late or going away', () => {
    const ids = fc.constantFrom('root', 'a', 'b', 'c', 'd', 'e', 'f');
    const refs = fc.oneof(
      { arbitrary: fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 4 }), weight: 6 },
      { arbitrary: fc.constant(GONE), weight: 1 },
    );
    fc.assert(fc.property(steps(ids, refs), property), { numRuns: 2000 });
  });

  it('answers as a walk from scratch on long chains and shared parts, where depth 50 is passed or not', () => {
    const named = (i: number) => (i === 0 ? 'root' : `n${i}`);
    const forward = fc.array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: 3 }), weight: 400 }, { arbitrary: fc.integer({ min: -6, max: -1 }), weight: 1 }), {
      minLength: 1,
      maxLength: 3,
    });
    // Most of 100 components, each naming one to three a little further on (chains near 50 long),
    // put in any order; then components re-pointed.
    const chain = fc.shuffledSubarray(
      Array.from({ length: 100 }, (_, i) => i),
      { minLength: 70 },
    );
    const later = fc.array(fc.tuple(fc.integer({ min: 0, max: 99 }), forward), { maxLength: 30 });
    fc.assert(
      fc.property(
        chain,
        fc.array(forward, { minLength: 100, maxLength: 100 }),
        later,
        fc.array(fc.boolean(), { minLength: 130, maxLength: 130 }),
        (order, steps, rest, refreshes) => {
          const updates = [...order.map((i) => [i, steps[i] as number[]] as const), ...rest].map(
            ([i, by], n) => [named(i), by.map((step) => named(Math.max(1, i + step))), refreshes[n] === true] as const,
          );
          property(updates);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fails a chain whose longest path passes depth 50 even where a shorter path reaches its components first', () => {
    const reach = new Reachability();
    const present = new Set<string>();
    const put = (id: string, refs: string[]) => {
      reach.update(id, refs, !present.has(id));
      present.add(id);
    };
    // root → x (depth 1) and root → c1 → … → c49 → x (depth 50): x's child y is 51 down.
    put('root', ['x', 'c1']);
    for (let i = 1; i < 49; i++) put(`c${i}`, [`c${i + 1}`]);
    put('c49', ['x']);
    put('x', []);
    expect(() => reach.refresh('root', (id) => present.has(id))).not.toThrow();
    put('x', ['y']);
    put('y', []);
    expect(() => reach.refresh('root', (id) => present.has(id))).toThrow('Global recursion limit exceeded: logical depth > 50');
  });
});
