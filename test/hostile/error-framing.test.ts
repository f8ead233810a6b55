/**
 * The AI SDK entry's error parts cost their framing too (probe 17, finding 4): each error part
 * closes the open text part and opens another, and the provider's metadata went on every text
 * part reopened. `<a2ui-json>[1]</a2ui-json> ` × 400 sent 5.0× the model's text at 1- and
 * 16-character deltas, and 6.5× whole with 430 bytes of metadata on the provider's text-start.
 * Measured against the model's text (stricter than the input chunks as JSON).
 */
import { describe, expect, it } from 'vitest';
import { aiSdkBytes, deltas } from './entry-output.js';

const text = Array.from({ length: 400 }, () => '<a2ui-json>[1]</a2ui-json>').join(' ');
const providerMetadata = { openai: { itemId: `msg_${'x'.repeat(400)}` } };

describe('an error between every two characters of text: out ≤ 4 · text + 1,024', () => {
  for (const [name, metadata] of [
    ['no provider metadata', undefined],
    ['430 bytes of provider metadata', providerMetadata],
  ] as const) {
    it(name, async () => {
      for (const size of [1, 16, 64, Infinity]) {
        const { bytesOut } = await aiSdkBytes(deltas(text, size), metadata);
        expect(bytesOut, `${size}-character deltas`).toBeLessThanOrEqual(4 * text.length + 1_024);
      }
    });
  }
});
