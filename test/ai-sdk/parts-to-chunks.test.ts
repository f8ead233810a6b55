/**
 * `a2uiPartsToUIMessageChunks`: `a2uiStream`'s parts as UI message chunks, merged into a
 * `createUIMessageStream` writer and read by the SDK's client reader (ai 5, 6 and 7).
 */
import * as ai7 from 'ai';
import * as ai6 from 'ai-v6';
import * as ai5 from 'ai-v5';
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiPartsToUIMessageChunks } from '../../src/ai-sdk/index.js';
import { a2uiStream, basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { block, BOOKING_TURN_1, deltas, renderedSurfaces } from './fixtures.js';

const response = `Here it is:${block(BOOKING_TURN_1)}<a2ui-json>{"oops"</a2ui-json>Bye.`;

function textStream(seed: number): ReadableStream<string> {
  const chunks = deltas(response, seed);
  return new ReadableStream({
    pull: (c) => {
      const next = chunks.shift();
      if (next === undefined) c.close();
      else c.enqueue(next);
    },
  });
}

const sdks = [
  { name: 'ai 7', create: ai7.createUIMessageStream, read: ai7.readUIMessageStream },
  {
    name: 'ai 6',
    create: ai6.createUIMessageStream as unknown as typeof ai7.createUIMessageStream,
    read: ai6.readUIMessageStream as unknown as typeof ai7.readUIMessageStream,
  },
  {
    name: 'ai 5',
    create: ai5.createUIMessageStream as unknown as typeof ai7.createUIMessageStream,
    read: ai5.readUIMessageStream as unknown as typeof ai7.readUIMessageStream,
  },
];

describe.each(sdks)('$name', ({ create, read }) => {
  it.each(['full', 'delta'] as const)('snapshots %s: text, surfaces and the error part arrive in order', async (snapshots) => {
    const stream = create({
      execute({ writer }) {
        writer.merge(
          textStream(11)
            .pipeThrough(a2uiStream(basicCatalog('0.9'), { snapshots }))
            .pipeThrough(a2uiPartsToUIMessageChunks()) as ReadableStream<never>,
        );
      },
    });
    let message: UIMessage | undefined;
    for await (const m of read({ stream })) message = m;
    const parts = (message?.parts ?? []) as { type: string; text?: string; data?: { messages?: A2uiMessage[]; category?: string } }[];
    const types = parts.map((part) => part.type).filter((type, i, all) => type !== all[i - 1]);
    expect(types).toEqual(['text', 'data-a2ui', 'data-a2ui-error', 'text']);
    expect(
      parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join(''),
    ).toBe('Here it is:Bye.');
    expect(parts.find((part) => part.type === 'data-a2ui-error')?.data?.category).toBe('ParseError');
    const messages = parts.flatMap((part) => (part.type === 'data-a2ui' ? (part.data?.messages ?? []) : []));
    expect(renderedSurfaces(messages)).toEqual(renderedSurfaces(BOOKING_TURN_1));
  });
});

it('mode block: one data part per block, re-sent under its id as the block grows', async () => {
  const parts: Part[] = [
    { type: 'text', text: 'a' },
    { type: 'a2ui', messages: [BOOKING_TURN_1[0] as A2uiMessage] },
    { type: 'a2ui', messages: [BOOKING_TURN_1[1] as A2uiMessage] },
    { type: 'text', text: 'b' },
    { type: 'a2ui', messages: [BOOKING_TURN_1[2] as A2uiMessage] },
  ];
  const chunks: UIMessageChunk[] = [];
  const source = new ReadableStream<Part>({
    start: (c) => {
      parts.forEach((p) => c.enqueue(p));
      c.close();
    },
  });
  for await (const chunk of source.pipeThrough(a2uiPartsToUIMessageChunks({ mode: 'block' })) as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  const data = chunks.filter((c) => c.type === 'data-a2ui') as { id: string; data: { messages: unknown[] } }[];
  const tag = /^a2ui-([0-9a-z]{8})-1$/.exec(data[0]?.id ?? '')?.[1];
  expect(tag).toBeDefined();
  expect(data.map((c) => [c.id, c.data.messages.length])).toEqual([
    [`a2ui-${tag}-1`, 1],
    [`a2ui-${tag}-1`, 2],
    [`a2ui-${tag}-2`, 1],
  ]);
  expect(chunks.map((c) => c.type)).toEqual([
    'text-start',
    'text-delta',
    'text-end',
    'data-a2ui',
    'data-a2ui',
    'text-start',
    'text-delta',
    'text-end',
    'data-a2ui',
  ]);
});
