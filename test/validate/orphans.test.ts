import { describe, expect, it } from 'vitest';
import { componentsById, reachableFrom, validateMessages, type WireComponent } from '../../src/validate/index.js';
import { orphansOf } from '../../src/validate/orphans.js';
import { catalogV09 } from './fixtures.js';

const catalog = catalogV09();
const start = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'test-v09' } };
const update = (...components: object[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
const column = (id: string, ...children: string[]) => ({ id, component: 'Column', children });
const text = (id: string) => ({ id, component: 'Text', text: id });
/** What `validateMessages` says about the payload: `ok`, or the message of its error. */
const verdict = (...messages: object[]) => {
  try {
    validateMessages([start, ...messages], catalog);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
};
const orphan = (id: string) => `Component '${id}' is not reachable from 'root'`;

/** The rule as written: after each message, every id reachable from the root in the state so far is no longer unreached. */
function reference(updates: readonly ReadonlyMap<string, WireComponent>[], root: string): Set<string> {
  const state = new Map<string, WireComponent>();
  const unreached = new Set<string>();
  for (const map of updates) {
    for (const [id, component] of map) {
      state.set(id, component);
      unreached.add(id);
    }
    for (const id of reachableFrom(state, root, catalog)) unreached.delete(id);
  }
  return unreached;
}

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('orphans across messages', () => {
  it('a parent rewritten without a child leaves it behind, reached; a child written after it was dropped is an orphan', () => {
    expect(verdict(update(column('root', 'a', 'b'), text('a'), text('b')), update(column('root', 'a')))).toBe('ok');
    expect(verdict(update(column('root', 'a', 'b'), text('a'), text('b')), update(column('root', 'a')), update(text('b')))).toBe(orphan('b'));
    // Dropped and written in one message: judged in the state after it.
    expect(verdict(update(column('root', 'a', 'b'), text('a'), text('b')), update(column('root', 'a'), text('b')))).toBe(orphan('b'));
  });

  it('re-parenting: a sub-tree moved under another parent stays reached; one moved nowhere does not', () => {
    const tree = update(column('root', 'p', 'q'), column('p', 'x'), column('q'), column('x', 'y'), text('y'));
    expect(verdict(tree, update(column('p'), column('q', 'x')), update(text('y')))).toBe('ok');
    expect(verdict(tree, update(column('p')), update(text('y')))).toBe(orphan('y'));
    // Dropped here, named there in the next message: reached again, so a later write is judged then.
    expect(verdict(tree, update(column('p')), update(column('q', 'x')), update(text('y')))).toBe('ok');
  });

  it('children before their parent, and the root written last or late', () => {
    expect(verdict(update(text('c')), update(column('b', 'c')), update(column('a', 'b')), update(column('root', 'a')))).toBe('ok');
    // `b` was written again after `a` no longer named it.
    expect(verdict(update(column('a', 'b'), text('b')), update(column('a')), update(text('b')), update(column('root', 'a')))).toBe(orphan('b'));
    // A parent naming children not yet written: each reached as it arrives.
    expect(verdict(update(column('root', 'a', 'b')), update(text('b')), update(text('a')))).toBe('ok');
  });

  it('a cycle keeps nothing reachable: cut off from the root, its members support each other in vain', () => {
    // `a` and `b` refer to each other, reached while the root names `a`; then the root drops `a`.
    const loop = [update(column('root', 'a'), column('a', 'b'), text('c')), update(column('b', 'a', 'c'))];
    expect(verdict(...loop, update(column('root', 'c')))).toBe('ok');
    expect(verdict(...loop, update(column('root', 'c')), update(text('c')), update(column('b', 'a')))).toBe(orphan('b'));
    // A write below the cut-off cycle is an orphan; named again from the root, it is reached.
    const cut = [...loop, update(column('root', 'c')), update(text('d'), column('b', 'a', 'd'))];
    expect(verdict(...cut, update(column('root', 'c')))).toBe(orphan('b'));
    expect(verdict(...cut, update(column('root', 'c', 'b'), column('a')))).toBe('ok');
  });

  it('the root dropping a sub-tree and naming it again: a write below it is judged in the state of its message', () => {
    const flips = [update(column('root', 'h'), column('h', 'x'), text('x')), update(column('root')), update(column('root', 'h')), update(column('root'))];
    expect(verdict(...flips, update(text('x')))).toBe(orphan('x'));
    expect(verdict(...flips, update(text('x')), update(column('root', 'h')))).toBe('ok');
    expect(verdict(...flips, update(column('root', 'h')), update(text('x')))).toBe('ok');
    expect(verdict(...flips, update(text('x'), column('root', 'h')))).toBe('ok');
    // Named again through a component written in between: reached then.
    expect(verdict(...flips, update(column('root', 'k'), column('k', 'h')), update(text('x')))).toBe('ok');
    expect(verdict(...flips, update(column('k', 'h')), update(text('x')), update(column('root', 'k')))).toBe('ok');
  });

  it('a reference to the root from below changes nothing; a cycle left reachable in the end is a cycle', () => {
    expect(verdict(update(column('root', 'a'), column('a', 'root')), update(column('a')))).toBe('ok');
    expect(verdict(update(column('root', 'a'), column('a', 'root')))).toBe("Circular reference detected involving component 'root'");
  });

  // Why the check is not linear for every input (orphans.ts): the rule tells whether a graph has a triangle.
  it('decides whether a graph has a triangle, with messages of the size of the graph', () => {
    const next = random(3);
    const seen = new Set<boolean>();
    for (let run = 0; run < 200; run++) {
      const n = 3 + (run % 5);
      const edges = new Set<string>();
      for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) if (next() < 0.4) edges.add(`${u},${v}`).add(`${v},${u}`);
      const near = (u: number) => [...Array(n).keys()].filter((v) => edges.has(`${u},${v}`));
      let triangle = false;
      for (let u = 0; u < n; u++) for (const v of near(u)) for (const w of near(v)) triangle ||= edges.has(`${w},${u}`);
      const messages = [
        update(column('root'), text('g'), ...[...Array(n).keys()].flatMap((v) => [column(`b${v}`, ...near(v).map((w) => `o${w}`)), column(`o${v}`)])),
        ...[...Array(n).keys()].map((a) =>
          update(
            column('root', ...near(a).map((w) => `b${w}`)),
            ...[...new Set([...near(a), ...near(a - 1)])].map((v) => (near(a).includes(v) ? column(`o${v}`, 'g') : column(`o${v}`))),
          ),
        ),
        update(column('root', ...[...Array(n).keys()].flatMap((v) => [`b${v}`, `o${v}`])), ...near(n - 1).map((v) => column(`o${v}`))),
      ];
      expect(verdict(...messages)).toBe(triangle ? 'ok' : orphan('g'));
      seen.add(triangle);
    }
    expect(seen.size).toBe(2);
  });

  it('is the rule as written, on random messages over a few ids', () => {
    const next = random(37);
    for (let run = 0; run < 3_000; run++) {
      const ids = ['root', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].slice(0, 3 + (run % 8));
      const pick = () => ids[Math.floor(next() * ids.length)] as string;
      const updates = Array.from(
        { length: 1 + Math.floor(next() * (run % 2 === 0 ? 6 : 20)) },
        () =>
          new Map<string, WireComponent>(
            Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
              const id = pick();
              return [id, column(id, ...Array.from({ length: Math.floor(next() * 4) }, pick))];
            }),
          ),
      );
      expect([...orphansOf(updates, 'root', catalog)].sort(), JSON.stringify(updates.map((map) => [...map.values()]))).toEqual(
        [...reference(updates, 'root')].sort(),
      );
    }
  });
});

/** Payloads of `n` children that the orphan check once walked again from the root per message. */
const SHAPES: [string, (n: number) => object[]][] = [
  ['a Column, then one message per child', (n) => [update(column('root', ...ids(n))), ...ids(n).map((id) => update(text(id)))]],
  [
    'a chain sent from the root down, one link per message',
    (n) => [...ids(n).map((id, i) => update(column(i === 0 ? 'root' : id, `t${i + 1}`))), update(text(`t${n}`)), update(column('root'))],
  ],
  [
    'a chain sent from the root down, each link naming the next ten times',
    (n) => [...ids(n).map((id, i) => update(column(i === 0 ? 'root' : id, ...Array(10).fill(`t${i + 1}`)))), update(text(`t${n}`)), update(column('root'))],
  ],
  [
    'a Column and its children, then each child written again',
    (n) => [update(column('root', ...ids(n)), ...ids(n).map(text)), ...ids(n).map((id) => update(text(id)))],
  ],
  [
    'a Column and its children, then the root naming it and one new child per message, dropping the one before',
    (n) => [
      update(column('root', 'h'), column('h', ...ids(n)), ...ids(n).map(text)),
      ...ids(n).map((id) => update(column('root', 'h', `${id}x`), text(`${id}x`))),
    ],
  ],
  [
    'a Column and its children, then the root dropping it and naming it again, message after message',
    (n) => [
      update(column('root', 'h'), column('h', ...ids(n)), ...ids(n).map(text)),
      ...ids(n).map((_, i) => update(column('root', ...(i % 2 === 0 ? [] : ['h'])))),
    ],
  ],
];

function ids(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `t${i}`);
}

describe('orphan check work', () => {
  /** Reads of the components' properties by `validateMessages` of `messages`. */
  function reads(messages: object[]): number {
    let count = 0;
    const counted = (component: object) =>
      new Proxy(component, {
        get(target, key, receiver) {
          count++;
          return Reflect.get(target, key, receiver);
        },
      });
    const payload = messages.map((message) => update(...(message as ReturnType<typeof update>).updateComponents.components.map(counted)));
    validateMessages([start, ...payload], catalog);
    return count;
  }

  it.each(SHAPES)('%s: reads of the components grow as the messages do', (_, shape) => {
    expect(reads(shape(1_200)) / reads(shape(300))).toBeLessThan(5);
  });

  /** Steps of the orphan check's walks on `messages`. */
  function steps(messages: object[]): number {
    const work = { steps: 0 };
    const updates = messages.map((message) => componentsById((message as ReturnType<typeof update>).updateComponents.components));
    orphansOf(updates, 'root', catalog, work);
    return work.steps;
  }

  it.each(SHAPES)('%s: the steps of the walks grow as the messages do', (_, shape) => {
    expect(steps(shape(1_200)) / steps(shape(300))).toBeLessThan(5);
  });
});
