/**
 * Express answers through the AI SDK entry (issue #40): `a2uiUIMessageStream` turns an `<a2ui>`
 * answer streamed in small deltas into the same `data-a2ui` parts as JSON, `a2uiHistory` reads
 * them back for the next turn, and `a2uiExpressConvertDataPart` gives them to the model in Express.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, test } from 'vitest';
import { a2uiConvertDataPart, a2uiExpressConvertDataPart, a2uiHistory, a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { A2uiCatalogError, basicCatalog, compileExpress } from '../../src/index.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { chunksOf } from '../support/chunkings.js';
import { EXPRESS_ANSWER, EXPRESS_ANSWER_TEXT, expressFinal, OVER_BUDGET_ANSWER } from '../support/express-answer.js';

async function streamed(deltas: readonly string[], version: '0.9' | '1.0'): Promise<UIMessage> {
  const chunks: UIMessageChunk[] = [
    { type: 'start' },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream: source.pipeThrough(a2uiUIMessageStream(basicCatalog(version))) })) last = message;
  return last as UIMessage;
}

const textOf = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe.each(['0.9', '1.0'] as const)('AI SDK with Express answers, v%s', (version) => {
  test.each([1, 3, 16])('at %i-character deltas: the surfaces as data-a2ui parts, the text without the block, no error', async (size) => {
    const message = await streamed(chunksOf(EXPRESS_ANSWER, size), version);
    expect(message.parts.filter((part) => part.type === 'data-a2ui-error')).toEqual([]);
    expect(textOf(message)).toBe(EXPRESS_ANSWER_TEXT);
    // a2uiHistory reads an Express turn as it reads a JSON one: the messages its block compiled to.
    expect(finalState(applyMessages(new Map(), a2uiHistory([message])))).toEqual(expressFinal(version));
  });

  test('reads on past a statement left out by the expansion budget: one error part, the text and the next block kept', async () => {
    const message = await streamed(chunksOf(OVER_BUDGET_ANSWER, 16), version);
    const errors = message.parts.filter((part) => part.type === 'data-a2ui-error');
    expect(errors.map((part) => (part as unknown as { data: { details: { code: string }[] } }).data.details[0]?.code)).toEqual(['limit_exceeded']);
    expect(textOf(message)).toContain('After.');
    expect(Object.keys(finalState(applyMessages(new Map(), a2uiHistory([message]))))).toEqual(['default_surface', 'two']);
  });

  test('a2uiExpressConvertDataPart gives the turn back to the model in Express, which compiles to the same surfaces', async () => {
    const message = await streamed(chunksOf(EXPRESS_ANSWER, 7), version);
    const convert = a2uiExpressConvertDataPart(basicCatalog(version));
    const written = message.parts.flatMap((part) => {
      const text = part.type.startsWith('data-') ? convert(part as never)?.text : undefined;
      return text === undefined ? [] : [text];
    });
    expect(written.length).toBeGreaterThan(0);
    const messages = written.flatMap((text) => {
      expect(text).toMatch(/^<a2ui>\n[\s\S]*\n<\/a2ui>$/);
      return compileExpress(text.slice('<a2ui>\n'.length, -'\n</a2ui>'.length), basicCatalog(version));
    });
    expect(finalState(applyMessages(new Map(), messages as never))).toEqual(expressFinal(version));
  });
});

describe('a2uiExpressConvertDataPart', () => {
  test('falls back to a JSON block for messages with no Express form, and as a2uiConvertDataPart for other parts', () => {
    const convert = a2uiExpressConvertDataPart(basicCatalog('0.9'));
    const odd = { type: 'data-a2ui', data: { messages: [{ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/a b', value: 1 } }] } };
    expect(convert(odd)?.text).toMatch(/^<a2ui-json>/);
    const action = { type: 'data-a2ui-action', data: { action: { name: 'go', surfaceId: 's', sourceComponentId: 'b', timestamp: 't', context: {} } } };
    expect(convert(action)).toEqual(a2uiConvertDataPart(action));
    expect(convert({ type: 'data-a2ui-error', data: {} })).toBeUndefined();
  });

  test('refuses bad catalogs at once', () => {
    expect(() => a2uiExpressConvertDataPart([] as never)).toThrow(A2uiCatalogError);
  });
});
