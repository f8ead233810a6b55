/**
 * An error flood (issue #37, finding 4): `[create,1,1,1,…]` is one bad value per two characters.
 * Past `maxErrors` the parser only counts them, so it must not build an error (and capture a stack)
 * for each: building them was 70% of the flood's cost (bench/hostile.ts). The error class is
 * wrapped to count what is built.
 */
import { describe, expect, it, vi } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';

const built = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/errors.js', async (importOriginal) => {
  const errors = await importOriginal<typeof import('../../src/errors.js')>();
  class CountedValidationError extends errors.A2uiValidationError {
    constructor(...args: ConstructorParameters<typeof errors.A2uiValidationError>) {
      super(...args);
      built.count++;
    }
  }
  return { ...errors, A2uiValidationError: CountedValidationError };
});

const catalog = basicCatalog('0.9');
const create = JSON.stringify({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: catalog.id } });

describe('an error flood', () => {
  it.each([
    ['whole', Infinity],
    ['at 16-character chunks', 16],
  ])('builds only the errors it hands out (%s)', (_, size) => {
    const text = `<a2ui-json>[${create}${',1'.repeat(2_000)}]</a2ui-json>`;
    const parser = new A2uiStreamParser(catalog, { maxErrors: 10 });
    built.count = 0;
    const parts = [];
    for (let i = 0; i < text.length; i += Math.min(size, text.length)) parts.push(...parser.push(text.slice(i, i + size)));
    parts.push(...parser.end());
    const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
    const given = errors.length - 1;
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThanOrEqual(10);
    expect(errors[given]?.message).toMatch(new RegExp(`^${2_000 - given} more errors not reported: `));
    // Those handed out, the summary, and at most one that did not fit the error budget's room
    // (none is built again before the room grows to its size): none for the others, only counted.
    expect(built.count).toBeLessThanOrEqual(given + 2);
  });
});
