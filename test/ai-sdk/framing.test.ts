/**
 * The AI SDK entry's own framing is paced (`src/ai-sdk/framing-ledger.ts`, issue #37): past about
 * one byte per byte read, A2UI waits (merged) and the text between runs on in one text part. What
 * the model wrote all arrives: every character of its text in order, and A2UI leaving the client
 * in the same state; a benign answer sends each A2UI part in the delta that completed it.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { A2uiStreamParser, basicCatalog, type A2uiMessage } from '../../src/index.js';
import { applyMessages, applyParts, finalState } from '../support/apply-messages.js';
import { deltas } from '../hostile/entry-output.js';
import { STEP_1 } from './fixtures.js';

const catalog = basicCatalog('0.9');
/** Marks the end of each delta's output (passes through the entry untouched). */
const marker = (i: number) => ({ type: 'data-marker', id: 'm', data: i }) as UIMessageChunk;

async function through(pieces: readonly string[], markers = false): Promise<UIMessageChunk[]> {
  const input: UIMessageChunk[] = [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 't' }];
  pieces.forEach((delta, i) => input.push({ type: 'text-delta', id: 't', delta }, ...(markers ? [marker(i)] : [])));
  input.push({ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' });
  return entry(input);
}

/** The entry's chunks for `input`. */
async function entry(input: readonly UIMessageChunk[]): Promise<UIMessageChunk[]> {
  const source = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of input) controller.enqueue(chunk);
      controller.close();
    },
  });
  const out: UIMessageChunk[] = [];
  const reader = source.pipeThrough(a2uiUIMessageStream(catalog)).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
  return out;
}

async function clientMessage(chunks: UIMessageChunk[]): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) if (chunk.type !== 'data-marker') controller.enqueue(chunk);
      controller.close();
    },
  });
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream })) message = m;
  if (!message) throw new Error('no message');
  return message;
}

function parserState(text: string) {
  const parser = new A2uiStreamParser(catalog);
  return finalState(applyParts(new Map(), [...parser.push(text), ...parser.end()]));
}

const MANY = Array.from({ length: 400 }, (_, i) => `<a2ui>\nsurface("b${i % 50}")\nroot = Text("v${i}")\n</a2ui>\n`).join('');

describe('many small blocks with a newline between', () => {
  for (const size of [16, 64, Infinity]) {
    it(`${size}-character deltas: all the text in order, the same surfaces${size >= 64 ? ', fewer text parts than blocks' : ''}`, async () => {
      const message = await clientMessage(await through(deltas(MANY, size)));
      const texts = message.parts.filter((p) => p.type === 'text');
      expect(texts.map((p) => p.text).join('')).toBe('\n'.repeat(400));
      const messages = message.parts.flatMap((p) => (p.type === 'data-a2ui' ? (p.data as { messages: A2uiMessage[] }).messages : []));
      expect(finalState(applyMessages(new Map(), messages))).toEqual(parserState(MANY));
      // Before the pacing, each block closed a text part: 400 of them (at 16-character deltas the framing fits).
      if (size >= 64) expect(texts.length).toBeLessThan(300);
    });
  }
});

it('what waits goes out before the next step starts, also with no finish-step before it', async () => {
  const input: UIMessageChunk[] = [
    { type: 'start' },
    { type: 'start-step' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: MANY },
    { type: 'text-end', id: 't' },
    { type: 'start-step' },
    { type: 'finish' },
  ];
  const out = await entry(input);
  const types = out.map((c) => c.type);
  expect(types.lastIndexOf('data-a2ui')).toBeGreaterThan(0);
  expect(types.lastIndexOf('data-a2ui')).toBeLessThan(types.lastIndexOf('start-step'));
  const messages = out.flatMap((c) => (c.type === 'data-a2ui' ? (c.data as { messages: A2uiMessage[] }).messages : []));
  expect(finalState(applyMessages(new Map(), messages))).toEqual(parserState(MANY));
});

describe('a benign answer', () => {
  for (const size of [1, 16, 64]) {
    it(`${size}-character deltas: each delta that completes A2UI sends it in that delta`, async () => {
      const pieces = deltas(STEP_1, size);
      const parser = new A2uiStreamParser(catalog);
      const expected = pieces.map((piece) => parser.push(piece).filter((p) => p.type === 'a2ui' && p.messages.length > 0).length > 0);
      const sent = pieces.map(() => false);
      let at = 0;
      for (const chunk of await through(pieces, true)) {
        if (chunk.type === 'data-marker') at++;
        else if (chunk.type === 'data-a2ui' && at < pieces.length) sent[at] = true;
      }
      expect(expected.some(Boolean)).toBe(true);
      expect(sent).toEqual(expected);
    });
  }
});
