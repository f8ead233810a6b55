/**
 * Every chunk the adapter writes (text parts, `data-a2ui`, `data-a2ui-error`) is one each AI SDK
 * major accepts: checked with its own exported `uiMessageChunkSchema`, over answers with good,
 * failing and unclosed blocks, a limit, provider metadata and citations, in both modes.
 */
import * as ai7 from 'ai';
import type { UIMessageChunk } from 'ai';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { basicCatalog } from '../../src/index.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, deltas } from './fixtures.js';

type Validator = { validate: (value: unknown) => Promise<{ success: boolean; error?: unknown }> | { success: boolean; error?: unknown } };
const schemas: [string, () => Validator][] = [
  ['ai 5', ai5.uiMessageChunkSchema as unknown as () => Validator],
  ['ai 6', ai6.uiMessageChunkSchema as unknown as () => Validator],
  ['ai 7', ai7.uiMessageChunkSchema as unknown as () => Validator],
];

const bad = '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>';
const answers: Record<string, string> = {
  good: `Here:\n${block(BOOKING_TURN_1)}\nand ${block(BOOKING_UPDATE)} done.`,
  failing: `A ${bad} B ${block(BOOKING_TURN_1)}`,
  unclosed: `Cut ${block(BOOKING_TURN_1).replace('\n</a2ui-json>', '')}`,
  endsWithBlock: `Only a block:${block(BOOKING_TURN_1)}`,
};

async function written(text: string, mode: A2uiDataMode, snapshots: 'full' | 'delta', maxBufferSize?: number): Promise<UIMessageChunk[]> {
  const providerMetadata = { provider: { itemId: 'i1' } };
  const chunks: UIMessageChunk[] = [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: 'p', providerMetadata },
    ...deltas(text, text.length).map((delta): UIMessageChunk => ({ type: 'text-delta', id: 'p', delta })),
    {
      type: 'text-end',
      id: 'p',
      providerMetadata,
      citations: [{ source: { type: 'source', sourceType: 'url', id: 'c1', url: 'https://example.com' }, startIndex: 0, endIndex: 4 }],
    },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  const stream = source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { mode, snapshots, ...(maxBufferSize ? { maxBufferSize } : {}) }));
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) {
    if (chunk.type.startsWith('text-') || chunk.type.startsWith('data-')) out.push(chunk);
  }
  return out;
}

describe.each(schemas)('%s uiMessageChunkSchema', (_, schema) => {
  it.each(['events', 'block'] as A2uiDataMode[])('accepts every chunk written in mode %s', async (mode) => {
    const kinds = new Set<string>();
    for (const snapshots of ['full', 'delta'] as const) {
      const runs = [...Object.values(answers).map((text) => written(text, mode, snapshots)), written(answers.good as string, mode, snapshots, 100)];
      for (const chunk of (await Promise.all(runs)).flat()) {
        kinds.add(chunk.type);
        const result = await schema().validate(chunk);
        expect(result.success, `${JSON.stringify(chunk).slice(0, 300)}: ${String(result.error)}`).toBe(true);
      }
    }
    expect([...kinds].sort()).toEqual(['data-a2ui', 'data-a2ui-error', 'text-delta', 'text-end', 'text-start']);
  });
});
