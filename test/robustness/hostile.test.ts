/**
 * Hostile model output (issue #37): inputs that once cost far more than their size. Each test
 * counts work or holds a limit; the time ratios are in bench/hostile.ts.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { Part } from '../../src/types.js';

const catalog = basicCatalog('0.9');
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}}`;

/** Feeds `text` in `size`-character pieces; returns the limit's error part (the parser never throws), if any. */
function feed(parser: A2uiStreamParser, text: string, size: number): unknown {
  const parts: Part[] = [];
  for (let at = 0; at < text.length; at += size) parts.push(...parser.push(text.slice(at, at + size)));
  parts.push(...parser.end());
  for (const part of parts) if (part.type === 'error' && part.error instanceof A2uiLimitError) return part.error;
  return undefined;
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
