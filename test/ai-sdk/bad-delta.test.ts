/**
 * A provider's `text-delta` whose `delta` is not a string becomes an error part, and the answer
 * reads on (probe 17, finding 7: its length was read, a `TypeError` in the middle of the answer).
 */
import type { UIMessageChunk } from 'ai';
import { expect, it } from 'vitest';
import { a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { basicCatalog } from '../../src/index.js';

async function through(chunks: UIMessageChunk[]): Promise<UIMessageChunk[]> {
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  for await (const chunk of source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'))) as unknown as AsyncIterable<UIMessageChunk>) out.push(chunk);
  return out;
}

it.each([null, undefined, 5, { text: 'x' }])('a delta of %s: an error part, dropped, and the text around it kept', async (delta) => {
  const out = await through([
    { type: 'start' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'Hello ' },
    { type: 'text-delta', id: 't', delta: delta as never },
    { type: 'text-delta', id: 't', delta: 'world.' },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ]);
  const errors = out.filter((chunk) => chunk.type === 'data-a2ui-error');
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ data: { category: 'ParseError', details: [{ path: 'delta', code: 'type_mismatch' }] } });
  expect(out.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('')).toBe('Hello world.');
  expect(out.at(-1)).toEqual({ type: 'finish' });
});
