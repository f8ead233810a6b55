import { describe, expect, it } from 'vitest';
import { fromAsyncIterable } from '../../src/providers/index.js';

describe('fromAsyncIterable', () => {
  it('yields what the iterable yields, in order, then closes', async () => {
    async function* textStream() {
      yield 'Hello ';
      yield '<a2ui-json>';
      yield '[]</a2ui-json>';
    }
    const out: string[] = [];
    for await (const chunk of fromAsyncIterable(textStream()) as unknown as AsyncIterable<string>) out.push(chunk);
    expect(out).toEqual(['Hello ', '<a2ui-json>', '[]</a2ui-json>']);
  });

  it('pulls one value per read (backpressure) and cancel() calls return()', async () => {
    let pulled = 0;
    let returned = false;
    const iterable: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: `v${++pulled}` }),
        return: async () => {
          returned = true;
          return { done: true, value: undefined };
        },
      }),
    };
    const reader = fromAsyncIterable(iterable).getReader();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled).toBe(0);
    expect((await reader.read()).value).toBe('v1');
    expect((await reader.read()).value).toBe('v2');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pulled).toBe(2);
    await reader.cancel('done');
    expect(returned).toBe(true);
  });

  it('an error thrown by the iterable errors the stream', async () => {
    const failure = new Error('network');
    async function* failing() {
      yield 'a';
      throw failure;
    }
    const reader = fromAsyncIterable(failing()).getReader();
    expect((await reader.read()).value).toBe('a');
    await expect(reader.read()).rejects.toBe(failure);
  });
});
