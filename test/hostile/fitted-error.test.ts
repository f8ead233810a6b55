/** The first error of a source fitted to what was read (src/fitted-error.ts). */
import { describe, expect, it } from 'vitest';
import { A2uiParseError, A2uiValidationError } from '../../src/errors.js';
import { FIRST_ERROR_BYTES, firstErrorRoom, fitError } from '../../src/stream/fitted-error.js';

const size = (error: { message: string; details: readonly unknown[] }): number => JSON.stringify({ message: error.message, details: error.details }).length;
const detail = (i: number) => ({
  path: `messages.0.components.${i}`,
  code: 'missing_field' as const,
  message: `'child' is a required property of component ${i}`,
});

describe('fitError', () => {
  it('leaves an error that fits as it is', () => {
    const error = new A2uiValidationError('short', { details: [detail(0)] });
    expect(fitError(error, 1_000, size)).toBe(error);
  });

  it('drops details from the end, one detail counting them, and keeps the class and position', () => {
    const error = new A2uiParseError('x'.repeat(100), { details: Array.from({ length: 6 }, (_, i) => detail(i)), offset: 7 });
    const fitted = fitError(error, 400, size);
    expect(size(fitted)).toBeLessThanOrEqual(400);
    expect(fitted).toBeInstanceOf(A2uiParseError);
    expect(fitted.offset).toBe(7);
    expect(fitted.message).toBe(error.message);
    const last = fitted.details[fitted.details.length - 1];
    expect(last).toMatchObject({ code: 'details_omitted', message: `${6 - (fitted.details.length - 1)} more details omitted` });
    expect(fitted.details.slice(0, -1)).toEqual(error.details.slice(0, fitted.details.length - 1));
  });

  it('then shortens the message, not under 60 characters', () => {
    const error = new A2uiValidationError('m'.repeat(1_000), { details: [detail(0), detail(1)] });
    const fitted = fitError(error, 200, size);
    expect(size(fitted)).toBeLessThanOrEqual(200);
    expect(fitted.message.startsWith('m'.repeat(60))).toBe(true);
    expect(fitted.message.endsWith('…')).toBe(true);
    expect(fitError(error, 10, size).message).toHaveLength(61);
  });

  it('allows 512 bytes however little was read, 2 per character past that', () => {
    expect(firstErrorRoom(0)).toBe(FIRST_ERROR_BYTES);
    expect(firstErrorRoom(1_000)).toBe(2_000);
  });
});
