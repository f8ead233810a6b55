/**
 * `a2uiUIMessageStream` on generated chunk sequences, read by ai 7's client reader: one answer
 * (text, a block, text, a failing block, text, a block updating the first, text) cut into random
 * deltas, split into steps at random block boundaries, and with a random step first streamed in
 * part and reset (`reset-step`) before it streams whole. Whatever the cuts, mode and snapshots:
 * the client reports no error, holds the answer's text in full, one error part, and the surfaces
 * of the answer's good blocks.
 */
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { a2uiHistory, a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { basicCatalog } from '../../src/index.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, renderedSurfaces } from './fixtures.js';

const bad = '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": 7}}]</a2ui-json>';
const PIECES = ['Hello ', block(BOOKING_TURN_1), ' mid ', bad, ' more ', block(BOOKING_UPDATE), ' end.'];
const TEXT = 'Hello  mid  more  end.';

interface Plan {
  sizes: number[];
  mode: A2uiDataMode;
  snapshots: 'full' | 'delta';
  /** Indexes of the pieces after which a step ends. */
  stepEnds: number[];
  /** The step streamed in part, then reset; -1: none. */
  resetStep: number;
  /** How much of that step's text streams before the reset. */
  cut: number;
}

function chunksOf(plan: Plan): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start' }, { type: 'start-step' }];
  let ids = 0;
  const textPart = (text: string): void => {
    const id = `p${ids++}`;
    chunks.push({ type: 'text-start', id });
    for (let i = 0, k = 0; i < text.length; k++) {
      const size = plan.sizes[k % plan.sizes.length] as number;
      chunks.push({ type: 'text-delta', id, delta: text.slice(i, i + size) });
      i += size;
    }
    chunks.push({ type: 'text-end', id });
  };
  let step = 0;
  let text = '';
  const endStep = (last: boolean): void => {
    if (step === plan.resetStep) {
      chunks.push(
        { type: 'text-start', id: `r${ids++}` },
        { type: 'text-delta', id: `r${ids - 1}`, delta: text.slice(0, plan.cut) || 'x' },
        { type: 'reset-step' },
      );
    }
    if (text !== '') textPart(text);
    text = '';
    step++;
    chunks.push({ type: 'finish-step' }, ...(last ? [] : [{ type: 'start-step' } as UIMessageChunk]));
  };
  PIECES.forEach((piece, i) => {
    text += piece;
    if (plan.stepEnds.includes(i) && i < PIECES.length - 1) endStep(false);
  });
  endStep(true);
  chunks.push({ type: 'finish' });
  return chunks;
}

const plans: fc.Arbitrary<Plan> = fc.record({
  sizes: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 50 }),
  mode: fc.constantFrom<A2uiDataMode>('events', 'block'),
  snapshots: fc.constantFrom<'full' | 'delta'>('full', 'delta'),
  stepEnds: fc.array(fc.integer({ min: 0, max: PIECES.length - 1 }), { maxLength: 3 }),
  resetStep: fc.integer({ min: -1, max: 3 }),
  cut: fc.integer({ min: 0, max: 400 }),
});

it("any cuts, steps and reset: no client error, the whole text, one error part, the good blocks' surfaces", async () => {
  const expected = renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]);
  await fc.assert(
    fc.asyncProperty(plans, async (plan) => {
      const chunks = chunksOf(plan);
      const source = new ReadableStream<UIMessageChunk>({
        start: (c) => {
          chunks.forEach((chunk) => c.enqueue(chunk));
          c.close();
        },
      });
      const stream = source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { mode: plan.mode, snapshots: plan.snapshots }));
      const errors: unknown[] = [];
      let message: UIMessage | undefined;
      for await (const m of readUIMessageStream({ stream, onError: (error) => errors.push(error) })) message = m;
      expect(errors).toEqual([]);
      const parts = message?.parts ?? [];
      expect(parts.map((part) => (part.type === 'text' ? part.text : '')).join('')).toBe(TEXT);
      expect(parts.filter((part) => part.type === 'data-a2ui-error')).toHaveLength(1);
      expect(renderedSurfaces(a2uiHistory(message ? [message] : []))).toEqual(expected);
    }),
    { numRuns: 300, seed: 23 },
  );
});
