/**
 * Adversarial inputs, each with its documented outcome (docs/robustness.md). Nothing here may
 * crash, hang, or throw anything but an `A2uiError`; limits end the input with a `LimitError`
 * that names the limit and its value.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiLimitError } from '../../src/errors.js';
import { parseResponse } from '../../src/response/index.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { runParser, runStream, textOf } from '../support/robust.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const catalog = basicCatalog('0.9');
const create = (surfaceId = 's') => `{"version":"v0.9","createSurface":{"surfaceId":"${surfaceId}","catalogId":"${CATALOG}"}}`;
const textRoot = (text: string, surfaceId = 's') =>
  `{"version":"v0.9","updateComponents":{"surfaceId":"${surfaceId}","components":[{"id":"root","component":"Text","text":${JSON.stringify(text)}}]}}`;
const block = (...messages: string[]) => `<a2ui-json>[${messages.join(',')}]</a2ui-json>`;
const messagesOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.type === 'a2ui' ? p.messages : []));

/** Bytes in use: the heap and the array buffers (where byte buffers of the reader live). */
function inUse(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * Feeds `chunks` (a generator, so that 50 MB never exist at once), sampling memory after each call,
 * until a limit error part (the parser's last: it reads no further) or the end.
 */
function feedMeasured(parser: A2uiStreamParser, chunks: Iterable<string>): { error: unknown; peakHeapMb: number; fed: number } {
  const base = inUse();
  let peak = base;
  let fed = 0;
  const limit = (parts: readonly Part[]) => parts.find((p) => p.type === 'error' && p.error.category === 'LimitError');
  const done = (part: Part | undefined) => ({
    error: part?.type === 'error' ? part.error : undefined,
    peakHeapMb: (Math.max(peak, inUse()) - base) / 2 ** 20,
    fed,
  });
  for (const chunk of chunks) {
    fed += chunk.length;
    const hit = limit(parser.push(chunk));
    peak = Math.max(peak, inUse());
    if (hit) return done(hit);
  }
  return done(limit(parser.end()));
}

function* repeat(head: string, piece: string, times: number, tail = ''): Generator<string> {
  yield head;
  for (let i = 0; i < times; i++) yield piece;
  yield tail;
}

/** Like {@link repeat}, but each piece is a string of its own, as chunks off a network are. */
function* distinct(head: string, piece: string, times: number): Generator<string> {
  yield head;
  for (let i = 0; i < times; i++) yield `${piece.slice(1)}${i % 10}`;
}

function expectLimit(error: unknown, name: string, value: number): void {
  expect(error).toBeInstanceOf(A2uiLimitError);
  expect((error as Error).message).toContain(name);
  expect((error as Error).message).toContain(String(value));
}

describe('size and depth', () => {
  it('nesting depth 100,000: LimitError maxDepth (256) at depth 257, heap bounded', () => {
    const parser = new A2uiStreamParser(catalog);
    const { error, peakHeapMb } = feedMeasured(parser, repeat(`<a2ui-json>[${create()},`, '[', 100_000));
    expectLimit(error, 'maxDepth', 256);
    console.log(`depth 100,000: peak memory growth ${peakHeapMb.toFixed(1)} MB`);
    expect(peakHeapMb).toBeLessThan(64);
  });

  it('nesting depth 100,000 of objects, in one chunk, through parseResponse and the stream', async () => {
    const text = `<a2ui-json>[${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}]</a2ui-json>`;
    expectLimit(
      parseResponse(text, catalog)
        .flatMap((p) => (p.type === 'error' ? [p.error] : []))
        .at(-1),
      'maxDepth',
      256,
    );
    // Under onError 'emit' a LimitError is the last part and the stream closes its writable side.
    const { parts } = await runStream(catalog, [text]);
    const errors = parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
    expectLimit(errors[0], 'maxDepth', 256);
  });

  it('a 50 MB unterminated string: LimitError maxBufferSize (16 MiB), heap bounded by the limit', () => {
    const parser = new A2uiStreamParser(catalog);
    const head = `<a2ui-json>[${create()},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"`;
    const piece = 'x'.repeat(2 ** 20);
    const { error, peakHeapMb, fed } = feedMeasured(parser, distinct(head, piece, 50));
    expectLimit(error, 'maxBufferSize', 16 * 1024 * 1024);
    // It stops right after the limit, not at the end of the 50 MB.
    expect(fed).toBeLessThan(16 * 1024 * 1024 + 2 * piece.length + head.length);
    console.log(`50 MB string: stopped after ${(fed / 2 ** 20).toFixed(1)} MiB, peak memory growth ${peakHeapMb.toFixed(1)} MB`);
    expect(peakHeapMb).toBeLessThan(256);
  });

  it('a 50 MB string with maxBufferSize 1 MiB stops after 1 MiB with little heap', () => {
    const parser = new A2uiStreamParser(catalog, { maxBufferSize: 2 ** 20 });
    const { error, peakHeapMb, fed } = feedMeasured(parser, distinct(`<a2ui-json>[{"a":"`, 'y'.repeat(65_536), 800));
    expectLimit(error, 'maxBufferSize', 2 ** 20);
    expect(fed).toBeLessThan(2 ** 20 + 2 * 65_536);
    console.log(`50 MB string, maxBufferSize 1 MiB: peak memory growth ${peakHeapMb.toFixed(1)} MB`);
    expect(peakHeapMb).toBeLessThan(64);
  });

  it('50 MB of plain text streams through with no limit and no growth (text is not buffered)', () => {
    const parser = new A2uiStreamParser(catalog, { maxBufferSize: 2 ** 20 });
    let out = 0;
    const base = inUse();
    let peak = base;
    for (const chunk of repeat('', 'plain text. '.repeat(5_000), 850)) {
      for (const part of parser.push(chunk)) if (part.type === 'text') out += part.text.length;
      peak = Math.max(peak, inUse());
    }
    for (const part of parser.end()) if (part.type === 'text') out += part.text.length;
    expect(out).toBe(850 * 60_000);
    expect((peak - base) / 2 ** 20).toBeLessThan(128);
  });

  it('a never-ending block: LimitError maxBufferSize once that much input has not completed a message', () => {
    const parser = new A2uiStreamParser(catalog, { maxBufferSize: 100_000 });
    const { error, fed } = feedMeasured(
      parser,
      repeat(`<a2ui-json>[${create()}, {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": "`, 'ab '.repeat(100), 1_000_000),
    );
    expectLimit(error, 'maxBufferSize', 100_000);
    expect(fed).toBeLessThan(100_000 + 500);
  });

  it('1,000,000 one-character chunks: same text and messages as one chunk', () => {
    const unit = `Some text, 🎉 and <b>tags</b>. ${block(create(), textRoot('hi'))}\n`;
    const text = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
    const whole = runParser(catalog, [text]);
    const chunked = runParser(catalog, text.split(''));
    expect(textOf(chunked.parts)).toBe(textOf(whole.parts));
    expect(finalState(applyParts(new Map(), chunked.parts))).toEqual(finalState(applyParts(new Map(), whole.parts)));
    expect(chunked.errors.map((e) => e.message)).toEqual(whole.errors.map((e) => e.message));
  }, 300_000);
});
