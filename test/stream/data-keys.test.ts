/**
 * Legitimate data keys and deep data paths (#37 findings 9 and 10): a key `""` does not stream as
 * the root path, keys `prototype`, `constructor` and `__proto__` stay when streamed as when whole
 * (no per-key update a renderer refuses), and a data path of 10,000 segments is left out with a
 * clear error, not a stack overflow reported as a JSON error.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, type SurfaceState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { errorsOf, messagesOf, V09 } from './helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${V09.id}"}}`;
const dataModel = (body: string) => `<a2ui-json>[${create},{"version":"v0.9","updateDataModel":{"surfaceId":"s",${body}}}]</a2ui-json>`;

function read(input: string, size: number): Part[] {
  const parser = new A2uiStreamParser(V09);
  return [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/** The segments a renderer refuses in a path (and `''` at the root, which `/` cannot name). */
const refused = (path: string) =>
  path !== '/' && path.split('/').some((segment, i) => i > 0 && ['', '__proto__', 'constructor', 'prototype'].includes(segment));

describe('data keys', () => {
  const value = '{"":"empty","prototype":{"p":1},"constructor":"c","__proto__":{"q":2},"list":[{"constructor":[1,2]}],"ok":"yes"}';
  const input = dataModel(`"value":${value}`);
  const whole = applyParts(new Map(), read(input, input.length)).get('s') as SurfaceState;

  test('whole: the model holds every key', () => {
    expect(JSON.stringify(whole.dataModel)).toBe(JSON.stringify(JSON.parse(value)));
  });

  test.each([1, 3, 16])('at %i-character chunks: no update at a path a renderer refuses, and the model as whole', (size) => {
    const parts = read(input, size);
    expect(errorsOf(parts)).toEqual([]);
    const paths = messagesOf(parts).flatMap((message) => ('updateDataModel' in message ? [message.updateDataModel?.path ?? '/'] : []));
    expect(paths.filter(refused)).toEqual([]);
    expect(JSON.stringify((applyParts(new Map(), parts).get('s') as SurfaceState).dataModel)).toBe(JSON.stringify(whole.dataModel));
  });
});

describe('deep data paths', () => {
  const input = dataModel(`"path":"${'/a'.repeat(10_000)}","value":{"k":"v"}`);

  test.each([input.length, 16])('a path of 10,000 segments read in chunks of %i: one clear error, nothing set, no ParseError', (size) => {
    const parts = read(input, size);
    const errors = errorsOf(parts);
    expect(errors.map((error) => error.category)).toEqual(['ValidationError']);
    expect(errors[0]?.message).toBe('Data-model path of 10000 segments left out: at most 256');
    expect(errors[0]?.details[0]?.code).toBe('limit_exceeded');
    expect(messagesOf(parts).filter((message) => 'updateDataModel' in message)).toEqual([]);
  });

  test('a path of 256 segments is set', () => {
    const parts = read(dataModel(`"path":"${'/a'.repeat(256)}","value":1`), 16);
    expect(errorsOf(parts)).toEqual([]);
    expect(messagesOf(parts).filter((message) => 'updateDataModel' in message)).toHaveLength(1);
  });
});
