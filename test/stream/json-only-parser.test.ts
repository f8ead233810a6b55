/**
 * The parser without Express (#39: the browser parse path): `A2uiJsonStreamParser` and
 * `a2uiJsonStream` read direct JSON exactly as the full parser does, leave `<a2ui>` blocks as text,
 * and refuse `format: 'express'`. `scripts/size-check.mjs` checks that a bundle of it holds no Express.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiValidationError } from '../../src/errors.js';
import { A2uiJsonStreamParser, A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { a2uiJsonStream } from '../../src/web/index.js';
import { generateResponse } from '../support/generate-response.js';
import { chunkings } from '../support/chunkings.js';
import { run } from '../web/helpers.js';

const read = (parser: { push(chunk: string): Part[]; end(): Part[] }, chunks: readonly string[]) => [
  ...chunks.flatMap((chunk) => parser.push(chunk)),
  ...parser.end(),
];

describe('A2uiJsonStreamParser', () => {
  it.each(['0.8', '0.9', '1.0'] as const)('reads a direct-JSON response of v%s into the same parts as A2uiStreamParser, at every chunking', (version) => {
    const catalog = basicCatalog(version);
    const { text } = generateResponse({ version, seed: 3, blocks: 3, targetBytes: 6_000 });
    for (const { name, chunks } of chunkings(text, 5, 3)) {
      expect(read(new A2uiJsonStreamParser(catalog), chunks), name).toEqual(read(new A2uiStreamParser(catalog), chunks));
    }
  });

  it('leaves an Express block as text (the full parser reads it)', () => {
    const catalog = basicCatalog('0.9');
    const text = 'Here:\n<a2ui>\nroot = Text("Hi")\n</a2ui>\nDone.';
    const parts = read(new A2uiJsonStreamParser(catalog), [text]);
    expect(parts).toEqual([{ type: 'text', text }]);
    expect(read(new A2uiStreamParser(catalog), [text]).some((part) => part.type === 'a2ui')).toBe(true);
  });

  it("refuses format: 'express' (unwrapped Express), which it cannot read", () => {
    expect(() => new A2uiJsonStreamParser(basicCatalog('0.9'), { wrapped: false, format: 'express' })).toThrow(A2uiValidationError);
    expect(() => new A2uiJsonStreamParser(basicCatalog('0.9'), { wrapped: false, format: 'json' })).not.toThrow();
  });

  it('a2uiJsonStream is a TransformStream over it', async () => {
    const catalog = basicCatalog('0.9');
    const text = `Hi <a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}}]</a2ui-json> <a2ui>root = Text("x")</a2ui>`;
    const { out } = await run(a2uiJsonStream(catalog), [...text]);
    expect(out.filter((part) => part.type === 'a2ui').flatMap((part) => (part.type === 'a2ui' ? part.messages : []))).toEqual([
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: catalog.id } },
    ]);
    expect(out.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')).toBe('Hi  <a2ui>root = Text("x")</a2ui>');
  });
});
