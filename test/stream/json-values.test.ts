/**
 * `jsonLength` is `JSON.stringify(value).length` without the string (the output budget's measure
 * of each delta snapshot), for every JSON value a parse or the core builds.
 */
import { describe, expect, it } from 'vitest';
import { jsonLength } from '../../src/stream/json-values.js';
import { Rng } from '../support/rng.js';

const STRINGS = [
  '',
  'plain',
  'a"b',
  'back\\slash',
  'tab\tnew\nline',
  '\u0001\u001f',
  'é ü 漢',
  '\u2028\u2029',
  '\ud83d\ude00',
  '\ud800',
  'x\udfff',
  '</a2ui-json>',
];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 1e-7, 123456789012345680000, 0.1, Number.MAX_VALUE, Number.NaN, Number.POSITIVE_INFINITY];

function randomValue(rng: Rng, depth: number): unknown {
  const kind = depth > 3 ? rng.int(0, 3) : rng.int(0, 6);
  if (kind === 0) return rng.pick(STRINGS);
  if (kind === 1) return rng.pick(NUMBERS);
  if (kind === 2) return rng.chance(0.5);
  if (kind === 3) return null;
  if (kind === 4) return Array.from({ length: rng.int(0, 3) }, () => randomValue(rng, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = rng.int(0, 3); i > 0; i--) object[rng.pick(STRINGS)] = kind === 6 && i === 1 ? undefined : randomValue(rng, depth + 1);
  return object;
}

describe('jsonLength', () => {
  it('is the length of JSON.stringify for strings with escapes, surrogates, numbers, empty containers and undefined members', () => {
    for (const value of [
      ...STRINGS,
      ...NUMBERS,
      true,
      false,
      null,
      [],
      {},
      [undefined],
      { a: undefined },
      { a: undefined, b: 1 },
      JSON.parse('{"__proto__": [1]}'),
    ]) {
      expect(jsonLength(value), JSON.stringify(value)).toBe(JSON.stringify(value).length);
    }
  });

  it('agrees with JSON.stringify on 2,000 random values', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 2_000; i++) {
      const value = randomValue(rng, 0);
      expect(jsonLength(value)).toBe(JSON.stringify(value).length);
    }
  });
});
