/**
 * Numbers read in one pass (issue #37, item 2): the repair stage keeps a number's digits that
 * leave the tokenizer's state as it is from the tokenizer and hands the number's text to the
 * reader, which gives its token that value. Values are JSON's at every chunking; what is not a
 * number fails where it did.
 */
import { describe, expect, it } from 'vitest';
import { A2uiParseError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { LenientRepairer } from '../../src/json/repair.js';
import { readInPieces } from './read-values.js';

const pieces = (text: string, size: number) =>
  size === Infinity ? [text] : Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

/** The error `text` read in `size`-character pieces fails with, or `undefined`. */
function failure(text: string, size: number): string | undefined {
  const reader = new JsonBlockReader({ onValue() {} });
  try {
    for (const piece of pieces(text, size)) reader.push(piece);
  } catch (error) {
    expect(error).toBeInstanceOf(A2uiParseError);
    return (error as Error).message;
  }
  return undefined;
}

describe('numbers', () => {
  const valid = [
    '[12345678901234567890123, -0.000123456789e-5, 1E+300, 0, -0, 5e5, 1.5, 99, 0.5e-3, -12]',
    `{"a":${'7'.repeat(400)},"b":[1.${'3'.repeat(50)}e${'1'.repeat(3)}, -${'9'.repeat(30)}.${'0'.repeat(20)}1], "c": true}`,
    `[${'1'.repeat(20)} , ${'2'.repeat(20)}\n,${'3'.repeat(20)}]`,
  ];
  for (const text of valid) {
    it(`${text.slice(0, 40)}…: JSON's values, whole and at 1 to 7 characters a piece`, () => {
      for (const size of [Infinity, 1, 2, 3, 7]) expect(readInPieces(pieces(text, size)), `${size}`).toEqual([JSON.parse(text)]);
    });
  }

  it('what is not a number fails at the same character at every chunking', () => {
    for (const [text, at] of [
      ['[1234x]', 'column 6'],
      ['[1.2.3]', 'column 5'],
      ['[12e+]', 'column 6'],
    ] as const) {
      for (const size of [Infinity, 1, 2, 3, 7]) expect(failure(text, size), `${text} at ${size}`).toContain(at);
    }
  });

  it('a 10,000-digit number reaches the tokenizer as a few bytes, its value whole', () => {
    let bytes = 0;
    const numbers: [number, string][] = [];
    const repairer = new LenientRepairer({
      startValue() {},
      endValue() {},
      write: (chunk) => (bytes += chunk.length),
      numberValue: (offset, text) => numbers.push([offset, text]),
    });
    const digits = `1.${'7'.repeat(10_000)}`;
    for (const piece of pieces(`[0, ${digits}]`, 16)) repairer.push(piece);
    expect(bytes).toBeLessThan(16);
    // The tokenizer reads `[0 ,1`: the number's token starts at byte 4.
    expect(numbers).toEqual([[4, digits]]);
  });
});
