import { describe, expect, it } from 'vitest';
import type { Part } from '../../src/types.js';
import { FakeParser, fakeStream } from './helpers.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** An endless source that counts how often the pipe pulled from it and whether it was cancelled. */
function countingSource(highWaterMark: number) {
  const state = { pulls: 0, cancelled: false as boolean, reason: undefined as unknown };
  const source = new ReadableStream<string>(
    {
      pull(controller) {
        state.pulls++;
        controller.enqueue(`chunk${state.pulls} `);
      },
      cancel(reason) {
        state.cancelled = true;
        state.reason = reason;
      },
    },
    { highWaterMark },
  );
  return { source, state };
}

describe('Streams standard behaviour', () => {
  it('backpressure: a reader that does not read stops the source being pulled', async () => {
    const { source, state } = countingSource(2);
    const { stream } = fakeStream();
    const reader = source.pipeThrough(stream).getReader();
    for (let i = 0; i < 20; i++) await tick();
    const pullsWhileIdle = state.pulls;
    // Source queue (2) + the transform's writable queue (1) + one chunk in transform, at most.
    expect(pullsWhileIdle).toBeLessThanOrEqual(5);
    for (let i = 0; i < 20; i++) await tick();
    expect(state.pulls).toBe(pullsWhileIdle);

    // A slow reader: each read lets a bounded number of new chunks in.
    const seen: Part[] = [];
    for (let i = 0; i < 10; i++) {
      seen.push((await reader.read()).value!);
      for (let j = 0; j < 5; j++) await tick();
    }
    expect(seen.map((part) => (part.type === 'text' ? part.text : '')).join('')).toMatch(/^chunk1 chunk2 chunk3 /);
    expect(state.pulls).toBeLessThanOrEqual(pullsWhileIdle + 10);
    await reader.cancel();
  });

  it("cancel() on the parts reader propagates to the pipe's source with the reason", async () => {
    const { source, state } = countingSource(1);
    const { parser, stream } = fakeStream();
    const reader = source.pipeThrough(stream).getReader();
    await reader.read();
    const reason = new Error('user navigated away');
    await reader.cancel(reason);
    for (let i = 0; i < 5; i++) await tick();
    expect(state.cancelled).toBe(true);
    expect(state.reason).toBe(reason);
    expect(parser.ended).toBe(false);
  });

  it('aborting the writable side errors the readable side with the reason', async () => {
    const { stream } = fakeStream();
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    const written = writer.write('a');
    expect((await reader.read()).value).toEqual({ type: 'text', text: 'a' });
    await written;
    const reason = new Error('upstream failed');
    await writer.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
  });

  it('parts are delivered in order across many writes', async () => {
    const parser = new FakeParser([]);
    const { stream } = fakeStream('emit', parser);
    const writer = stream.writable.getWriter();
    const collected = (async () => {
      const out: string[] = [];
      for await (const part of stream.readable as unknown as AsyncIterable<Part>) {
        if (part.type === 'text') out.push(part.text);
      }
      return out.join('');
    })();
    for (let i = 0; i < 100; i++) await writer.write(`${i},`);
    await writer.close();
    expect(await collected).toBe(Array.from({ length: 100 }, (_, i) => `${i},`).join(''));
  });
});
