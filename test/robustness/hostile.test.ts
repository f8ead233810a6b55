/**
 * Hostile model output (issue #37): inputs that once cost far more than their size. Each test
 * counts work or holds a limit; the time ratios are in bench/hostile.ts.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/parser.js';

const catalog = basicCatalog('0.9');
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}}`;

/** Feeds `text` in `size`-character pieces; returns the error thrown, if any. */
function feed(parser: A2uiStreamParser, text: string, size: number): unknown {
  try {
    for (let at = 0; at < text.length; at += size) parser.push(text.slice(at, at + size));
    parser.end();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('long numbers', () => {
  it('maxBufferSize holds for a number inside a message, read in 16-character chunks', () => {
    const head = `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Slider","value":`;
    const error = feed(new A2uiStreamParser(catalog, { maxBufferSize: 4096 }), `${head}${'9'.repeat(8192)}}]}}]</a2ui-json>`, 16);
    expect(error).toBeInstanceOf(A2uiLimitError);
    expect((error as Error).message).toContain('maxBufferSize');
  });
});

describe('deep bracket runs', () => {
  it('1,000,000 brackets in one chunk: a LimitError at maxDepth', () => {
    const error = feed(new A2uiStreamParser(catalog), `<a2ui-json>[${create},${'['.repeat(1_000_000)}`, Infinity);
    expect(error).toBeInstanceOf(A2uiLimitError);
    expect((error as Error).message).toContain('maxDepth');
  });
});
