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
