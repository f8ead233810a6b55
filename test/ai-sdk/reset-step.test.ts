/**
 * ai 7's `reset-step` chunk: the client removes every part the current step added (since its last
 * `step-start`) and forgets its open text parts; the producer then streams the step again. The
 * adapter must forget the step too: its open text part, and what its parser learnt in it (or the
 * parser would count the step's surfaces as sent and leave them out of the step's second run).
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { expect, it } from 'vitest';
import { a2uiHistory, a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { basicCatalog } from '../../src/index.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, renderedSurfaces } from './fixtures.js';

const text = (id: string, ...deltas: string[]): UIMessageChunk[] => [
  { type: 'text-start', id },
  ...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

async function read(chunks: UIMessageChunk[], mode: A2uiDataMode): Promise<{ message: UIMessage; errors: unknown[] }> {
  const source = new ReadableStream<UIMessageChunk>({
    start: (c) => {
      chunks.forEach((chunk) => c.enqueue(chunk));
      c.close();
    },
  });
  const errors: unknown[] = [];
  let message: UIMessage | undefined;
  const stream = source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { snapshots: 'delta', mode }));
  for await (const m of readUIMessageStream({ stream, onError: (error) => errors.push(error) })) message = m;
  if (!message) throw new Error('no message');
  return { message, errors };
}

const shape = (message: UIMessage) => message.parts.map((part) => (part.type === 'text' ? `text:${part.text}` : part.type));

it.each(['events', 'block'] as A2uiDataMode[])('mode %s: a reset step is read again from scratch, the steps before it kept', async (mode) => {
  const update = block(BOOKING_UPDATE);
  const { message, errors } = await read(
    [
      { type: 'start' },
      { type: 'start-step' },
      ...text('a', `Drawing.${block(BOOKING_TURN_1)}`, 'Done.'),
      { type: 'finish-step' },
      { type: 'start-step' },
      // The first try of step 2 is cut inside a text part and inside a block.
      { type: 'text-start', id: 'b' },
      { type: 'text-delta', id: 'b', delta: `Changing.${update}Wait ` },
      { type: 'text-delta', id: 'b', delta: update.slice(0, 40) },
      { type: 'reset-step' },
      ...text('c', `Changed.${update}`, 'Bye.'),
      { type: 'finish-step' },
      { type: 'finish' },
    ],
    mode,
  );
  expect(errors).toEqual([]);
  expect(shape(message).filter((type, i, all) => type !== all[i - 1])).toEqual([
    'step-start',
    'text:Drawing.',
    'data-a2ui',
    'text:Done.',
    'step-start',
    'text:Changed.',
    'data-a2ui',
    'text:Bye.',
  ]);
  expect(renderedSurfaces(a2uiHistory([message]))).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
});

it('a reset step that created a surface creates it again in its second run', async () => {
  const { message, errors } = await read(
    [
      { type: 'start' },
      { type: 'start-step' },
      ...text('a', `Drawing.${block(BOOKING_TURN_1)}`),
      { type: 'reset-step' },
      ...text('b', `Drawing.${block(BOOKING_TURN_1)}`),
      { type: 'finish-step' },
      { type: 'finish' },
    ],
    'events',
  );
  expect(errors).toEqual([]);
  expect(renderedSurfaces(a2uiHistory([message]))).toEqual(renderedSurfaces(BOOKING_TURN_1));
});

it("a provider text part's metadata goes out again when its step is read again (the client dropped the part that carried it)", async () => {
  const providerMetadata = { openai: { itemId: 'i1' } };
  const start: UIMessageChunk = { type: 'text-start', id: 'p', providerMetadata };
  const { message } = await read(
    [
      { type: 'start' },
      { type: 'start-step' },
      start,
      { type: 'text-delta', id: 'p', delta: 'Draft.' },
      { type: 'reset-step' },
      start,
      { type: 'text-delta', id: 'p', delta: 'Final.' },
      { type: 'text-end', id: 'p' },
      { type: 'finish-step' },
      { type: 'finish' },
    ],
    'events',
  );
  expect(message.parts.filter((part) => part.type === 'text')).toMatchObject([{ text: 'Final.', providerMetadata }]);
});

// Probe 18 finding 2: a limit of one step's text (its nesting) dropped every later step of the
// message; the parser reads the next response after such a limit (decisions C47).
it('a step whose text ends at maxDepth ends there: the next step is read', async () => {
  const deep = `<a2ui-json>${'['.repeat(300)}</a2ui-json>`;
  const { message } = await read(
    [
      { type: 'start' },
      { type: 'start-step' },
      ...text('a', 'Intro ', deep, ' lost words'),
      { type: 'finish-step' },
      { type: 'start-step' },
      ...text('b', `Step two.${block(BOOKING_TURN_1)}`, ' End.'),
      { type: 'finish-step' },
      { type: 'finish' },
    ],
    'events',
  );
  const types = shape(message);
  expect(types).toContain('data-a2ui-error');
  expect(types.join(' ')).not.toContain('lost words');
  expect(types).toContain('text:Step two.');
  expect(renderedSurfaces(a2uiHistory([message]))).toEqual(renderedSurfaces(BOOKING_TURN_1));
});
