import { describe, expect, test, vi } from 'vitest';
import { A2uiParseError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { CUT_GROWTH, CUT_STEP, grewEnough } from '../../src/json/cut-rules.js';
import { LastLooks, SMALL_OPEN_VALUE } from '../../src/stream/open-values.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { messagesOf, rethrow, V08, V09 } from './helpers.js';

test('a small open value is looked at again only when it may show more', () => {
  const gate = new LastLooks();
  const value = {};
  expect(gate.due(value, 10, 1, -1)).toBe(true);
  // Nothing opened or completed, and no more of the cut is shown: a key or a hidden string grew.
  expect(gate.due(value, 26, 1, -1)).toBe(false);
  expect(gate.due(value, 30, 2, -1)).toBe(true);
  // A cut string starts being shown.
  expect(gate.due(value, 40, 2, 0)).toBe(true);
  expect(gate.due(value, 40, 2, 0)).toBe(false);
  // It grew, but by less than CUT_STEP characters; then by CUT_STEP.
  expect(gate.due(value, 40 + CUT_STEP - 1, 2, CUT_STEP - 1)).toBe(false);
  expect(gate.due(value, 40 + CUT_STEP, 2, CUT_STEP)).toBe(true);
  // A value that completed is looked at whatever the cut.
  expect(gate.due(value, 40 + CUT_STEP + 1, 3, CUT_STEP + 1)).toBe(true);
  // Another open value has its own record.
  expect(gate.due({}, 50, 2, 9)).toBe(true);
});

test('a shown cut string is shown again once it grew by CUT_STEP characters or by CUT_GROWTH of what was shown', () => {
  expect(grewEnough(-1, 0)).toBe(true);
  expect(grewEnough(5, -1)).toBe(true);
  expect(grewEnough(10, 10)).toBe(false);
  expect(grewEnough(10, 10 + CUT_STEP - 1)).toBe(false);
  expect(grewEnough(10, 10 + CUT_STEP)).toBe(true);
  const long = 1_000;
  expect(grewEnough(long, long + Math.ceil(long * CUT_GROWTH) - 1)).toBe(false);
  expect(grewEnough(long, long + Math.ceil(long * CUT_GROWTH))).toBe(true);
});

test('a large open value is looked at again once it has grown by a quarter', () => {
  const gate = new LastLooks();
  const value = {};
  expect(gate.due(value, SMALL_OPEN_VALUE * 2, 1, -1)).toBe(true);
  expect(gate.due(value, SMALL_OPEN_VALUE * 2 + 100, 2, -1)).toBe(false);
  expect(gate.due(value, SMALL_OPEN_VALUE * 2.5, 3, -1)).toBe(true);
});

test('chunks that only extend what may not be shown cut emit nothing; the value shows when it completes', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'delta' });
  const start =
    '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}, ' +
    '{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"name": "Ada", "city": "Lon';
  expect(messagesOf(parser.push(start)).filter((message) => 'updateDataModel' in message)).toHaveLength(1);
  // `city` is not a cuttable key: its cut text is never shown, so these chunks change nothing.
  for (const chunk of ['d', 'o', 'n']) expect(messagesOf(parser.push(chunk))).toEqual([]);
  expect(messagesOf(parser.push('", '))).toEqual([{ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/city', value: 'London' } }]);
});

test('a component is not healed for a chunk that only opens an object in it or closes one', () => {
  const parser = new A2uiStreamParser(V08, { snapshots: 'delta' });
  const heal = vi.spyOn(JsonBlockReader.prototype, 'heal');
  try {
    parser.push('<a2ui-json>[{"beginRendering": {"surfaceId": "s", "root": "t"}}, {"surfaceUpdate": {"surfaceId": "s", "components": [');
    const chunks = ['{', '"id": "t", "component": {', '"Text": {', '"text": {', '"literalString": "Hi"', '}', ', "usageHint": "h1"', '}', '}'];
    const sent: unknown[] = [];
    const healedPerChunk = chunks.map((chunk) => {
      heal.mockClear();
      for (const message of messagesOf(parser.push(chunk))) sent.push(...(message as { surfaceUpdate: { components: unknown[] } }).surfaceUpdate.components);
      return heal.mock.calls.length;
    });
    // Only chunks that complete a value and leave no empty object open (the text, the hint).
    expect(healedPerChunk).toEqual([0, 0, 0, 0, 1, 0, 1, 0, 0]);
    expect(sent).toEqual([
      { id: 't', component: { Text: { text: { literalString: 'Hi' } } } },
      { id: 't', component: { Text: { text: { literalString: 'Hi' }, usageHint: 'h1' } } },
    ]);
  } finally {
    heal.mockRestore();
  }
});

describe('a large component left open when its block ends shows everything read', () => {
  const text = 'x'.repeat(SMALL_OPEN_VALUE + 4_000);
  const head =
    '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},' +
    '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"';
  /** The root's text as last sent, feeding `input` in 1,000-character chunks, then `end()`. */
  function lastText(snapshots: 'full' | 'delta', input: string): string | undefined {
    const parser = new A2uiStreamParser(V09, { snapshots });
    const parts: Part[] = [];
    for (let i = 0; i < input.length; i += 1_000) parts.push(...rethrow(parser.push(input.slice(i, i + 1_000))));
    for (const part of parser.end()) {
      if (part.type === 'error') expect(part.error).toBeInstanceOf(A2uiParseError);
      else parts.push(part);
    }
    const roots = messagesOf(parts).flatMap((m) =>
      ((m.updateComponents as { components?: { id: string; text: string }[] } | undefined)?.components ?? []).filter((c) => c.id === 'root'),
    );
    return roots.at(-1)?.text;
  }
  // Before the last look, the look gate had shown it only at growth by a quarter (9,749 characters here).
  for (const snapshots of ['full', 'delta'] as const) {
    test(`${snapshots}: the response ends inside its cut text`, () => {
      expect(lastText(snapshots, head + text)).toBe(text);
    });
    test(`${snapshots}: the block closes with the component unfinished`, () => {
      expect(lastText(snapshots, `${head + text}"</a2ui-json>`)).toBe(text);
    });
  }
});

test.each(['full', 'delta'] as const)('a large data model left open when its block ends goes out with every entry read (%s)', (snapshots) => {
  // Above SMALL_OPEN_VALUE a partial is looked at only at growth by a quarter: the block's end must look once more.
  const entries = Array.from({ length: 400 }, (_, i) => `"k${i}": "value number ${i} with some padding text"`).join(', ');
  const head =
    '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}, ' +
    `{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/d", "value": {${entries}, "last": "x"`;
  expect(head.length).toBeGreaterThan(SMALL_OPEN_VALUE * 1.5);
  for (const [tail, error] of [
    [' </a2ui-json>', undefined],
    [' : ]</a2ui-json>', 'Failed to parse JSON'],
    ['', 'close tag'],
  ] as const) {
    const parser = new A2uiStreamParser(V09, { snapshots });
    const parts: ReturnType<A2uiStreamParser['push']> = [];
    const errors: string[] = [];
    const text = head + tail;
    const call = (fn: () => ReturnType<A2uiStreamParser['push']>) => {
      for (const part of fn()) {
        if (part.type === 'error') errors.push(part.error.message);
        else parts.push(part);
      }
    };
    for (let i = 0; i < text.length; i += 16) call(() => parser.push(text.slice(i, i + 16)));
    call(() => parser.end());
    // Each update sets `/d` or a key under it: what the renderer ends with holds every entry read.
    const model: Record<string, unknown> = {};
    for (const message of messagesOf(parts)) {
      const update = message.updateDataModel as { path: string; value: unknown } | undefined;
      if (update?.path === '/d') Object.assign(model, update.value);
      else if (update?.path.startsWith('/d/')) model[update.path.slice(3)] = update.value;
    }
    expect(Object.keys(model), JSON.stringify(tail)).toHaveLength(401);
    expect(errors.some((message) => message.includes(error ?? '\u0000'))).toBe(error !== undefined);
  }
});
