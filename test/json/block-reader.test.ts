import { Tokenizer } from '@streamparser/json';
import { describe, expect, test, vi } from 'vitest';
import { A2uiLimitError, A2uiParseError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { DepthExceededError } from '../../src/json/builder.js';
import { fixPayload } from '../../src/json/index.js';
import { LenientRepairer } from '../../src/json/repair.js';
import type { CutString } from '../../src/json/heal.js';
import { readInPieces } from './read-values.js';

/** Every way to cut `text` in two, plus one character at a time. */
function chunkings(text: string): string[][] {
  const result: string[][] = [[text], Array.from(text)];
  for (let i = 1; i < text.length; i++) result.push([text.slice(0, i), text.slice(i)]);
  return result;
}

const repairs: [string, string, unknown[]][] = [
  ['trailing comma in array', '[{"a": 1},]', [[{ a: 1 }]]],
  ['trailing comma in object', '{"a": 1, "b": [1, 2 , ] ,}', [{ a: 1, b: [1, 2] }]],
  ['comma inside a string is data', '{"a": "x, ]", "b": "y,}"}', [{ a: 'x, ]', b: 'y,}' }]],
  ['curly quotes as delimiters', '{“a”: “b c”}', [{ a: 'b c' }]],
  ['curly quote as data stays data', '{"a": "say “hi”"}', [{ a: 'say “hi”' }]],
  ['straight quote inside a curly-quoted string', '{“a”: “x"y”}', [{ a: 'x"y' }]],
  ['raw line break and tab in a string', '{"a": "l1\nl2\tx\u0001"}', [{ a: 'l1\nl2\tx\u0001' }]],
  ['escapes kept', '{"a": "q\\"\\\\n\\u00e9"}', [{ a: 'q"\\né' }]],
  ['Markdown fence around the block', '```json\n[{"a": 1}]\n```', [[{ a: 1 }]]],
  ['concatenated objects', '{"a": 1}\n{"b": 2}', [{ a: 1 }, { b: 2 }]],
  ['numbers and literals at the edge of commas', '[1,true,null,-2.5e3,]', [[1, true, null, -2500]]],
  ['a missing comma between values is supplied', '[{"a": 1} {"b": "x" "c": 2} "s" 3]', [[{ a: 1 }, { b: 'x', c: 2 }, 's', 3]]],
  ['an object where a key should be gets an empty key', '{"a": {"x": 1}, {"b": 2} {"c": 3}}', [{ a: { x: 1 }, '': { c: 3 } }]],
  ['non-ASCII text', '{"t": "héllo 🌍 日本"}', [{ t: 'héllo 🌍 日本' }]],
  ['pretty-printed, whitespace around every token', '[\n  {\n    "a" :\t1 ,\r\n    "b": [ true , 2 ]\n  }\n]', [[{ a: 1, b: [true, 2] }]]],
  ['whitespace still ends a number between values', '[1 2, -3\n\n4]', [[1, 2, -3, 4]]],
];

test('whitespace between tokens does not reach the tokenizer; a run that ends a number is one space', () => {
  const written: string[] = [];
  const decoder = new TextDecoder();
  const repairer = new LenientRepairer({ startValue() {}, endValue() {}, write: (bytes) => written.push(decoder.decode(bytes)) });
  repairer.push('{ "a" :  [ 1 ,\n   2  ] ,\n  "b": "x  y" }');
  expect(written.join('')).toBe('{"a":[1 ,2 ],"b":"x  y"}');
});

describe('JsonBlockReader repairs, at every chunk boundary', () => {
  for (const [name, text, expected] of repairs) {
    test(name, () => {
      for (const pieces of chunkings(text)) expect(readInPieces(pieces)).toEqual(expected);
    });
  }
});

describe('fixPayload', () => {
  test('wraps a single object and keeps a list', () => {
    expect(fixPayload('{"a": 1}')).toEqual([{ a: 1 }]);
    expect(fixPayload('[{"a": 1}, {"b": 2}]')).toEqual([{ a: 1 }, { b: 2 }]);
  });
  test('reads a payload that is one JSON scalar as a list of it, like the reference', () => {
    expect(fixPayload(' 42 ')).toEqual([42]);
    expect(fixPayload('null')).toEqual([null]);
    expect(fixPayload('"x"')).toEqual(['x']);
    expect(() => fixPayload('42 43')).toThrow(/Failed to parse JSON/);
  });
  test('normalises curly single quotes like the reference', () => {
    expect(fixPayload('{"t": "It’s"}')).toEqual([{ t: "It's" }]);
  });
  test('keeps __proto__ as data without touching Object.prototype', () => {
    const [value] = fixPayload('{"__proto__": {"polluted": true}}') as [Record<string, unknown>];
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  test('reports line and column of a syntax error', () => {
    const error = (() => {
      try {
        fixPayload('[\n  {"a": 1},\n  {"b" 2}\n]');
      } catch (e) {
        return e;
      }
    })() as A2uiParseError;
    expect(error).toBeInstanceOf(A2uiParseError);
    expect(error.message).toMatch(/^Failed to parse JSON: /);
    expect([error.line, error.column]).toEqual([3, 8]);
  });
  test('rejects prose outside values, empty input and unterminated values', () => {
    expect(() => fixPayload('invalid_json')).toThrow(/Failed to parse JSON/);
    expect(() => fixPayload('')).toThrow(/Failed to parse JSON/);
    expect(() => fixPayload('[{"a": 1}')).toThrow(/Unterminated/);
  });
  test('nesting beyond maxDepth is a LimitError', () => {
    const reader = new JsonBlockReader({ onValue() {} }, { maxDepth: 10 });
    expect(() => reader.push('['.repeat(11))).toThrow(A2uiLimitError);
  });
  test('a bracket run in one chunk stops at maxDepth: no more of it is read or written', () => {
    let written = 0;
    const sink = { startValue() {}, endValue() {}, write: (bytes: Uint8Array) => (written += bytes.length) };
    const repairer = new LenientRepairer(sink, { maxDepth: 256 });
    expect(() => repairer.push('['.repeat(100_000))).toThrow(DepthExceededError);
    expect(written).toBe(256);
    expect(repairer.depth).toBe(256);
  });
  test('a long number read in 16-character chunks is converted once, when it ends', () => {
    // `parseNumber` converts a number's text: its calls count the digits converted.
    const parse = vi.spyOn(Tokenizer.prototype as unknown as { parseNumber(text: string): number }, 'parseNumber');
    try {
      const text = `[${'7'.repeat(8192)}, 2]`;
      const pieces = Array.from({ length: Math.ceil(text.length / 16) }, (_, k) => text.slice(k * 16, k * 16 + 16));
      expect(readInPieces(pieces)).toEqual([[Number('7'.repeat(8192)), 2]]);
      const converted = parse.mock.calls.reduce((sum, [digits]) => sum + digits.length, 0);
      // The tokenizer is given the long number's first digit only (the reader converts its whole
      // text once, the value above), and `2`.
      expect(converted).toBe(1 + 1);
    } finally {
      parse.mockRestore();
    }
  });
  test('values that closed before a bracket run in the same chunk are still read', () => {
    const values: unknown[] = [];
    const reader = new JsonBlockReader({ onValue: (value, parents) => parents.length === 1 && values.push(value) }, { maxDepth: 8 });
    expect(() => reader.push(`[{"a": 1}, {"b": 2}, ${'{"c":'.repeat(100_000)}`)).toThrow(A2uiLimitError);
    expect(values).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe('partial values', () => {
  function stateAfter(text: string) {
    const reader = new JsonBlockReader({ onValue() {} });
    reader.push(text);
    return reader;
  }
  const allowText = (cut: CutString) => cut.key === 'text';

  test('a cut string under an allowed key is healed', () => {
    const reader = stateAfter('{"id": "a", "text": "Hel');
    const cut = reader.cut();
    expect(cut.kind === 'string' && [cut.text, cut.length, cut.key, cut.inArray]).toEqual(['Hel', 3, 'text', false]);
    expect(reader.heal(0, 'strict', allowText)).toEqual({ id: 'a', text: 'Hel' });
  });
  test('a cut string under another key makes the value unusable, or is dropped', () => {
    const reader = stateAfter('{"text": "ok", "id": "ab');
    expect(reader.heal(0, 'strict', allowText)).toBeUndefined();
    expect(reader.heal(0, 'drop', allowText)).toEqual({ text: 'ok' });
  });
  test('dangling keys and cut numbers are never shown', () => {
    for (const text of ['{"a": 1, "b"', '{"a": 1, "b":', '{"a": 1, "b": 12', '{"a": 1, "b": tr', '{"a": 1, "b": "x", "c']) {
      const reader = stateAfter(text);
      expect(
        reader.heal(0, 'strict', () => true),
        text,
      ).toBeUndefined();
      expect(
        reader.heal(0, 'drop', () => false),
        text,
      ).toEqual({ a: 1, ...(text.includes('"x"') ? { b: 'x' } : {}) });
    }
  });
  test('a healed copy keeps a __proto__ key as data', () => {
    const healed = stateAfter('{"__proto__": {"x": 1}, "in": {"__proto__": 2, "text": "Hi').heal(0, 'drop', allowText) as Record<string, unknown>;
    expect(Object.keys(healed)).toEqual(['__proto__', 'in']);
    expect(Object.getPrototypeOf(healed)).toBe(Object.prototype);
    expect(JSON.stringify(healed)).toBe('{"__proto__":{"x":1},"in":{"__proto__":2,"text":"Hi"}}');
  });
  test('a held trailing comma still lets the number before it complete', () => {
    expect(stateAfter('{"a": 12,').heal(0, 'strict', () => false)).toEqual({ a: 12 });
  });
  test('the revision changes when a value opens or completes, not when an object closes', () => {
    const reader = new JsonBlockReader({ onValue() {} });
    const revisions: number[] = [];
    const healed: unknown[] = [];
    for (const chunk of ['{"a": {"b": "x"', '}', ', "c": [2', ']', ', "d": {', '"e": "y"', '}']) {
      reader.push(chunk);
      revisions.push(reader.revision);
      healed.push(reader.heal(0, 'strict', () => false));
    }
    const changed = revisions.map((revision, i) => i > 0 && revision !== revisions[i - 1]);
    expect(changed).toEqual([false, false, true, true, true, true, false]);
    // Where it stays the same, the healed copy is the same JSON.
    expect(healed[1]).toEqual(healed[0]);
    expect(healed[6]).toEqual(healed[5]);
  });
  test('healing shares closed children and copies only the open path', () => {
    const reader = stateAfter('{"list": [{"x": 1}, {"y": [2');
    const first = reader.heal(0, 'drop', () => false) as { list: unknown[] };
    const second = reader.heal(0, 'drop', () => false) as { list: unknown[] };
    expect(first).toEqual({ list: [{ x: 1 }, { y: [] }] });
    expect(first.list[0]).toBe(second.list[0]);
    expect(first.list[1]).not.toBe(second.list[1]);
  });
});

describe('a character the repair stage rejects', () => {
  test('values that closed before it in the same chunk are read, whole as in pieces', () => {
    const text = '[{"a": 1}, {"b": 2}, \ud83d ]';
    const read = (pieces: string[]) => {
      const values: unknown[] = [];
      const reader = new JsonBlockReader({ onValue: (value, parents) => parents.length === 1 && values.push(value) });
      let error: unknown;
      try {
        for (const piece of pieces) reader.push(piece);
      } catch (thrown) {
        error = thrown;
      }
      return { values, error: error instanceof A2uiParseError ? error.message : error };
    };
    const whole = read([text]);
    expect(whole.values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(whole.error).toMatch(/Unexpected character U\+D83D: line 1 column 22/);
    for (const pieces of chunkings(text)) expect(read(pieces)).toEqual(whole);
  });
});
