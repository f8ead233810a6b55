/**
 * Express answers through the whole-response and web-stream entries (issue #40): `parseResponse`
 * with catalogs and `a2uiStream` give the surfaces the block compiles to at small chunks; without
 * catalogs an `<a2ui>` block is refused with a reason, not read as text.
 */
import { describe, expect, test } from 'vitest';
import { A2uiParseError, a2uiStream, basicCatalog, hasA2ui, parseResponse, RESPONSE_ERRORS, type Part } from '../../src/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { EXPRESS_ANSWER, EXPRESS_ANSWER_TEXT, expressFinal, SIGN_IN_BLOCK } from '../support/express-answer.js';

const errorsOf = (parts: readonly Part[]) => parts.flatMap((part) => (part.type === 'error' ? [part.error.message] : []));
const textOf = (parts: readonly Part[]) => parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

async function streamed(chunks: readonly string[], version: '0.9' | '1.0'): Promise<Part[]> {
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const parts: Part[] = [];
  const reader = source.pipeThrough(a2uiStream(basicCatalog(version))).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  return parts;
}

describe.each(['0.9', '1.0'] as const)('Express answers, v%s', (version) => {
  test('parseResponse with catalogs: the compiled surfaces and the text around the block', () => {
    const parts = parseResponse(EXPRESS_ANSWER, basicCatalog(version));
    expect(errorsOf(parts)).toEqual([]);
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      { type: 'text', text: 'Here is the form.' },
      { type: 'text', text: 'Anything else?' },
    ]);
    expect(finalState(applyParts(new Map(), parts))).toEqual(expressFinal(version));
  });

  test('parseResponse unwrapped with format express', () => {
    const parts = parseResponse(SIGN_IN_BLOCK, basicCatalog(version), { wrapped: false, format: 'express' });
    expect(errorsOf(parts)).toEqual([]);
    expect(finalState(applyParts(new Map(), parts))).toEqual(expressFinal(version));
  });

  test.each([1, 2, 3, 7, 16])('a2uiStream at %i-character chunks gives the same surfaces and text', async (size) => {
    const parts = await streamed(chunksOf(EXPRESS_ANSWER, size), version);
    expect(errorsOf(parts)).toEqual([]);
    expect(textOf(parts)).toBe(EXPRESS_ANSWER_TEXT);
    expect(finalState(applyParts(new Map(), parts))).toEqual(expressFinal(version));
  });
});

describe('Express without catalogs', () => {
  test('parseResponse refuses an <a2ui> block with the reason instead of reading it as text', () => {
    expect(() => parseResponse(EXPRESS_ANSWER)).toThrow(A2uiParseError);
    expect(() => parseResponse(EXPRESS_ANSWER)).toThrow(RESPONSE_ERRORS.expressNeedsCatalogs);
    expect(() => parseResponse(SIGN_IN_BLOCK, undefined, { wrapped: false, format: 'express' })).toThrow(RESPONSE_ERRORS.expressNeedsCatalogs);
  });

  test('JSON blocks still read without catalogs; hasA2ui sees Express blocks only when asked', () => {
    expect(parseResponse('a <a2ui-json>{"x":1}</a2ui-json>')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'a2ui', messages: [{ x: 1 }] },
    ]);
    expect(hasA2ui(EXPRESS_ANSWER)).toBe(false);
    expect(hasA2ui(EXPRESS_ANSWER, { express: true })).toBe(true);
    expect(hasA2ui('<a2ui>\nroot = Text("x")', { express: true, complete: true })).toBe(false);
  });
});
