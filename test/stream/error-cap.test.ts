/**
 * No amplification by errors (#37 item 4): at most `maxErrors` error parts per response, then one
 * summary that counts the rest.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { V09 } from './helpers.js';

const errorsOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));

/** What the parts weigh as JSON, errors with their message. */
const bytesOf = (parts: readonly Part[]) =>
  JSON.stringify(parts, (_key, value: unknown) => (value instanceof Error ? { ...value, message: value.message } : value)).length;

describe('error parts are capped per response', () => {
  test('a list of 64 KiB of numbers yields 100 errors and one summary, output at most 4× its input', () => {
    const input = `<a2ui-json>[${'1,'.repeat(32 * 1024 - 1)}1]</a2ui-json>`;
    const parser = new A2uiStreamParser(V09);
    const parts = [...parser.push(input.slice(0, input.length >> 1)), ...parser.push(input.slice(input.length >> 1)), ...parser.end()];
    const errors = errorsOf(parts);
    expect(errors).toHaveLength(101);
    const summary = errors[100];
    expect(summary?.category).toBe('ValidationError');
    expect(summary?.details[0]?.code).toBe('errors_suppressed');
    // 32 Ki numbers, each not a message: the first 100 reported.
    expect(summary?.message).toMatch(/^32668 more errors not reported: maxErrors \(100\)/);
    expect(bytesOf(parts) / input.length).toBeLessThanOrEqual(4);
  });

  test('errors withheld by the byte budget alone are said to be, not maxErrors', () => {
    const parser = new A2uiStreamParser(V09);
    const errors = errorsOf([...parser.push('<a2ui-json>[1,2,3,4,5,6,7,8,9,10,11,12]</a2ui-json>'), ...parser.end()]);
    expect(errors.length).toBeLessThan(12);
    expect(errors[errors.length - 1]?.message).toMatch(
      /more errors? not reported: the error budget \(2 bytes of errors per character of the response past the first error\) reached\.$/,
    );
  });

  test('the option sets the cap; the count starts again after end(); a limit is still given', () => {
    const bad = '<a2ui-json>[1,2,3,4,5]</a2ui-json>';
    const parser = new A2uiStreamParser(V09, { maxErrors: 2, maxBufferSize: 100 });
    const first = [...parser.push(bad), ...parser.end()];
    expect(errorsOf(first)).toHaveLength(3);
    expect(errorsOf(first)[2]?.message).toMatch(/^3 more errors not reported/);
    const second = [...parser.push(bad), ...parser.push(`<a2ui-json>["${'x'.repeat(200)}`)];
    const errors = errorsOf(second);
    expect(errors.map((e) => e.category)).toEqual(['ValidationError', 'ValidationError', 'ValidationError', 'LimitError']);
    expect(errors[2]?.message).toMatch(/^3 more errors not reported/);
    expect(parser.end()).toEqual([]);
  });
});
