/**
 * The data assignments of a surface the block creates go out as one update of its model until the
 * surface shows a component (`src/express/pending-data.ts`, issue #37): no envelope and surface id
 * per `$/path = value`, the renderer ends with the same model, and data that a component already
 * on screen reads still goes out at its statement.
 */
import { describe, expect, it, vi } from 'vitest';
import { ExpressReader, type ExpressMessage } from '../../src/express/index.js';
import { EXPANSION_FLOOR } from '../../src/express/expansion-budget.js';
import { MAX_MERGED_DEPTH } from '../../src/express/pending-data.js';
import { A2uiStreamParser, basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { readChunks, streamedEqualsWhole } from './chunked.js';

const v10 = basicCatalog('1.0');
const v09 = basicCatalog('0.9');
type Sent = { message: ExpressMessage };
const bodies = (reading: { messages: readonly unknown[] }) => (reading.messages as Sent[]).map((m) => m.message);
const dataUpdates = (reading: { messages: readonly unknown[] }) =>
  bodies(reading).flatMap((m) => (m.updateDataModel ? [m.updateDataModel as { path: string; value: unknown }] : []));

/** The data model a renderer ends with for surface `s` after the messages. */
const modelOf = (messages: readonly ExpressMessage[]) => finalState(applyMessages(new Map(), messages as A2uiMessage[])).s?.dataModel;

/** The model of `block` read as written statement by statement: the same statements on a surface that exists already (nothing gathered). */
function statementByStatement(block: string): unknown {
  const reading = readChunks([block], v10, { knownSurfaces: ['s'] });
  expect(reading.errors).toEqual([]);
  return modelOf([{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: v10.id } }, ...bodies(reading)]);
}

const bytesOut = (parts: readonly Part[]) =>
  parts.reduce(
    (sum, part) => sum + (part.type === 'text' ? part.text.length : JSON.stringify(part.type === 'a2ui' ? part.messages : part.error.message).length),
    0,
  );

function parse(text: string, size: number): Part[] {
  const parser = new A2uiStreamParser(v09);
  const chunks = size === Infinity ? [text] : chunksOf(text, size);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('data assignments of a surface the block creates', () => {
  it('go out as one update of the whole model, before its first component', () => {
    const reading = streamedEqualsWhole('surface("s")\n$/a = 1\n$/user/name = "Ada"\n$/user/age = 36\nroot = Text($/user/name)\n', v10);
    expect(reading.errors).toEqual([]);
    expect(bodies(reading).map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateDataModel', 'updateComponents']);
    expect(dataUpdates(reading)).toEqual([{ surfaceId: 's', path: '/', value: { a: 1, user: { name: 'Ada', age: 36 } } }]);
  });

  it('end as the statements would one by one: overwrites, whole objects then their keys, one variable used twice, list indexes, odd keys', () => {
    const block = [
      'surface("s")',
      'u = {name: "Ada", tags: ["a"]}',
      '$/user = u',
      '$/copy = u',
      '$/user/age = 36',
      '$/user/name = "Grace"',
      '$/a/b/c = 1',
      '$/a/b = 2',
      '$/a/d = 3',
      '$/constructor = "kept"',
      '$/list = [1, 2]',
      '$/list/1 = 5',
      '$/after/x = true',
      'root = Text("x")',
    ].join('\n');
    const reading = streamedEqualsWhole(block, v10);
    expect(reading.errors).toEqual([]);
    const model = modelOf(bodies(reading));
    expect(model).toEqual(statementByStatement(block));
    expect(model).toMatchObject({ user: { name: 'Grace', age: 36 }, copy: { name: 'Ada' }, a: { b: 2, d: 3 }, constructor: 'kept', list: [1, 5] });
    expect((model as { copy: object }).copy).not.toHaveProperty('age');
    // Gathered up to the list index; from there one by one.
    expect(dataUpdates(reading).map((update) => update.path)).toEqual(['/', '/list/1', '/after/x']);
  });

  it('a path or value nesting past MAX_MERGED_DEPTH goes as written: the core judges its depth (a path of 8,000 segments is left out)', () => {
    const deep = `$${'/a'.repeat(MAX_MERGED_DEPTH + 1)} = 1`;
    const reading = readChunks([`$/x = 1\n${deep}\n$/y = ${'['.repeat(MAX_MERGED_DEPTH)}${']'.repeat(MAX_MERGED_DEPTH)}\n`], v10);
    expect(dataUpdates(reading).map((update) => update.path.length)).toEqual([1, 2 * (MAX_MERGED_DEPTH + 1), 2]);
    const within = readChunks([`$/x = 1\n$${'/a'.repeat(MAX_MERGED_DEPTH)} = 1\n`], v10);
    expect(dataUpdates(within).map((update) => update.path)).toEqual(['/']);
  });

  it('a surface named again in the block: what was gathered goes first, and the surface is not created twice (probe 10 finding 3)', () => {
    const block = 'surface("a")\n$/x = 1\nsurface("b")\nroot = Text("b")\nsurface("a")\n$/z = 3\nroot = Text("a")\n';
    const reading = streamedEqualsWhole(block, v10);
    expect(reading.errors).toEqual([]);
    const messages = bodies(reading);
    expect(messages.filter((m) => (m.createSurface as { surfaceId?: string } | undefined)?.surfaceId === 'a')).toHaveLength(1);
    expect(finalState(applyMessages(new Map(), messages as A2uiMessage[])).a?.dataModel).toEqual({ x: 1, z: 3 });
  });

  it('a whole-model assignment replaces what was gathered', () => {
    const block = 'surface("s")\n$/a = 1\n$ = {b: 2}\n$/c = 3\nroot = Text("x")';
    const reading = streamedEqualsWhole(block, v10);
    expect(dataUpdates(reading)).toEqual([{ surfaceId: 's', path: '/', value: { b: 2, c: 3 } }]);
    expect(modelOf(bodies(reading))).toEqual(statementByStatement(block));
  });

  it('once the surface shows a component, each assignment goes out at its statement', () => {
    const sent: ExpressMessage[] = [];
    const reader = new ExpressReader(v10, { message: (message) => sent.push(message), error: (error) => expect.fail(error.message) });
    reader.push('$/a = 1\nroot = Text($/n)\n$/n = "x"\n');
    expect(sent.map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateDataModel', 'updateComponents', 'updateDataModel']);
    expect(sent[3]?.updateDataModel).toEqual({ surfaceId: 'default_surface', path: '/n', value: 'x' });
  });

  it('go out before a renderer function is called, and not at all when the surface is deleted', () => {
    const called = readChunks(['$/url = "https://a2ui.org"\nopenUrl($/url)\nroot = Text("x")\n'], v10);
    expect(bodies(called).map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateDataModel', 'callRendererFunction', 'updateComponents']);
    const deleted = readChunks(['$/a = 1\n$/b = 2\ndeleteSurface("default_surface")\n'], v10);
    expect(bodies(deleted).map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'deleteSurface']);
  });

  it('go out at the block’s end when no component follows', () => {
    const reading = readChunks(['$/a = 1\n$/b = 2\n'], v10);
    expect(dataUpdates(reading)).toEqual([{ surfaceId: 'default_surface', path: '/', value: { a: 1, b: 2 } }]);
  });

  it('a surface that exists already gets each assignment at its path (its model is not all known)', () => {
    const reading = readChunks(['surface("s")\n$/a = 1\n$/b = 2\n'], v10, { knownSurfaces: ['s'] });
    expect(dataUpdates(reading).map((update) => update.path)).toEqual(['/a', '/b']);
  });
});

describe('no amplification (issue #37, probe 8 findings 3 and 4)', () => {
  const assignments = Array.from({ length: 400 }, (_, i) => `$/a${i} = 1`).join('\n');
  const cases = {
    '400 assignments': `<a2ui>\n${assignments}\n</a2ui>`,
    '400 assignments, a 2,000-character surface id': `<a2ui>\nsurface("${'s'.repeat(2000)}")\n${assignments}\n</a2ui>`,
  };
  const many = Array.from({ length: 1_000 }, (_, i) => `$/a${i} = 1`).join('\n');
  const after = {
    'root, then 1,000 assignments': `<a2ui>\nroot = Text("x")\n${many}\n</a2ui>`,
    'root, then 1,000 assignments, a 2,000-character surface id': `<a2ui>\nsurface("${'s'.repeat(2000)}")\nroot = Text("x")\n${many}\n</a2ui>`,
  };
  for (const [name, text] of Object.entries(after)) {
    it(`${name}: each update's envelope counts in the expansion budget, bytes out ≤ 4 × in + 10 KiB (the expansion budget's floor and the core's), one limit_exceeded error, the same at every chunking (probe 10 finding 2)`, () => {
      const whole = parse(text, Infinity);
      for (const size of [1, 16, Infinity]) {
        const parts = size === Infinity ? whole : parse(text, size);
        expect(bytesOut(parts), `${name} @${size}`).toBeLessThanOrEqual(4 * text.length + EXPANSION_FLOOR + 2048);
        const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error.details[0]?.code] : []));
        expect(errors, `${name} @${size}`).toEqual(['limit_exceeded']);
        const messages = (of: readonly Part[]) => of.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
        expect(messages(parts), `${name} @${size}`).toEqual(messages(whole));
      }
    });
  }

  it('a long surface id is measured once per scope, not once per assignment left out (time linear in the input)', () => {
    const id = 's'.repeat(100_000);
    const measure = vi.spyOn(JSON, 'stringify');
    try {
      parse(`<a2ui>\nsurface("${id}")\nroot = Text("x")\n${assignments}\n</a2ui>`, Infinity);
      expect(measure.mock.calls.filter(([value]) => value === id).length).toBeLessThanOrEqual(2);
    } finally {
      measure.mockRestore();
    }
  });

  for (const [name, text] of Object.entries(cases)) {
    it(`${name}: bytes out ≤ 2 × in at 1- and 16-character chunks and whole, one update`, () => {
      for (const size of [1, 16, Infinity]) {
        const parts = parse(text, size);
        expect(bytesOut(parts), `${name} @${size}`).toBeLessThanOrEqual(2 * text.length);
        const updates = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages.filter((m) => 'updateDataModel' in m) : []));
        expect(updates, `${name} @${size}`).toHaveLength(1);
      }
    });
  }
});
