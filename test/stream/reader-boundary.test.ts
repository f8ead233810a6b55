/**
 * The reader boundary (`src/stream/reader.ts`): a reader that hands the surface logic only whole
 * messages (and errors) gets what the JSON reader gets for the same messages: placeholders,
 * reachability, validation as a filter, delta and full snapshots, no flicker, history and
 * knownSurfaces. The test reader reads one JSON message per line (a stand-in for a line notation
 * such as Express) and is plugged in where the parser opens a block's reader.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { A2uiError, A2uiLimitError, A2uiParseError } from '../../src/errors.js';
import type { BlockReader, MessageContext, MessageSink } from '../../src/stream/reader.js';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { V09 } from './helpers.js';

const hooks = vi.hoisted(() => ({ lines: false }));

vi.mock('../../src/stream/block-readers.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/stream/block-readers.js')>();
  return {
    ...original,
    openReader: (...args: Parameters<typeof original.openReader>) => (hooks.lines ? new LineReader(args[1]) : original.openReader(...args)),
  };
});

afterEach(() => {
  hooks.lines = false;
});

/** A reader of one message per line: each line, once whole, is one complete message; a line that does not parse is a read error and the block reads on. */
class LineReader implements BlockReader {
  readonly skipped = false;
  #pending = '';
  #offset = 0;
  #index = 0;

  constructor(private readonly sink: MessageSink) {}

  read(text: string, endOfPiece: boolean): void {
    this.#pending += text;
    for (let end = this.#pending.indexOf('\n'); end >= 0; end = this.#pending.indexOf('\n')) {
      const line = this.#pending.slice(0, end);
      this.#pending = this.#pending.slice(end + 1);
      this.#line(line, this.#offset);
      this.#offset += end + 1;
    }
    if (endOfPiece) this.sink.flush();
  }

  end(): A2uiError | undefined {
    this.#line(this.#pending, this.#offset);
    this.#pending = '';
    this.sink.flush();
    return undefined;
  }

  interrupt(): void {}

  #line(line: string, offset: number): void {
    if (line.trim() === '') return;
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      this.sink.report(new A2uiParseError(`Line does not read as a message: ${line.slice(0, 20)}`, { offset }));
      return;
    }
    const key = Object.keys(message).find((name) => name !== 'version');
    const body = key === undefined ? undefined : (message[key] as { surfaceId?: unknown } | undefined);
    const context: MessageContext = { index: this.#index++, offset, key, surfaceId: typeof body?.surfaceId === 'string' ? body.surfaceId : undefined };
    try {
      this.sink.message(message, context);
    } catch (error) {
      if (!(error instanceof A2uiError) || error instanceof A2uiLimitError) throw error;
      this.sink.failed(error);
    }
  }
}

const CATALOG = V09.id;
const m = (key: string, body: Record<string, unknown>) => ({ version: 'v0.9', [key]: body }) as A2uiMessage;
const create = (surfaceId: string) => m('createSurface', { surfaceId, catalogId: CATALOG });
const update = (surfaceId: string, components: Record<string, unknown>[]) => m('updateComponents', { surfaceId, components });

/** Placeholders (b), an unreachable component made reachable (c), an invalid one left out, a data model, a redefinition, a delete. */
const MESSAGES: A2uiMessage[] = [
  create('s'),
  update('s', [
    { id: 'root', component: 'Column', children: ['a', 'b'] },
    { id: 'a', component: 'Text', text: 'A' },
    { id: 'c', component: 'Text', text: 'orphan for now' },
  ]),
  update('s', [
    { id: 'b', component: 'Column', children: ['c', 'bad'] },
    { id: 'bad', component: 'Text' },
  ]),
  m('updateDataModel', { surfaceId: 's', path: '/user', value: { name: 'Ada' } }),
  update('s', [{ id: 'a', component: 'Text', text: 'A, again' }]),
  create('t'),
  update('t', [{ id: 'root', component: 'Text', text: 'T' }]),
  m('deleteSurface', { surfaceId: 't' }),
];

/** The parts of each call: the messages in one JSON block, one message per chunk. */
function viaJson(messages: readonly A2uiMessage[], options: StreamParserOptions): Part[][] {
  const parser = new A2uiStreamParser(V09, options);
  const chunks = messages.map((message, i) => `${i === 0 ? 'Intro <a2ui-json>[' : ','}${JSON.stringify(message)}`);
  return [...chunks.map((chunk) => parser.push(chunk)), parser.push(']</a2ui-json> outro'), parser.end()];
}

/** The parts of each call: the same messages read by the line reader, one line per chunk. */
function viaLines(lines: readonly string[], options: StreamParserOptions): Part[][] {
  hooks.lines = true;
  const parser = new A2uiStreamParser(V09, options);
  const chunks = lines.map((line, i) => `${i === 0 ? 'Intro <a2ui-json>' : ''}${line}\n`);
  return [...chunks.map((chunk) => parser.push(chunk)), parser.push('</a2ui-json> outro'), parser.end()];
}

/** Parts as JSON (errors by category, message and details), to compare two runs. */
function shown(calls: readonly Part[][]): unknown {
  return calls.map((parts) =>
    parts.map((part) => (part.type === 'error' ? { error: part.error.category, message: part.error.message, details: part.error.details } : part)),
  );
}

const messagesOf = (calls: readonly Part[][]) => calls.flat().flatMap((part) => (part.type === 'a2ui' ? part.messages : []));

describe('a reader of whole messages gets what the JSON reader gets', () => {
  test.each(['delta', 'full'] as const)('%s snapshots: the same parts per call', (snapshots) => {
    const json = viaJson(MESSAGES, { snapshots });
    const lines = viaLines(
      MESSAGES.map((message) => JSON.stringify(message)),
      { snapshots },
    );
    expect(shown(lines)).toEqual(shown(json));
    // What the surface logic did: a placeholder for b, c held until reachable, the invalid one left out, a redefinition whole.
    const sent = messagesOf(lines);
    const components = sent.flatMap((message) => (message.updateComponents?.components ?? []) as { id: string; component: string; text?: string }[]);
    const ids = components.map((component) => component.id);
    expect(ids.indexOf('c')).toBeGreaterThan(ids.indexOf('b'));
    // `bad` is only ever a placeholder (delta: under its own id; full: loading_bad).
    expect(components.filter((component) => component.id.endsWith('bad')).map((component) => component.component)).toContain('Row');
    expect(components.filter((component) => component.id.endsWith('bad') && component.component !== 'Row')).toEqual([]);
    const texts = components.filter((component) => component.id === 'a').map((component) => component.text);
    expect(texts.filter((text, i) => text !== texts[i - 1])).toEqual(['A', 'A, again']);
    expect(
      lines
        .flat()
        .filter((part) => part.type === 'error')
        .map((part) => part.type === 'error' && part.error.category),
    ).toEqual(['ValidationError']);
  });

  test('history and knownSurfaces seed the surfaces the same way', () => {
    const history = [
      create('h'),
      update('h', [
        { id: 'root', component: 'Column', children: ['x'] },
        { id: 'x', component: 'Text', text: 'X' },
      ]),
    ];
    const response = [
      update('h', [
        { id: 'y', component: 'Text', text: 'Y' },
        { id: 'root', component: 'Column', children: ['x', 'y', 'z'] },
      ]),
      update('k', [{ id: 'deep', component: 'Text', text: 'known surface' }]),
    ];
    const options = { history, knownSurfaces: ['k'] };
    const json = viaJson(response, options);
    expect(
      shown(
        viaLines(
          response.map((message) => JSON.stringify(message)),
          options,
        ),
      ),
    ).toEqual(shown(json));
    // x is not sent again (the renderer holds it), z gets a placeholder, k's component goes out as it is.
    const ids = messagesOf(json).flatMap((message) => ((message.updateComponents?.components ?? []) as { id: string }[]).map((c) => c.id));
    expect(ids).toEqual(['root', 'y', 'z', 'deep']);
  });
});

describe('errors of a reader that reads on', () => {
  test('a read error is reported with its offset, and the messages after it go out', () => {
    const lines = [
      JSON.stringify(create('s')),
      '{"version": "v0.9", updateComponents}',
      JSON.stringify(update('s', [{ id: 'root', component: 'Text', text: 'after' }])),
    ];
    const parts = viaLines(lines, {}).flat();
    const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
    expect(errors.map((error) => [error.category, error.offset])).toEqual([['ParseError', lines[0]!.length + 1]]);
    expect(messagesOf([parts]).map((message) => Object.keys(message)[1])).toEqual(['createSurface', 'updateComponents']);
  });

  test('a message that fails whole is reported, what it put is rolled back, and the block reads on', () => {
    const lines = [
      JSON.stringify(create('s')),
      JSON.stringify(m('createSurface', { surfaceId: 'u' })),
      JSON.stringify(update('s', [{ id: 'root', component: 'Text', text: 'after' }])),
    ];
    const parts = viaLines(lines, {}).flat();
    expect(parts.filter((part) => part.type === 'error').map((part) => part.type === 'error' && part.error.details[0]?.path)).toEqual([
      'messages.1.createSurface.catalogId',
    ]);
    expect(messagesOf([parts]).map((message) => Object.keys(message)[1])).toEqual(['createSurface', 'updateComponents']);
  });
});
