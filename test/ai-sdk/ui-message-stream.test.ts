/**
 * `a2uiUIMessageStream` behind `streamText` and the SDK's own client reader, against ai 6 and
 * ai 7 with their mock models (offline): the final `UIMessage` holds text and `data-a2ui` parts in
 * stream order, and its data parts, applied to `@a2ui/web_core`, give the surfaces of the model's
 * own messages, also when step 2 (after a tool call) changes what step 1 drew.
 */
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiHistory, a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { A2uiCatalogError, basicCatalog, type A2uiMessage } from '../../src/index.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, deltas, renderedSurfaces, STEP_1, STEP_1_TEXT, STEP_2, STEP_2_TEXT } from './fixtures.js';
import { SDKS, type Sdk, type Step } from './sdks.js';

const catalog = basicCatalog('0.9');

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream as unknown as AsyncIterable<T>) out.push(item);
  return out;
}

/** Runs `steps` through the SDK and the adapter; returns the chunks and the client's final message. */
async function answer(sdk: Sdk, steps: readonly Step[], options: Parameters<typeof a2uiUIMessageStream>[1]) {
  const [forChunks, forClient] = sdk.uiMessageStream(steps).pipeThrough(a2uiUIMessageStream(catalog, options)).tee();
  const [chunks, message] = await Promise.all([collect(forChunks), sdk.finalMessage(forClient)]);
  return { chunks, message };
}

type AnyPart = { type: string; text?: string; id?: string; data?: unknown };
const partsOf = (message: UIMessage) => message.parts as AnyPart[];
const messagesOf = (message: UIMessage): A2uiMessage[] =>
  partsOf(message).flatMap((part) => (part.type === 'data-a2ui' ? (part.data as { messages: A2uiMessage[] }).messages : []));
/** The part types in order, runs of one type collapsed. */
const shape = (message: UIMessage) =>
  partsOf(message)
    .map((part) => part.type)
    .filter((type, i, all) => type !== all[i - 1]);
const textOf = (message: UIMessage) =>
  partsOf(message)
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

const twoSteps = (seed: number): Step[] => [
  { text: deltas(STEP_1, seed), toolCall: { id: 'call-1', input: { q: 'Lumen 8pm' } } },
  { text: deltas(STEP_2, seed + 1) },
];

const snapshotModes = ['full', 'delta'] as const;
const modes: A2uiDataMode[] = ['events', 'block'];

describe.each(SDKS)('$name', (sdk) => {
  describe.each(snapshotModes)('snapshots %s', (snapshots) => {
    it.each(modes)("mode %s: a two-step answer keeps its order and gives the model's surfaces", async (mode) => {
      for (const seed of [1, 2, 3]) {
        const { message } = await answer(sdk, twoSteps(seed * 10), { snapshots, mode });
        expect(shape(message)).toEqual(['step-start', 'text', 'data-a2ui', 'text', 'tool-lookup', 'step-start', 'text', 'data-a2ui', 'text']);
        expect(textOf(message)).toBe(STEP_1_TEXT + STEP_2_TEXT);
        const tool = partsOf(message).find((part) => part.type === 'tool-lookup') as unknown as { state: string; output: unknown };
        expect(tool).toMatchObject({ state: 'output-available', output: 'found Lumen 8pm' });
        // One parser for the message: step 2's update reaches the surface step 1 drew.
        expect(renderedSurfaces(messagesOf(message))).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
        const dataIds = partsOf(message)
          .filter((part) => part.type.startsWith('data-'))
          .map((part) => part.id);
        expect(new Set(dataIds).size).toBe(dataIds.length);
        if (mode === 'block') expect(dataIds).toHaveLength(2);
        else expect(dataIds.length).toBeGreaterThan(2);
      }
    });
  });

  it.each(snapshotModes)("snapshots %s: a second turn updates the first turn's surface (history from a2uiHistory)", async (snapshots) => {
    for (const mode of modes) {
      const turn1 = await answer(sdk, [{ text: deltas(STEP_1, 21) }], { snapshots, mode });
      const turn2 = await answer(sdk, [{ text: deltas(`Updated the title.${block(BOOKING_UPDATE)}`, 22) }], {
        snapshots,
        mode,
        history: a2uiHistory([turn1.message]),
      });
      expect(textOf(turn2.message)).toBe('Updated the title.');
      // One renderer across both turns, as the client holds it.
      const applied = [...messagesOf(turn1.message), ...messagesOf(turn2.message)];
      expect(renderedSurfaces(applied)).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
    }
  });

  it("mode block holds each block's messages compacted: one components message per surface", async () => {
    const { message } = await answer(sdk, twoSteps(7), { snapshots: 'delta', mode: 'block' });
    const [first, second] = partsOf(message)
      .filter((part) => part.type === 'data-a2ui')
      .map((part) => (part.data as { messages: A2uiMessage[] }).messages);
    expect(first?.map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateComponents', 'updateDataModel']);
    expect(second?.map((m) => Object.keys(m)[1])).toEqual(['updateComponents', 'updateDataModel']);
  });

  it('text ids are fresh per text part although the provider repeats its own across steps', async () => {
    const { chunks } = await answer(sdk, twoSteps(5), { snapshots: 'delta' });
    const starts = chunks.filter((chunk) => chunk.type === 'text-start').map((chunk) => (chunk as { id: string }).id);
    expect(starts.length).toBe(4);
    expect(new Set(starts).size).toBe(4);
    // Every text part opened is closed, before the next A2UI part.
    let open: string | undefined;
    for (const chunk of chunks) {
      if (chunk.type === 'text-start') open = chunk.id;
      if (chunk.type === 'text-delta') expect(chunk.id).toBe(open);
      if (chunk.type === 'text-end') open = undefined;
      if (chunk.type.startsWith('data-') || chunk.type === 'finish-step') expect(open).toBeUndefined();
    }
  });

  it('passes tool, step and finish chunks through untouched and in place', async () => {
    const steps = twoSteps(3);
    const plain = (await collect(sdk.uiMessageStream(steps))).filter((chunk) => !chunk.type.startsWith('text-'));
    const { chunks } = await answer(sdk, steps, { snapshots: 'full' });
    const passed = chunks.filter((chunk) => !chunk.type.startsWith('text-') && !chunk.type.startsWith('data-'));
    expect(passed).toEqual(plain);
  });

  it('a bad block becomes a data-a2ui-error part and the rest of the answer still arrives', async () => {
    const bad = `Here:\n<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>\nStill here.${block(BOOKING_TURN_1)}Done.`;
    const stream = sdk.uiMessageStream([{ text: deltas(bad, 4) }]).pipeThrough(a2uiUIMessageStream(catalog, { snapshots: 'delta' }));
    const [a, b] = stream.tee();
    const [chunks, message] = await Promise.all([collect(a), sdk.finalMessage(b)]);
    expect(chunks.some((chunk) => chunk.type === 'error')).toBe(false);
    expect(shape(message)).toEqual(['step-start', 'text', 'data-a2ui-error', 'text', 'data-a2ui', 'text']);
    const error = partsOf(message).find((part) => part.type === 'data-a2ui-error')?.data as { category: string; message: string };
    expect(error.category).toBe('ValidationError');
    expect(textOf(message)).toBe('Here:\n\nStill here.Done.');
    expect(renderedSurfaces(messagesOf(message))).toEqual(renderedSurfaces(BOOKING_TURN_1));
  });

  it('a block left open at the end of a step is ended there: an error part, and step 2 parses on', async () => {
    const cut = block(BOOKING_TURN_1).replace('\n</a2ui-json>', '');
    const { message } = await answer(
      sdk,
      [{ text: deltas(`Drawing.${cut}`, 9), toolCall: { id: 'call-1', input: { q: 'x' } } }, { text: deltas(`Again.${block(BOOKING_TURN_1)}`, 8) }],
      { snapshots: 'delta' },
    );
    // The step's text ended before its tool call; its open block ends at finish-step, after the tool part.
    // Step 2 writes the surface's createSurface again: the surface lives on from step 1, so that is an error part (#38), not a silent drop.
    expect(shape(message)).toEqual(['step-start', 'text', 'data-a2ui', 'tool-lookup', 'data-a2ui-error', 'step-start', 'text', 'data-a2ui-error', 'data-a2ui']);
    const errors = partsOf(message)
      .filter((part) => part.type === 'data-a2ui-error')
      .map((part) => (part.data as { message: string }).message);
    expect(errors[0]).toContain('close tag');
    expect(errors[1]).toMatch(/already exists/);
  });

  // A limit of the step's text (decisions A7, C47) ends the step: the next step is read.
  it('a limit of the response ends parsing for the step with one error part', async () => {
    const text = `Big:${block(BOOKING_TURN_1)}After.${block(BOOKING_UPDATE)}`;
    const { message } = await answer(
      sdk,
      [{ text: deltas(text, 2), toolCall: { id: 'call-1', input: { q: 'x' } } }, { text: deltas(`More.${block(BOOKING_TURN_1)}`, 3) }],
      { snapshots: 'delta', maxBufferSize: 100 },
    );
    const errors = partsOf(message).filter((part) => part.type === 'data-a2ui-error');
    // One per step: the second step's block is past maxBufferSize too.
    expect(errors.map((error) => (error.data as { category: string }).category)).toEqual(['LimitError', 'LimitError']);
    expect(textOf(message)).toBe('Big:More.');
    expect(partsOf(message).some((part) => part.type === 'tool-lookup')).toBe(true);
  });

  it("a limit of the parser's state ends parsing for the message with one error part", async () => {
    const { message } = await answer(
      sdk,
      [
        { text: deltas(`Big:${block(BOOKING_TURN_1)}After.`, 2), toolCall: { id: 'call-1', input: { q: 'x' } } },
        { text: deltas(`More.${block(BOOKING_TURN_1)}`, 3) },
      ],
      { snapshots: 'delta', maxComponentsPerSurface: 2 },
    );
    const errors = partsOf(message).filter((part) => part.type === 'data-a2ui-error');
    expect(errors).toHaveLength(1);
    expect((errors[0]!.data as { category: string }).category).toBe('LimitError');
    expect(textOf(message)).not.toContain('More.');
    expect(partsOf(message).some((part) => part.type === 'tool-lookup')).toBe(true);
  });
});

it('throws at once for bad catalogs, not in the middle of an answer', () => {
  expect(() => a2uiUIMessageStream([])).toThrow(/catalog/i);
  for (const catalogs of [null, undefined, {}, [catalog, null]]) {
    expect(() => a2uiUIMessageStream(catalogs as never), String(catalogs)).toThrow(A2uiCatalogError);
  }
});

it('a second start chunk begins a new message: ids of its own, and the surfaces the first drew known', async () => {
  // As a createUIMessageStream that merges two answers (each with its start) into one stream.
  const extra = [
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'booking',
        components: [
          { id: 'extra', component: 'Text', text: 'Extra' },
          { id: 'root', component: 'Column', children: ['title', 'when', 'extra'] },
        ],
      },
    },
  ] as A2uiMessage[];
  const chunks: UIMessageChunk[] = [];
  for (const [id, text] of [
    ['m1', `Hi ${block(BOOKING_TURN_1)}`],
    ['m2', `More ${block([...BOOKING_UPDATE, ...extra])}`],
  ] as const) {
    chunks.push(
      { type: 'start', messageId: id },
      { type: 'start-step' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: text },
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish' },
    );
  }
  const out = await collect(
    new ReadableStream<UIMessageChunk>({
      start(c) {
        chunks.forEach((x) => c.enqueue(x));
        c.close();
      },
    }).pipeThrough(a2uiUIMessageStream(catalog, { snapshots: 'delta' })),
  );
  expect(out.filter((chunk) => chunk.type === 'data-a2ui-error')).toEqual([]);
  const data = out.filter((chunk) => chunk.type === 'data-a2ui') as { id: string; data: { messages: A2uiMessage[] } }[];
  expect(data).toHaveLength(2);
  expect(data[0]?.id).toMatch(/^a2ui-[0-9a-z]{8}-1$/);
  expect(data[1]?.id).toMatch(/^a2ui-[0-9a-z]{8}-1$/);
  expect(data[1]?.id).not.toBe(data[0]?.id);
  // One renderer holds the surfaces of both messages.
  const applied = data.flatMap((chunk) => chunk.data.messages);
  expect(renderedSurfaces(applied)).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE, ...extra]));
});
