/**
 * Stream behaviour of both transforms: a consumer that cancels cancels the source, a consumer that
 * does not read stops the source from being pulled (no unbounded buffering), empty input gives
 * nothing, and text without A2UI is one text part, delta for delta.
 */
import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiPartsToUIMessageChunks, a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { basicCatalog, type Part } from '../../src/index.js';

const catalog = basicCatalog('0.9');
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** An endless source that counts its pulls and records its cancellation. */
function endless<T>(item: (n: number) => T) {
  const seen = { pulls: 0, cancelled: undefined as unknown };
  const stream = new ReadableStream<T>({
    pull: (c) => c.enqueue(item(seen.pulls++)),
    cancel: (reason) => void (seen.cancelled = reason),
  });
  return { stream, seen };
}

const chunkAt = (n: number): UIMessageChunk => (n === 0 ? { type: 'text-start', id: 't' } : { type: 'text-delta', id: 't', delta: `word ${n} ` });
const partAt = (n: number): Part => ({ type: 'text', text: `word ${n} ` });
const transforms = [
  ['a2uiUIMessageStream', () => endless(chunkAt), () => a2uiUIMessageStream(catalog)],
  ['a2uiPartsToUIMessageChunks', () => endless(partAt), () => a2uiPartsToUIMessageChunks()],
] as const;

describe.each(transforms)('%s', (_, source, transform) => {
  it('cancels its source when the consumer cancels', async () => {
    const { stream, seen } = source();
    const reader = (stream as ReadableStream<never>).pipeThrough(transform() as TransformStream<never, UIMessageChunk>).getReader();
    await reader.read();
    await reader.cancel('user left');
    await settle();
    expect(seen.cancelled).toBe('user left');
  });

  it('does not pull its source while nobody reads', async () => {
    const { stream, seen } = source();
    const out = (stream as ReadableStream<never>).pipeThrough(transform() as TransformStream<never, UIMessageChunk>);
    await settle();
    const before = seen.pulls;
    await settle();
    expect(seen.pulls).toBe(before);
    expect(before).toBeLessThan(5);
    await out.cancel();
  });
});

async function run(chunks: UIMessageChunk[]): Promise<UIMessageChunk[]> {
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  for await (const chunk of source.pipeThrough(a2uiUIMessageStream(catalog, { snapshots: 'delta' })) as unknown as AsyncIterable<UIMessageChunk>)
    out.push(chunk);
  return out;
}

it('empty input gives nothing; a message without text passes as it is', async () => {
  expect(await run([])).toEqual([]);
  const bare: UIMessageChunk[] = [{ type: 'start' }, { type: 'start-step' }, { type: 'finish-step' }, { type: 'finish' }];
  expect(await run(bare)).toEqual(bare);
});

it('text without A2UI is one text part, delta for delta', async () => {
  const deltas = ['Plain ', 'text, ', 'a < b and ', 'a2ui-json without tags.'];
  const out = await run([
    { type: 'text-start', id: 'p' },
    ...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 'p', delta })),
    { type: 'text-end', id: 'p' },
  ]);
  expect(out.map((c) => c.type)).toEqual(['text-start', 'text-delta', 'text-delta', 'text-delta', 'text-delta', 'text-end']);
  expect(out.flatMap((c) => (c.type === 'text-delta' ? [c.delta] : [])).join('')).toBe(deltas.join(''));
  expect(new Set(out.map((c) => (c as { id: string }).id)).size).toBe(1);
});
