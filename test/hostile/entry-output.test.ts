/**
 * No amplification on the entries (issue #37): for benign and hostile answers of 2 KiB, at 1-, 16-
 * and 64-character deltas and whole (a valid data list of short strings sent 4.3–7.5 times its
 * input on the AI SDK entry before the core's output budget, `test/hostile/output-budget.test.ts`), the AI SDK entry's UI message chunks and the AG-UI middleware's
 * events (text messages and render tool calls) are at most 4× the entry's input, as JSON. Many
 * small blocks (probe 15) are checked at 16 KiB against `4·in + 1,024`: below 8 KiB the core
 * itself sends more for one-Text surfaces (docs/security.md). The figures at larger sizes are in
 * bench/entry-output.ts.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_BYTES_PER_CHAR } from '../../src/stream/error-budget.js';
import { aiSdkBytes, agUiBytes, ANSWER_SHAPES, deltas, ENTRIES, MANY_BLOCK_SHAPES } from './entry-output.js';

/** The bound of bytes out ÷ bytes in. */
const LIMIT = 4;
const SIZE = 2_048;

describe('bytes out ÷ bytes in ≤ 4 on every entry', () => {
  for (const entry of ENTRIES) {
    for (const shape of entry.shapes.filter((s) => !MANY_BLOCK_SHAPES.includes(s))) {
      it(`${entry.name}: ${shape.name}`, async () => {
        const text = shape.text(SIZE);
        for (const size of [1, 16, 64, Infinity]) {
          const { bytesIn, bytesOut } = await entry.bytes(deltas(text, size));
          expect(bytesOut / bytesIn, `${size}-character deltas: ${bytesOut} bytes out for ${bytesIn} in`).toBeLessThanOrEqual(LIMIT);
        }
      });
    }
  }
});

describe('many small blocks: out ≤ 4·in + 1,024 at 16 KiB (probe 15: 5.5–6.5× whole on the AI SDK entry)', () => {
  const entries = [
    ['AI SDK', aiSdkBytes],
    ['AG-UI text', agUiBytes],
  ] as const;
  for (const [name, bytes] of entries) {
    for (const shape of MANY_BLOCK_SHAPES) {
      it(`${name}: ${shape.name}`, async () => {
        const text = shape.text(16_384);
        for (const size of [1, 16, 64, Infinity]) {
          const { bytesIn, bytesOut } = await bytes(deltas(text, size));
          expect(bytesOut, `${size}-character deltas: ${bytesOut} bytes out for ${bytesIn} in`).toBeLessThanOrEqual(LIMIT * bytesIn + 1_024);
        }
      });
    }
  }
});

describe('what one error carries', () => {
  it('an error flood read whole sends errors within the budget and one error counting the rest (AI SDK)', async () => {
    const flood = ANSWER_SHAPES.find((shape) => shape.name.startsWith('error flood'));
    const text = flood?.text(SIZE) ?? '';
    const { bytesOut } = await aiSdkBytes([text]);
    // The 1,000-odd bad values would each cost ~280 bytes: the budget keeps the errors near 2 bytes per character.
    expect(bytesOut).toBeLessThan(text.length * (ERROR_BYTES_PER_CHAR + 1) + 1_000);
  });
});
