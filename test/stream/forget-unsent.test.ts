/**
 * `A2uiStreamParser.forgetUnsent`: a parser that reads every turn of a conversation (the AG-UI
 * read-back) forgets, after each, what the turn read and never sent, so the next turn reads as a
 * parser made for it, seeded with every message sent so far as `history`, would (issue #37, probe
 * 14 finding 2: the read-back claimed components the client never got).
 */
import { describe, expect, it, vi } from 'vitest';
import { A2uiError } from '../../src/errors.js';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import { SurfaceGraph } from '../../src/stream/surface-graph.js';
import { Validity } from '../../src/stream/validity.js';
import type { WireComponent } from '../../src/validate/graph.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { chunksOf } from '../support/chunkings.js';
import { Rng } from '../support/rng.js';
import { NO_PLACEHOLDER_V09 } from './custom-catalogs.js';
import { errorsOf, messagesOf, V08, V09, V10 } from './helpers.js';

const block = (messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const create = (surfaceId = 's') => ({ version: 'v0.9', createSurface: { surfaceId, catalogId: V09.id } });
const update = (components: unknown[], surfaceId = 's') => ({ version: 'v0.9', updateComponents: { surfaceId, components } });
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });
const text = (id: string, value: string) => ({ id, component: 'Text', text: value });

function read(parser: A2uiStreamParser, input: string, size = input.length): Part[] {
  return [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/** Error parts with their details in one order (a parser made later lists its surfaces in another). */
function normalized(parts: readonly Part[]): unknown[] {
  return parts.map((part) =>
    part.type === 'error' ? { ...part, error: { ...part.error, details: [...part.error.details].sort((a, b) => a.path.localeCompare(b.path)) } } : part,
  );
}

/**
 * Reads `turns` with one parser (`forget`: calling `forgetUnsent` after each) and with a parser per
 * turn seeded with what the turns before sent; returns both parts per turn.
 */
function bothWays(catalog: typeof V09, turns: readonly string[], options: StreamParserOptions & { size?: number; forget?: boolean } = {}) {
  const { size, forget = true, ...parserOptions } = options;
  const one = new A2uiStreamParser(catalog, { ...parserOptions, turns: true });
  const sent: A2uiMessage[] = [];
  return turns.map((turn) => {
    const fresh = read(new A2uiStreamParser(catalog, { ...parserOptions, history: sent }), turn, size);
    const kept = read(one, turn, size);
    if (forget) one.forgetUnsent();
    sent.push(...messagesOf(fresh));
    return { kept: normalized(kept), fresh: normalized(fresh) };
  });
}

describe('forgetUnsent', () => {
  it.each(['delta', 'full'] as const)('%s: a component no root reached is forgotten: a later turn naming it shows its placeholder', (snapshots) => {
    const turns = [block([create(), update([column('root', ['a']), text('a', 'A'), text('b', 'never sent')])]), block([update([column('root', ['a', 'b'])])])];
    const [, second] = bothWays(V09, turns, { snapshots });
    expect(second?.kept).toEqual(second?.fresh);
    expect(JSON.stringify(second?.kept)).not.toContain('never sent');
    // Without it, the second turn sends what the first read and never sent.
    const [, kept] = bothWays(V09, turns, { snapshots, forget: false });
    expect(JSON.stringify(kept?.kept)).toContain('never sent');
  });

  it('the components of a surface never created go, and so does the surface', () => {
    const turns = [
      block([update([column('root', ['x']), text('x', 'early')], 'late')]),
      block([create('late'), update([column('root', ['x'])], 'late')]),
      block([{ version: 'v0.9', deleteSurface: { surfaceId: 'never' } }]),
    ];
    const results = bothWays(V09, turns);
    for (const { kept, fresh } of results) expect(kept).toEqual(fresh);
    expect(JSON.stringify(results[1]?.kept)).not.toContain('early');
  });

  it('a surface never created keeps the data that went out for it', () => {
    const data = { version: 'v0.9', updateDataModel: { surfaceId: 'd', path: '/k', value: 1 } };
    const parser = new A2uiStreamParser(V09, { turns: true });
    read(parser, block([data, update([text('root', 'unsent')], 'd')]));
    parser.forgetUnsent();
    // The surface stays (a renderer may hold its data): its delete is not refused as unknown.
    expect(errorsOf(read(parser, block([{ version: 'v0.9', deleteSurface: { surfaceId: 'd' } }])))).toEqual([]);
  });

  it.each(['delta', 'full'] as const)('%s: a component changed and never sent takes back the form the client holds', (snapshots) => {
    // Block 1 sends `a`; block 2 takes it out of the tree and changes it (after block 1 let go of it).
    const turns = [
      block([create(), update([column('root', ['a']), text('a', 'shown')])]) + block([update([column('root', []), text('a', 'never sent')])]),
      block([update([column('root', ['a'])])]),
    ];
    const [, second] = bothWays(V09, turns, { snapshots });
    expect(second?.kept).toEqual(second?.fresh);
    expect(JSON.stringify(second?.kept)).not.toContain('never sent');
  });

  // Probe 16 finding 5b: the parent the turn changed to wait for a child with no placeholder went
  // back to the form the client holds, but its wait was still reported at every later block.
  it('a parent the turn made wait is no longer reported waiting once the turn gave back its sent form', () => {
    const start = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: NO_PLACEHOLDER_V09.id } };
    const stack = (id: string, children: string[]) => ({ id, component: 'Stack', children });
    const label = (id: string, value: string) => ({ id, component: 'Label', text: value });
    const turns = [
      block([start, update([stack('root', ['t']), label('t', 'T')])]),
      block([update([stack('root', ['t', 'missing'])])]),
      block([update([label('z', 'Z')])]),
    ];
    const [, second, third] = bothWays(NO_PLACEHOLDER_V09, turns);
    expect(JSON.stringify(second?.kept)).toContain("'root' of surface 's' is held back");
    expect(third?.kept).toEqual(third?.fresh);
    expect(JSON.stringify(third?.kept)).not.toContain('held back');
  });

  // Probe 16 finding 5c: the error was given once per parser.
  it('a component left out past maxExpansion is reported again when a later turn names it', () => {
    const big = column(
      'big',
      Array.from({ length: 30 }, (_, i) => `c${i}`),
    );
    const turns = [block([create(), update([column('root', ['big']), big])]), block([update([big])])];
    const [first, second] = bothWays(V09, turns, { maxExpansion: 10 });
    for (const turn of [first, second]) expect(JSON.stringify(turn?.kept)).toContain("Component 'big' of surface 's' left out");
    expect(second?.kept).toEqual(second?.fresh);
  });

  // Probe 16 finding 5d: a parser seeded with what was sent learns the tree from the root it holds.
  it('a surface named in knownSurfaces becomes one whose tree the parser knows once the client holds a root it sent', () => {
    const turns = [block([update([column('root', ['a']), text('a', 'A')])]), block([update([text('x', 'unreachable')])])];
    const results = bothWays(V09, turns, { knownSurfaces: ['s'] });
    for (const { kept, fresh } of results) expect(kept).toEqual(fresh);
    // Unknown, every component would go out; known, `x` has no place in the tree.
    expect(JSON.stringify(results[0]?.kept)).toContain('"A"');
    expect(JSON.stringify(results[1]?.kept)).not.toContain('unreachable');
  });

  // Probe 17 finding 6: 240 bytes a turn stayed, the verdict about each component the turn judged.
  it('a turn forgets its verdicts about components the surface does not hold', () => {
    const validity = new Validity(true, true);
    const catalog = V09;
    for (const id of ['kept', 'gone']) validity.isValid(catalog, text(id, id) as WireComponent);
    validity.turnEnded((id) => id === 'kept');
    expect(validity.size).toBe(1);
    const forgotten = vi.spyOn(Validity.prototype, 'forget');
    const parser = new A2uiStreamParser(V09, { turns: true });
    for (let turn = 0; turn < 3; turn++) {
      read(
        parser,
        block([...(turn === 0 ? [create()] : []), update([column('root', []), text(`unreached${turn}`, 'x'), { id: `bad${turn}`, component: 'Text' }])]),
      );
      parser.forgetUnsent();
    }
    const ids = new Set(forgotten.mock.calls.map(([id]) => id));
    forgotten.mockRestore();
    for (let turn = 0; turn < 3; turn++) for (const id of [`unreached${turn}`, `bad${turn}`]) expect(ids).toContain(id);
  });

  it('forgets after a response a limit ended', () => {
    const parser = new A2uiStreamParser(V09, { turns: true, maxSurfaces: 1 });
    const parts = read(parser, block([create('a'), create('b')]));
    expect(parts.at(-1)).toMatchObject({ type: 'error', error: { category: 'LimitError' } });
    expect(() => parser.forgetUnsent()).not.toThrow();
  });

  // Probe 16 finding 2: a turn of a few characters that changes a component of many children the
  // client holds, never sending it, made each turn's end put back every child reference.
  it('puts back at most what the turn read and a floor: past it the surface is one whose tree the parser does not know', () => {
    const children = Array.from({ length: 3000 }, (_, i) => `c${i}`);
    // No output budget: the 3,000 placeholders go out with it, so the client holds it.
    const parser = new A2uiStreamParser(V09, { turns: true, outputBytesPerChar: Number.POSITIVE_INFINITY });
    read(parser, block([create(), update([column('root', ['big']), column('big', children)])]));
    parser.forgetUnsent();
    read(parser, block([update([column('root', [])])]));
    parser.forgetUnsent();
    const restored = vi.spyOn(SurfaceGraph.prototype, 'restore');
    const sent: unknown[] = [];
    for (let i = 0; i < 20; i++) {
      const turn = block([update([text('big', `turn ${i}`)])]);
      sent.push(...messagesOf(read(parser, turn)));
      parser.forgetUnsent();
      const refs = restored.mock.calls.reduce((sum, [, children]) => sum + children.refs.length, 0);
      expect(refs).toBeLessThanOrEqual(1024 + turn.length);
      restored.mockClear();
    }
    restored.mockRestore();
    // The tree unknown, each change goes out as it comes: the client gets what the model wrote.
    expect(JSON.stringify(sent)).toContain('turn 19');
  });

  it('is refused without the turns option (nothing kept), and during a response', () => {
    expect(() => new A2uiStreamParser(V09).forgetUnsent()).toThrow(A2uiError);
    const parser = new A2uiStreamParser(V09, { turns: true });
    parser.push('<a2ui-json>[');
    expect(() => parser.forgetUnsent()).toThrow(A2uiError);
    parser.end();
    expect(() => parser.forgetUnsent()).not.toThrow();
  });
});

/** A random turn of `surfaces` (v0.8: its message shapes), as a model under test writes them. */
function randomTurn(rng: Rng, version: '0.8' | '0.9' | '1.0', catalogId: string, surfaces: readonly string[]): string {
  const child = () => `c${rng.int(0, 6)}`;
  const messages = Array.from({ length: rng.int(1, 5) }, () => {
    const surfaceId = rng.pick(surfaces);
    const x = rng.next();
    if (version === '0.8') {
      const col = (id: string, kids: string[]) => ({ id, component: { Column: { children: { explicitList: kids } } } });
      if (x < 0.2) return { beginRendering: { surfaceId, root: 'root' } };
      if (x < 0.25) return { deleteSurface: { surfaceId } };
      if (x < 0.4) return { dataModelUpdate: { surfaceId, contents: [{ key: `k${rng.int(0, 3)}`, valueString: `v${rng.int(0, 99)}` }] } };
      const components = [
        col('root', [...new Set([child(), child()])]),
        rng.chance(0.3) ? col(child(), [child()]) : { id: child(), component: { Text: { text: { literalString: `t${rng.int(0, 99)}` } } } },
      ];
      return { surfaceUpdate: { surfaceId, components: components.slice(rng.int(0, 1)) } };
    }
    const v = `v${version}`;
    if (x < 0.2) return { version: v, createSurface: { surfaceId, catalogId } };
    if (x < 0.25) return { version: v, deleteSurface: { surfaceId } };
    if (x < 0.4) return { version: v, updateDataModel: { surfaceId, path: `/k${rng.int(0, 3)}`, value: `v${rng.int(0, 99)}` } };
    const components = [column('root', [...new Set([child(), child()])]), rng.chance(0.3) ? column(child(), [child()]) : text(child(), `t${rng.int(0, 99)}`)];
    return { version: v, updateComponents: { surfaceId, components: components.slice(rng.int(0, 1)) } };
  });
  return `T ${block(messages)}`;
}

describe('forgetUnsent, random conversations: one parser reads each turn as a parser seeded with what was sent', () => {
  const cases = [
    ['0.8', V08],
    ['0.9', V09],
    ['1.0', V10],
  ] as const;
  // v0.8 read whole is left out: within one part a later snapshot of a surface drops an earlier one
  // (as the reference does), whose components the parser counts as sent (decisions C44).
  it.each(cases)('v%s', (version, catalog) => {
    let differ = 0;
    for (let seed = 1; seed <= 40; seed++) {
      for (const snapshots of ['delta', 'full'] as const) {
        for (const size of version === '0.8' ? [1, 7] : [1, 7, 100_000]) {
          const rng = new Rng(seed);
          const surfaces = ['s0', 's1', 's2'].slice(0, rng.int(1, 3));
          const turns = Array.from({ length: rng.int(2, 6) }, () => randomTurn(rng, version, catalog.id, surfaces));
          if (bothWays(catalog, turns, { snapshots, size }).some(({ kept, fresh }) => JSON.stringify(kept) !== JSON.stringify(fresh))) differ++;
        }
      }
    }
    expect(differ).toBe(0);
  });
});
