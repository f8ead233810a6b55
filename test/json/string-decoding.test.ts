/**
 * Strings are decoded by the repair stage (the tokenizer sees only `""`): values, cut strings and
 * errors must be what reading the JSON text byte by byte gave, at every chunk boundary.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { A2uiParseError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { LenientRepairer } from '../../src/json/repair.js';
import { splitAt } from '../support/robust.js';
import { readInPieces } from './read-values.js';

/** `text` with each lone surrogate replaced by U+FFFD (`String.prototype.toWellFormed`). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const cuts = (text: string) => fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 });

describe('decoded strings', () => {
  test('escaped JSON (every escape, lone surrogates as \\u) reads as JSON.parse does, however it is cut', () => {
    fc.assert(
      fc.property(
        fc.dictionary(anyText, fc.oneof(anyText, fc.array(anyText, { maxLength: 3 }))).chain((value) => {
          const text = JSON.stringify(value);
          return fc.tuple(fc.constant(text), cuts(text));
        }),
        ([text, offsets]) => {
          expect(readInPieces(splitAt(text, offsets))).toEqual([JSON.parse(text)]);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('raw characters: a pair split by a cut stays a pair, a lone surrogate becomes U+FFFD', () => {
    const raw = anyText.map((text) => text.replace(/["\\\u0000-\u001f\u2018-\u201d]/g, 'x'));
    fc.assert(
      fc.property(
        raw.chain((text) => {
          const json = `{"k": "${text}"}`;
          return fc.tuple(fc.constant(json), fc.constant(text), cuts(json));
        }),
        ([json, text, offsets]) => {
          expect(readInPieces(splitAt(json, offsets))).toEqual([{ k: wellFormed(text) }]);
        },
      ),
      { numRuns: 400 },
    );
  });

  test('escaped and raw halves of a pair do not join, as with UTF-8 in between', () => {
    for (const pieces of [['{"k": "\ud83d\\ude00"}'], ['{"k": "\ud83d', '\\ude00"}']]) {
      expect(readInPieces(pieces)).toEqual([{ k: '\ufffd\ude00' }]);
    }
    expect(readInPieces(['{"k": "\\ud83d\ude00"}'])).toEqual([{ k: '\ud83d\ufffd' }]);
  });

  test('repairs are decoded as the data they stand for', () => {
    expect(readInPieces(['{“k”: “say "hi"”, "c": "a\tb\u0001", "q": "‘x’"}'])).toEqual([{ k: 'say "hi"', c: 'a\tb\u0001', q: '‘x’' }]);
  });

  test('a cut string shows what is decoded so far, never half an escape', () => {
    const cases: [string, string][] = [
      ['{"text": "ab\\', 'ab'],
      ['{"text": "ab\\u00', 'ab'],
      ['{"text": "ab\\u00e9', 'abé'],
      ['{"text": "ab\\n', 'ab\n'],
      ['{"text": "ab\ud83d', 'ab'],
    ];
    for (const [text, shown] of cases) {
      const reader = new JsonBlockReader({ onValue() {} });
      reader.push(text);
      const cut = reader.cut();
      expect(cut.kind === 'string' && [cut.text, cut.length], text).toEqual([shown, shown.length]);
    }
  });

  test('an escape JSON does not have is an error at its character, however the input is cut', () => {
    for (const [text, column, shown] of [
      ['{"a": "x\\q"}', 10, 'q'],
      ['{"a": "x\\u12g4"}', 13, 'g'],
      ['{"a\\u": 1}', 6, '"'],
    ] as const) {
      for (const pieces of [[text], Array.from(text)]) {
        const error = (() => {
          try {
            readInPieces(pieces);
          } catch (e) {
            return e;
          }
        })() as A2uiParseError;
        expect(error, text).toBeInstanceOf(A2uiParseError);
        expect([error.message.split(':')[1]?.trim(), error.line, error.column], text).toEqual([`Unexpected "${shown}"`, 1, column]);
      }
    }
  });

  test('half of a surrogate pair between tokens is an error at it', () => {
    expect(() => readInPieces(['{"a": 1, \ud83d"b": 2}'])).toThrow(/Unexpected character U\+D83D: line 1 column 10/);
  });
});

describe('LenientRepairer output modes', () => {
  const text = '{"k": "a\\"b\\u00e9", “c”: 1}';

  test('without stringValue it writes repaired JSON text', () => {
    const written: string[] = [];
    const decoder = new TextDecoder();
    new LenientRepairer({ startValue() {}, endValue() {}, write: (bytes) => written.push(decoder.decode(bytes)) }).push(text);
    expect(JSON.parse(written.join(''))).toEqual({ k: 'a"bé', c: 1 });
  });

  test('with stringValue it writes empty strings and hands over the values in order', () => {
    const written: string[] = [];
    const strings: string[] = [];
    const decoder = new TextDecoder();
    const repairer = new LenientRepairer({
      startValue() {},
      endValue() {},
      write: (bytes) => written.push(decoder.decode(bytes)),
      stringValue: (value) => strings.push(value),
    });
    repairer.push(text.slice(0, 12));
    expect([repairer.partialString, repairer.partialLength]).toEqual(['a"b', 3]);
    repairer.push(text.slice(12));
    expect(written.join('')).toBe('{"":"","":1}');
    expect(strings).toEqual(['k', 'a"bé', 'c']);
  });
});
