/**
 * An assistant message that a later request continues (as `useChat` does after a client-side tool
 * result or a tool approval: the response's chunks are appended to the last assistant message, and
 * the client reconciles a data part with any earlier part of the message that has its type and id).
 * Each stream's ids must therefore differ from every earlier stream's, or the continuation's first
 * A2UI part overwrites the first request's.
 */
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiHistory, a2uiPartsToUIMessageChunks, a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, deltas, renderedSurfaces } from './fixtures.js';
import { SDKS } from './sdks.js';

const catalog = basicCatalog('0.9');
type AnyPart = { type: string; id?: string; data?: unknown };
const dataParts = (message: UIMessage) => (message.parts as AnyPart[]).filter((part) => part.type.startsWith('data-'));
const messagesOf = (message: UIMessage): A2uiMessage[] =>
  dataParts(message).flatMap((part) => (part.type === 'data-a2ui' ? (part.data as { messages: A2uiMessage[] }).messages : []));

describe.each(SDKS)('$name', (sdk) => {
  it.each(['events', 'block'] as A2uiDataMode[])('mode %s: a continued message keeps the A2UI parts of the request before', async (mode) => {
    const options = { snapshots: 'delta' as const, mode };
    const bad = '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>';
    const first = await sdk.finalMessage(
      sdk.uiMessageStream([{ text: deltas(`Drawing.${block(BOOKING_TURN_1)}${bad}`, 41) }]).pipeThrough(a2uiUIMessageStream(catalog, options)),
    );
    const firstParts = dataParts(first);
    const continued = await sdk.finalMessage(
      sdk
        .uiMessageStream([{ text: deltas(`Changed.${block(BOOKING_UPDATE)}${bad}`, 42) }])
        .pipeThrough(a2uiUIMessageStream(catalog, { ...options, history: a2uiHistory([first]) })),
      first,
    );
    // The first request's parts are still there, unchanged, and the continuation's follow them.
    const parts = dataParts(continued);
    expect(parts.slice(0, firstParts.length)).toEqual(firstParts);
    expect(parts.length).toBeGreaterThan(firstParts.length);
    expect(parts.filter((part) => part.type === 'data-a2ui-error')).toHaveLength(2);
    const ids = parts.map((part) => `${part.type} ${part.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(renderedSurfaces(messagesOf(continued))).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
  });
});

it('a2uiPartsToUIMessageChunks: two streams never share a data part id', async () => {
  const ids = async (): Promise<string[]> => {
    const parts: Part[] = [
      { type: 'text', text: 'x' },
      { type: 'a2ui', messages: BOOKING_UPDATE },
    ];
    const source = new ReadableStream<Part>({
      start: (c) => {
        parts.forEach((part) => c.enqueue(part));
        c.close();
      },
    });
    const out: string[] = [];
    for await (const chunk of source.pipeThrough(a2uiPartsToUIMessageChunks()) as unknown as AsyncIterable<UIMessageChunk>) {
      if ('id' in chunk && typeof chunk.id === 'string') out.push(chunk.id);
    }
    return out;
  };
  const [a, b] = [await ids(), await ids()];
  expect(a).toHaveLength(4);
  for (const id of a) expect(b).not.toContain(id);
});
