/**
 * `a2uiUIMessageStream` on hand-written chunk sequences: where the parser's open blocks end
 * (`error`, `abort`, the end of the stream), what passes through, and provider metadata.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { expect, it } from 'vitest';
import { a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { A2uiStreamParser, basicCatalog } from '../../src/index.js';
import { block, BOOKING_TURN_1 } from './fixtures.js';

async function through(chunks: UIMessageChunk[]): Promise<UIMessageChunk[]> {
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  for await (const chunk of source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { snapshots: 'delta' })) as unknown as AsyncIterable<UIMessageChunk>)
    out.push(chunk);
  return out;
}

const text = (delta: string): UIMessageChunk[] => [
  { type: 'text-start', id: 'p' },
  { type: 'text-delta', id: 'p', delta },
  { type: 'text-end', id: 'p' },
];
const open = block(BOOKING_TURN_1).replace('\n</a2ui-json>', '');
const summary = (chunks: UIMessageChunk[]) =>
  chunks.map((c) => (c.type === 'data-a2ui-error' ? `${c.type}:${(c.data as { message: string }).message}` : c.type));

it.each(['error', 'abort'] as const)('an %s chunk ends the open block first: its error part, then the chunk itself', async (type) => {
  const end: UIMessageChunk = type === 'error' ? { type: 'error', errorText: 'provider down' } : { type: 'abort' };
  const out = await through([{ type: 'start' }, ...text(`Hi ${open}`), end]);
  expect(summary(out)).toEqual([
    'start',
    'text-start',
    'text-delta',
    'text-end',
    'data-a2ui',
    "data-a2ui-error:A2UI close tag '</a2ui-json>' not found in response.",
    type,
  ]);
  expect(out[out.length - 1]).toBe(end);
});

it('the end of the stream ends the open block and flushes held text', async () => {
  const out = await through([{ type: 'start' }, ...text('a <a2ui')]);
  expect(summary(out)).toEqual(['start', 'text-start', 'text-delta', 'text-end', 'text-start', 'text-delta', 'text-end']);
  expect(
    out
      .filter((c) => c.type === 'text-delta')
      .map((c) => (c as { delta: string }).delta)
      .join(''),
  ).toBe('a <a2ui');
  const unclosed = await through([{ type: 'start' }, ...text(open)]);
  expect(summary(unclosed).slice(-1)[0]).toMatch(/^data-a2ui-error:/);
});

it('reasoning, metadata and custom chunks pass through as they are, in place', async () => {
  const reasoning: UIMessageChunk[] = [
    { type: 'reasoning-start', id: 'r' },
    { type: 'reasoning-delta', id: 'r', delta: 'hm' },
    { type: 'reasoning-end', id: 'r' },
  ];
  const meta: UIMessageChunk = { type: 'message-metadata', messageMetadata: { a: 1 } };
  const out = await through([{ type: 'start' }, ...reasoning, ...text('x'), meta, { type: 'finish' }]);
  expect(out.slice(1, 4)).toEqual(reasoning);
  expect(out[7]).toBe(meta);
  expect(summary(out)).toEqual([
    'start',
    'reasoning-start',
    'reasoning-delta',
    'reasoning-end',
    'text-start',
    'text-delta',
    'text-end',
    'message-metadata',
    'finish',
  ]);
});

it("a provider text part's metadata goes on the first text part that carries its text, once, as the AI SDK's own stream sends it (probe 17)", async () => {
  const providerMetadata = { openai: { itemId: 'i1' } };
  const other = { openai: { itemId: 'i2' } };
  const out = await through([
    { type: 'text-start', id: 'p', providerMetadata },
    { type: 'text-delta', id: 'p', delta: `a${block(BOOKING_TURN_1)}b` },
    { type: 'text-end', id: 'p' },
    { type: 'text-start', id: 'q', providerMetadata: other },
    { type: 'text-delta', id: 'q', delta: 'c' },
    { type: 'text-end', id: 'q' },
  ]);
  const starts = out.filter((c) => c.type === 'text-start').map((c) => (c as { providerMetadata?: unknown }).providerMetadata);
  expect(starts).toEqual([providerMetadata, undefined, other]);
});

it("follows the parser's own defaults (snapshots among them) when no option is given", async () => {
  const response = `Hi ${block(BOOKING_TURN_1)} bye`;
  const pieces = response.match(/[\s\S]{1,9}/g) ?? [];
  const parser = new A2uiStreamParser(basicCatalog('0.9'));
  const expected = [...pieces.flatMap((piece) => parser.push(piece)), ...parser.end()].flatMap((part) => (part.type === 'a2ui' ? [part.messages] : []));
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      c.enqueue({ type: 'text-start', id: 'p' });
      for (const delta of pieces) c.enqueue({ type: 'text-delta', id: 'p', delta });
      c.enqueue({ type: 'text-end', id: 'p' });
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  for await (const chunk of source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'))) as unknown as AsyncIterable<UIMessageChunk>) out.push(chunk);
  expect(out.flatMap((c) => (c.type === 'data-a2ui' ? [(c.data as { messages: unknown }).messages] : []))).toEqual(expected);
});

it('what a provider text-end carries goes on our text-end, or on an empty text part when the text ended with a block', async () => {
  const citations = [{ type: 'url', url: 'https://example.com', id: 'c1' }] as never;
  const providerMetadata = { openai: { itemId: 'i1' } };
  const out = await through([
    { type: 'text-start', id: 'p' },
    { type: 'text-delta', id: 'p', delta: 'See' },
    { type: 'text-end', id: 'p', citations },
    { type: 'text-start', id: 'q' },
    { type: 'text-delta', id: 'q', delta: `x${block(BOOKING_TURN_1)}` },
    { type: 'text-end', id: 'q', providerMetadata },
    { type: 'text-start', id: 'r' },
    { type: 'text-delta', id: 'r', delta: block(BOOKING_TURN_1) },
    { type: 'text-end', id: 'r', providerMetadata: undefined },
  ]);
  const ends = out.filter((c) => c.type === 'text-end');
  const tag = /^a2ui-text-([0-9a-z]{8})-1$/.exec((ends[0] as { id: string }).id)?.[1];
  expect(tag).toBeDefined();
  expect(ends[0]).toEqual({ type: 'text-end', id: `a2ui-text-${tag}-1`, citations });
  expect(ends[1]).toEqual({ type: 'text-end', id: `a2ui-text-${tag}-2` });
  expect(ends[2]).toEqual({ type: 'text-end', id: `a2ui-text-${tag}-3`, providerMetadata });
  expect(ends).toHaveLength(3);
  const third = out.findIndex((c) => c.type === 'text-start' && c.id === `a2ui-text-${tag}-3`);
  expect(out[third + 1]).toBe(ends[2]); // an empty text part, after the block's data part
  expect(out[third - 1]?.type).toBe('data-a2ui');
});

it('what follows a failing block in the same delta goes out at once, before the chunks after that delta', async () => {
  const bad = '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>';
  const tool: UIMessageChunk = { type: 'tool-input-available', toolCallId: 'c', toolName: 'lookup', input: {} };
  const out = await through([
    { type: 'start' },
    { type: 'text-start', id: 'p' },
    { type: 'text-delta', id: 'p', delta: `Look:${bad}After.${block(BOOKING_TURN_1)}${bad}Last.` },
    { type: 'text-end', id: 'p' },
    tool,
    { type: 'finish-step' },
  ]);
  const kinds = out.map((c) => (c.type === 'text-delta' ? `text:${c.delta}` : c.type)).filter((kind) => kind !== 'text-start' && kind !== 'text-end');
  expect(kinds).toEqual([
    'start',
    'text:Look:',
    'data-a2ui-error',
    'text:After.',
    'data-a2ui',
    'data-a2ui-error',
    'text:Last.',
    'tool-input-available',
    'finish-step',
  ]);
});

it("a provider text part's metadata goes on the text written before a block that fails, not again after it", async () => {
  const providerMetadata = { openai: { itemId: 'i1' } };
  const bad = '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>';
  const out = await through([
    { type: 'text-start', id: 'p', providerMetadata },
    { type: 'text-delta', id: 'p', delta: `Look:${bad}After.` },
    { type: 'text-end', id: 'p' },
  ]);
  const starts = out.filter((c) => c.type === 'text-start').map((c) => (c as { providerMetadata?: unknown }).providerMetadata);
  expect(starts).toEqual([providerMetadata, undefined]);
});

it('an error the end of a step reports is not reported again by the finish right after it', async () => {
  // An update to a surface this answer never created (and no history): held, reported at the step's end.
  const update = block([{ version: 'v0.9', updateComponents: { surfaceId: 'elsewhere', components: [{ id: 'x', component: 'Text', text: 'X' }] } }]);
  const out = await through([{ type: 'start' }, { type: 'start-step' }, ...text(`Hi ${update}`), { type: 'finish-step' }, { type: 'finish' }]);
  expect(summary(out).filter((kind) => kind.startsWith('data-a2ui-error'))).toHaveLength(1);
  expect(out.slice(-2).map((c) => c.type)).toEqual(['finish-step', 'finish']);
});

it("metadata a provider puts on its text deltas reaches the client's text parts, also from a delta inside a block", async () => {
  const first = { google: { thoughtSignature: 'sig-1' } };
  const second = { google: { thoughtSignature: 'sig-2' } };
  const out = await through([
    { type: 'start' },
    { type: 'text-start', id: 'p' },
    { type: 'text-delta', id: 'p', delta: 'Hello ', providerMetadata: first },
    { type: 'text-delta', id: 'p', delta: block(BOOKING_TURN_1), providerMetadata: second },
    { type: 'text-delta', id: 'p', delta: ' bye' },
    { type: 'text-end', id: 'p' },
    { type: 'finish' },
  ]);
  const stream = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      out.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream })) message = m;
  const texts = (message?.parts ?? []).filter((part) => part.type === 'text');
  expect(texts.map((part) => [part.text, part.providerMetadata])).toEqual([
    ['Hello ', first],
    [' bye', second],
  ]);
});

it('knownSurfaces: a second message in the stream still streams updates to a surface known by id only', async () => {
  const update = (id: string, value: string) =>
    block([{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id, component: 'Text', text: value }] } }]);
  const chunks: UIMessageChunk[] = [
    { type: 'start' },
    ...text(update('x', 'X')),
    { type: 'finish' },
    { type: 'start' },
    ...text(update('y', 'Y')),
    { type: 'finish' },
  ];
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  const out: UIMessageChunk[] = [];
  const stream = source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { snapshots: 'delta', knownSurfaces: ['s'] }));
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) out.push(chunk);
  expect(summary(out).filter((kind) => kind.startsWith('data-a2ui-error'))).toEqual([]);
  const data = out.filter((c) => c.type === 'data-a2ui').map((c) => JSON.stringify((c as { data: unknown }).data));
  expect(data.some((json) => json.includes('"Y"'))).toBe(true);
});

it("metadata of several deltas waiting for a chunk to carry it is merged, not replaced, also into the text-end's own", async () => {
  const update = (id: string) => block([{ version: 'v0.9', updateComponents: { surfaceId: 'elsewhere', components: [{ id, component: 'Text', text: id }] } }]);
  const out = await through([
    { type: 'start' },
    { type: 'text-start', id: 'p' },
    { type: 'text-delta', id: 'p', delta: update('a'), providerMetadata: { google: { thoughtSignature: 'sig-1' } } },
    { type: 'text-delta', id: 'p', delta: update('b'), providerMetadata: { google: { extra: 1 }, other: { x: true } } },
    { type: 'text-end', id: 'p', providerMetadata: { google: { thoughtSignature: 'sig-2' } } },
    { type: 'finish' },
  ]);
  const carried = out.filter((c) => c.type === 'text-delta' || c.type === 'text-end').map((c) => (c as { providerMetadata?: unknown }).providerMetadata);
  expect(carried.filter((m) => m !== undefined)).toEqual([{ google: { thoughtSignature: 'sig-2', extra: 1 }, other: { x: true } }]);
});
