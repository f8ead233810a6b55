/**
 * A surface deleted and created again in one Express block (an outside probe, probe8 finding 8):
 * streamed, the second `surface("s")` was read before the sink had the delete, so the reader took
 * the surface for existing, sent no `createSurface`, and its components were refused ("not
 * created in this response"); whole, every cycle went out. The reader now knows what it deleted.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';

function read(text: string, size: number): Part[] {
  const parser = new A2uiStreamParser(basicCatalog('0.9'), {});
  const parts: Part[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
  parts.push(...parser.end());
  return parts;
}

const kinds = (parts: readonly Part[]) =>
  parts.flatMap((part) =>
    part.type === 'a2ui'
      ? part.messages.map((m) => Object.keys(m).find((k) => k !== 'version'))
      : part.type === 'error'
        ? [`error: ${part.error.message}`]
        : [],
  );

describe('a surface deleted and created again in one Express block', () => {
  const cycles = {
    'a root with children never defined': 'surface("s")\nroot = Column([a, b])\ndeleteSurface("s")\n',
    'a Text root': 'surface("s")\nroot = Text("x")\ndeleteSurface("s")\n',
  };
  for (const [name, cycle] of Object.entries(cycles)) {
    it(`${name}, three times: every cycle goes out at every chunking, as whole`, () => {
      const text = `ok <a2ui>\n${cycle.repeat(3)}</a2ui>`;
      const whole = kinds(read(text, text.length));
      expect(whole).toEqual(Array.from({ length: 3 }, () => ['createSurface', 'updateComponents', 'deleteSurface']).flat());
      for (const size of [1, 3, 16]) expect(kinds(read(text, size)), `${size}-character chunks`).toEqual(whole);
    });
  }
});

describe('deleteSurface(…) of a surface the block never made (C40)', () => {
  it('a surface read but never made sends no delete and is not named; one unknown to the response is named once, not sent', () => {
    const text = 'ok <a2ui>\nsurface("empty")\ndeleteSurface("empty")\ndeleteSurface("elsewhere")\ndeleteSurface("gone")\n</a2ui>';
    for (const size of [1, 16, text.length]) {
      expect(kinds(read(text, size)), `${size}-character chunks`).toEqual([
        "error: deleteSurface of surface 'elsewhere' was not sent: the surface was not created in this response (and 1 more); for a surface from an earlier turn, pass history or knownSurfaces",
      ]);
    }
  });
});
