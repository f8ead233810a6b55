import { describe, expect, test, vi } from 'vitest';
import * as v from 'valibot';
import { Tokenizer } from '@streamparser/json';
import { basicCatalog, defineCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError, A2uiValidationError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { chunksOf } from '../support/chunkings.js';
import { componentIds, limitOf, rethrow, messagesOf, parseChunks, pushAll, textOf, V09, V10, v09 } from './helpers.js';

const create = (surfaceId: string, catalogId = V09.id, version = 'v0.9') => JSON.stringify(v09('createSurface', { surfaceId, catalogId }, version));
const update = (surfaceId: string, components: unknown[], version = 'v0.9') => JSON.stringify(v09('updateComponents', { surfaceId, components }, version));

test('knownSurfaces: updates to a surface created in an earlier turn go out as each component closes', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'delta', knownSurfaces: [{ surfaceId: 'old' }] });
  const head = '<a2ui-json>[{"version": "v0.9", "updateComponents": {"surfaceId": "old", "components": [{"id": "root", "component": "Text", "text": "upd';
  // The renderer may hold `root` from the earlier turn: a partial would replace its text with "upd".
  expect(messagesOf(parser.push(head))).toEqual([]);
  const parts = parser.push('ated"}, ');
  expect(messagesOf(parts)).toEqual([v09('updateComponents', { surfaceId: 'old', components: [{ id: 'root', component: 'Text', text: 'updated' }] })]);
  const deleted = parser.push(`{"id": "x", "component": "Text", "text": "x"}]}}, ${JSON.stringify(v09('deleteSurface', { surfaceId: 'old' }))}]</a2ui-json>`);
  expect(messagesOf(deleted).map((m) => Object.keys(m)[1])).toContain('deleteSurface');
});

test('wrapped: false reads the whole response as one block', () => {
  const parts = parseChunks(V09, [`[${create('s')}, `, `${update('s', [{ id: 'root', component: 'Text', text: 'hi' }])}]`], {
    wrapped: false,
  });
  expect(textOf(parts)).toBe('');
  expect(messagesOf(parts)).toHaveLength(2);
});

describe("text: 'trim'", () => {
  test('trims each run of text at its edges, holding trailing whitespace until it is settled', () => {
    const parser = new A2uiStreamParser(V09, { text: 'trim' });
    const calls = pushAll(parser, ['  Hello ', ' world  ', `<a2ui-json>[${create('s')}]</a2ui-json>`, '\n  Bye  ']);
    expect(calls.map(textOf)).toEqual(['Hello', '  world', '', 'Bye']);
    expect(textOf(parser.end())).toBe('');
  });
  test("'raw' keeps text verbatim", () => {
    expect(textOf(parseChunks(V09, ['  Hello ', ` <a2ui-json>[${create('s')}]</a2ui-json> `]))).toBe('  Hello   ');
  });
});

test('cuttableKeys replaces the catalog set', () => {
  const chunks = [
    `<a2ui-json>[${create('s')}, {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Hel`,
  ];
  const withDefault = new A2uiStreamParser(V09);
  expect(componentIds(messagesOf(pushAll(withDefault, chunks)))).toEqual([['root']]);
  const withoutText = new A2uiStreamParser(V09, { cuttableKeys: ['label'] });
  expect(componentIds(messagesOf(pushAll(withoutText, chunks)))).toEqual([]);
});

test('several catalogs in one response: each surface uses the catalog its createSurface names', () => {
  const custom = defineCatalog({
    id: 'custom',
    version: '0.9',
    components: {
      Badge: { schema: v.object({ id: v.string(), component: v.literal('Badge'), label: v.string() }) },
    },
  });
  const badge = { id: 'root', component: 'Badge', label: 'new' };
  const text = { id: 'root', component: 'Text', text: 'hi' };
  const parts = parseChunks(
    [V09, custom],
    [`<a2ui-json>[${create('a')}, ${create('b', 'custom')}, ${update('a', [text])}, ${update('b', [badge])}]</a2ui-json>`],
  );
  expect(componentIds(messagesOf(parts))).toEqual([['root'], ['root']]);
  expect(() => rethrow(parseChunks([V09, custom], [`<a2ui-json>[${create('b', 'custom')}, ${update('b', [text])}]</a2ui-json>`]))).toThrow(A2uiValidationError);
});

test("snapshots: 'delta' sends only what changed; 'full' re-sends the reachable tree", () => {
  const chunks = [
    `<a2ui-json>[${create('s')}, ${update('s', [
      { id: 'root', component: 'Column', children: ['a', 'b'] },
      { id: 'a', component: 'Text', text: 'A' },
    ])}, `,
    `${update('s', [{ id: 'b', component: 'Text', text: 'B' }])}]</a2ui-json>`,
  ];
  const full = componentIds(messagesOf(parseChunks(V09, chunks, { snapshots: 'full' })));
  expect(full).toEqual([
    ['a', 'root', 'loading_b'],
    ['a', 'b', 'root'],
  ]);
  // Delta: a placeholder takes the missing child's own id, so the parent is never sent again.
  const delta = messagesOf(parseChunks(V09, chunks, { snapshots: 'delta' }));
  expect(componentIds(delta)).toEqual([['a', 'root', 'b'], ['b']]);
  const [first, second] = delta.filter((m) => 'updateComponents' in m).map((m) => (m.updateComponents as { components: Record<string, unknown>[] }).components);
  expect(first?.[2]).toEqual({ id: 'b', component: 'Row', children: [] });
  expect(second?.[0]).toEqual({ id: 'b', component: 'Text', text: 'B' });
});

test("the default snapshots: 'delta' for v0.9, v0.9.1 and v1.0, 'full' for v0.8", () => {
  const v09Chunks = (version: string, catalogId: string) => [
    `<a2ui-json>[${create('s', catalogId, version)}, ${update(
      's',
      [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: 'A' },
      ],
      version,
    )}, `,
    `${update('s', [{ id: 'b', component: 'Text', text: 'B' }], version)}]</a2ui-json>`,
  ];
  for (const [version, wire] of [
    ['0.9', 'v0.9'],
    ['0.9.1', 'v0.9.1'],
    ['1.0', 'v1.0'],
  ] as const) {
    const chunks = v09Chunks(wire, basicCatalog(version).id);
    const byDefault = componentIds(messagesOf(parseChunks(version, chunks)));
    expect(byDefault, version).toEqual(componentIds(messagesOf(parseChunks(version, chunks, { snapshots: 'delta' }))));
    expect(byDefault, version).not.toEqual(componentIds(messagesOf(parseChunks(version, chunks, { snapshots: 'full' }))));
  }
  const v08 = [
    '<a2ui-json>[{"beginRendering": {"surfaceId": "s", "root": "root"}}, {"surfaceUpdate": {"surfaceId": "s", "components": [' +
      '{"id": "root", "component": {"Column": {"children": {"explicitList": ["a", "b"]}}}}, {"id": "a", "component": {"Text": {"text": {"literalString": "A"}}}}]}}, ',
    '{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "b", "component": {"Text": {"text": {"literalString": "B"}}}}]}}]</a2ui-json>',
  ];
  const v08Ids = (options?: { snapshots: 'full' | 'delta' }) => componentIds(messagesOf(parseChunks('0.8', v08, options)), 'surfaceUpdate');
  expect(v08Ids()).toEqual(v08Ids({ snapshots: 'full' }));
  expect(v08Ids()).not.toEqual(v08Ids({ snapshots: 'delta' }));
});

describe('versions', () => {
  test('messages the parser builds carry the catalog version string', () => {
    const v091 = basicCatalog('0.9.1');
    const parts = parseChunks(v091, [
      `<a2ui-json>[${create('s', v091.id, 'v0.9.1')}, {"version": "v0.9.1", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "cut`,
      '"}]}}]</a2ui-json>',
    ]);
    const built = messagesOf(parts).slice(1);
    expect(built.length).toBeGreaterThan(0);
    expect(new Set(built.map((m) => m.version))).toEqual(new Set(['v0.9.1']));
  });

  test('v1.0 holds each component until its object closes', () => {
    const parser = new A2uiStreamParser(V10);
    const open = `<a2ui-json>[${create('s', V10.id, 'v1.0')}, {"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Hel`;
    expect(componentIds(messagesOf(parser.push(open)))).toEqual([]);
    const closed = parser.push('lo"}');
    expect(messagesOf(closed)).toEqual([v09('updateComponents', { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Hello' }] }, 'v1.0')]);
  });

  test('v1.0: a closed component that does not validate is an error on the chunk that closes it', () => {
    const parser = new A2uiStreamParser(V10);
    parser.push(
      `<a2ui-json>[${create('s', V10.id, 'v1.0')}, {"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text"`,
    );
    expect(() => rethrow(parser.push(', "bogus": 1}'))).toThrow(A2uiValidationError);
  });

  test('v1.0 with partialComponents streams components like v0.9', () => {
    const parser = new A2uiStreamParser(V10, { partialComponents: true });
    const parts = parser.push(
      `<a2ui-json>[${create('s', V10.id, 'v1.0')}, {"version": "v1.0", "updateComponents": {"surfaceId": "s", "components": [{"id": "root", "component": "Text", "text": "Hel`,
    );
    expect(componentIds(messagesOf(parts))).toEqual([['root']]);
  });
});

describe('limits', () => {
  test('maxBufferSize bounds an unfinished block', () => {
    const parser = new A2uiStreamParser(V09, { maxBufferSize: 1000 });
    parser.push('<a2ui-json>[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"t": "');
    const parts: Part[] = [];
    for (let i = 0; i < 100; i++) parts.push(...parser.push('x'.repeat(50)));
    expect(limitOf(parts)).toBeInstanceOf(A2uiLimitError);
  });
  test('maxDepth bounds nesting', () => {
    expect(limitOf(new A2uiStreamParser(V09, { maxDepth: 20 }).push(`<a2ui-json>${'['.repeat(21)}`)).message).toMatch(/maxDepth \(20\)/);
  });
  test('maxSurfaces and maxComponentsPerSurface', () => {
    const many = Array.from({ length: 3 }, (_, i) => create(`s${i}`)).join(',');
    expect(limitOf(parseChunks(V09, [`<a2ui-json>[${many}]</a2ui-json>`], { maxSurfaces: 2 })).message).toMatch(/maxSurfaces \(2\)/);
    const components = Array.from({ length: 3 }, (_, i) => ({ id: `c${i}`, component: 'Text', text: 'x' }));
    expect(limitOf(parseChunks(V09, [`<a2ui-json>[${update('s', components)}]</a2ui-json>`], { maxComponentsPerSurface: 2 })).message).toMatch(
      /maxComponentsPerSurface \(2\)/,
    );
  });
  // Probe 17 finding 1: a limit stopped the parser for good, so a parser kept across responses (the
  // AG-UI read-back) was made anew, seeded with the whole conversation, after every such text.
  test('a limit ends its response: later calls give nothing until end(), and the next response reads on the same surfaces', () => {
    const parser = new A2uiStreamParser(V09, { maxDepth: 20 });
    pushAll(parser, [`<a2ui-json>[${create('s')}]</a2ui-json>`]);
    expect(limitOf(parser.push(`<a2ui-json>${'['.repeat(21)}`))).toBeInstanceOf(A2uiLimitError);
    expect(parser.push(`]]]</a2ui-json> lost ${update('s', [])}`)).toEqual([]);
    expect(parser.end()).toEqual([]);
    const next = [...parser.push(`next <a2ui-json>[${update('s', [{ id: 'root', component: 'Text', text: 'shown' }])}]</a2ui-json>`), ...parser.end()];
    expect(textOf(next)).toBe('next ');
    expect(componentIds(messagesOf(next))).toEqual([['root']]);
    // Met in end() itself (a block cut past maxBufferSize), the limit ends that response at once.
    const cut = new A2uiStreamParser(V09, { maxBufferSize: 100 });
    cut.push(`<a2ui-json>[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": "${'x'.repeat(90)}`);
    cut.end();
    expect(textOf([...cut.push('read again'), ...cut.end()])).toBe('read again');
    // Probe 18 finding 1: end() then sent what the roll-back owed (a placeholder for the partial it
    // dropped, naming one id twice); it goes before the limit's part now, once, at every chunking.
    const shown = `<a2ui-json>[${create('s')}, ${update('s', [
      { id: 'root', component: 'Column', children: ['a'] },
      { id: 'a', component: 'Text', text: 'shown' },
      { id: 'z', component: 'Text', text: 'x', junk: JSON.parse(`${'['.repeat(30)}${']'.repeat(30)}`) },
    ])}]</a2ui-json>`;
    for (let size = 1; size <= 60; size++) {
      const one = new A2uiStreamParser(V09, { maxDepth: 20 });
      const parts = chunksOf(shown, size).flatMap((chunk) => one.push(chunk));
      expect(parts.at(-1)?.type, `chunks of ${size}`).toBe('error');
      expect(one.end(), `chunks of ${size}`).toEqual([]);
      for (const ids of componentIds(messagesOf(parts))) expect(new Set(ids).size, `chunks of ${size}`).toBe(ids.length);
    }
    // A limit of what the parser holds stops it: every later response would meet it again.
    const full = new A2uiStreamParser(V09, { maxSurfaces: 1 });
    expect(limitOf([...full.push(`<a2ui-json>[${create('a')}, ${create('b')}]</a2ui-json>`), ...full.end()])).toBeInstanceOf(A2uiLimitError);
    expect([...full.push('not read'), ...full.end()]).toEqual([]);
  });
});

test('work grows linearly with input: bytes given to the tokenizer, one character at a time', () => {
  const response = (n: number) => {
    const children = Array.from({ length: n }, (_, i) => `t${i}`);
    const texts = children.map((id) => ({ id, component: 'Text', text: `Text number ${id} with some words é ✓` }));
    return `Intro <a2ui-json>[${create('s')}, ${update('s', [{ id: 'root', component: 'Column', children }, ...texts])}]</a2ui-json> Outro`;
  };
  const bytesFor = (input: string) => {
    const spy = vi.spyOn(Tokenizer.prototype, 'write');
    const parser = new A2uiStreamParser(V09, { snapshots: 'delta' });
    let emitted = 0;
    for (const ch of input) emitted += JSON.stringify(parser.push(ch)).length;
    // Bytes (the reader hands the tokenizer UTF-8), so the two non-ASCII characters count 5.
    const written = spy.mock.calls.reduce((sum, [chunk]) => sum + (chunk as Uint8Array | string).length, 0);
    spy.mockRestore();
    return { written, emitted };
  };
  const small = response(50);
  const large = response(200);
  const a = bytesFor(small);
  const b = bytesFor(large);
  const ratio = large.length / small.length;
  // Each input character reaches the tokenizer once (no re-parsing of what came before; a comma
  // is written as a space, then itself) ...
  expect(a.written).toBeLessThan(small.length * 1.1);
  expect(b.written).toBeLessThan(large.length * 1.1);
  // ... and with delta snapshots the output grows like the input, not with its square.
  expect(b.emitted / a.emitted).toBeLessThan(ratio * 1.5);
});

// Probe 15 finding 4: an option of the wrong type fell back to its default unseen, and a chunk that
// is not a string threw a TypeError or was lost without a word (push never throws).
describe('options and chunks of the wrong type', () => {
  test.each([
    ['maxBufferSize', '1000'],
    ['maxSurfaces', -1],
    ['maxErrors', Number.NaN],
    ['maxDepth', null],
    ['snapshots', 'ful'],
    ['text', 'trimmed'],
    ['validate', 'no'],
  ])('%s: %j is refused with a ValidationError', (name, value) => {
    expect(() => new A2uiStreamParser(V09, { [name]: value })).toThrow(A2uiValidationError);
  });

  // Probe 17 finding 7: quoting the value threw (a bigint, a cycle) or echoed megabytes.
  test('the error quotes any value, and at most 100 characters of it', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no');
        },
      },
    );
    for (const value of [10n, cyclic, hostile, 'x'.repeat(5_000_000), () => 1]) {
      const make = () => new A2uiStreamParser(V09, { maxSurfaces: value as never });
      expect(make).toThrow(A2uiValidationError);
      try {
        make();
      } catch (error) {
        expect((error as Error).message.length).toBeLessThan(300);
      }
    }
    expect(() => new A2uiStreamParser(V09, { maxSurfaces: 'x'.repeat(500) as never })).toThrow('… (500 characters)');
    expect(() => new A2uiStreamParser(V09, { cuttableKeys: 7 as never })).toThrow('Option cuttableKeys');
  });

  // Probe 17 finding 3: client-sent history deeper than the stack gave a RangeError.
  test('history nested deeper than maxDepth, or with a data path past 256 segments, is refused with a ValidationError', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5_000; i++) deep = { d: deep };
    const histories = [
      [JSON.parse(create('s')), { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'x', deep }] } }],
      [JSON.parse(create('s')), { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/a'.repeat(8_000), value: 1 } }],
    ];
    for (const history of histories) expect(() => new A2uiStreamParser(V09, { history })).toThrow(A2uiValidationError);
    const parser = new A2uiStreamParser(V09);
    expect(() => parser.seed(histories[0] as never)).toThrow(A2uiValidationError);
  });

  test.each([null, undefined, 123, {}, new Uint8Array([60, 97])])('push(%j) gives an error part and reads on', (chunk) => {
    const parser = new A2uiStreamParser(V09);
    const parts = parser.push(chunk as unknown as string);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.type === 'error' && parts[0].error).toBeInstanceOf(A2uiValidationError);
    expect(textOf([...parser.push('still read'), ...parser.end()])).toBe('still read');
  });
});
