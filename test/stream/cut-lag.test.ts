/**
 * Issue #27, item 2: how far the shown text of a cut string may lag what has arrived, in
 * characters (no timing). A shown cut string is shown again once it has grown by `CUT_STEP`
 * characters or by `CUT_GROWTH` of what was shown, whichever is more; with delta snapshots a form
 * that only grows what is shown may then wait `GROWTH_WAIT` characters for the next snapshot. So
 * after any chunk the text on screen lags what has arrived by less than
 * `max(CUT_STEP, arrived ÷ 3) + GROWTH_WAIT` plus a chunk (the largest of the chunking), and
 * keeps growing while it streams.
 */
import { describe, expect, it } from 'vitest';
import { GROWTH_WAIT } from '../../src/stream/delta-snapshots.js';
import { CUT_GROWTH, CUT_STEP } from '../../src/json/cut-rules.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { A2uiMessage } from '../../src/types.js';
import { applyMessages, type RenderState } from '../support/apply-messages.js';
import { chunkings } from '../support/chunkings.js';
import { messagesOf, V08, V09 } from './helpers.js';

const WORDS = 'Our café near the Zócalo serves crème brûlée, churros and a very good piña colada. ';
const words = (n: number) => WORDS.repeat(Math.ceil(n / WORDS.length)).slice(0, n);

/** A response whose one long string is read by `shown` from what the renderer holds. */
interface LongString {
  readonly name: string;
  readonly version: '0.8' | '0.9';
  readonly text: string;
  /** Where the string's first character is in the response. */
  readonly start: number;
  readonly value: string;
  readonly shown: (state: RenderState) => string | undefined;
}

function longString(name: string, version: '0.8' | '0.9', messages: A2uiMessage[], value: string, shown: LongString['shown']): LongString {
  const text = `Here.\n<a2ui-json>\n${JSON.stringify(messages, null, 2)}\n</a2ui-json>\nDone.`;
  return { name, version, text, start: text.indexOf(value), value, shown };
}

const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } } as A2uiMessage;
const CASES = [10_000, 900].flatMap((length): LongString[] => {
  const value = words(length);
  return [
    longString(
      `v0.9 Text of ${length} characters`,
      '0.9',
      [create, { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: value }] } } as A2uiMessage],
      value,
      (state) => state.get('s')?.components.get('root')?.text as string | undefined,
    ),
    longString(
      `v0.8 literalString of ${length} characters`,
      '0.8',
      [
        { beginRendering: { surfaceId: 's', root: 'root' } },
        { surfaceUpdate: { surfaceId: 's', components: [{ id: 'root', component: { Text: { text: { literalString: value } } } }] } },
      ] as A2uiMessage[],
      value,
      (state) => (state.get('s')?.components.get('root')?.component as { Text?: { text?: { literalString?: string } } } | undefined)?.Text?.text?.literalString,
    ),
    longString(
      `v0.9 data-model text of ${length} characters`,
      '0.9',
      [
        create,
        { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/note/text' } }] } },
        { version: 'v0.9', updateDataModel: { surfaceId: 's', value: { note: { title: 'A note', text: value } } } },
      ] as A2uiMessage[],
      value,
      (state) => (state.get('s')?.dataModel as { note?: { text?: string } } | undefined)?.note?.text,
    ),
  ];
});

describe('the lag of a shown cut string (issue #27, item 2)', () => {
  it('the rule: a third of what arrived, or CUT_STEP characters', () => {
    // grewEnough's bound, as the README states it.
    expect(CUT_GROWTH / (1 + CUT_GROWTH)).toBeCloseTo(1 / 3);
    expect(CUT_STEP).toBe(64);
    expect(GROWTH_WAIT).toBe(64);
  });

  for (const c of CASES) {
    for (const snapshots of ['full', 'delta'] as const) {
      it(`${c.name}, ${snapshots} snapshots, every chunking`, () => {
        for (const { name, chunks } of chunkings(c.text, c.value.length)) {
          // Each change as the reader shows it, without the output budget of full snapshots (tested in `test/hostile/output-budget.test.ts`).
          const parser = new A2uiStreamParser(c.version === '0.8' ? V08 : V09, { snapshots, outputBytesPerChar: Number.POSITIVE_INFINITY });
          const state: RenderState = new Map();
          const lengths = new Set<number>();
          let read = 0;
          const largest = Math.max(...chunks.map((chunk) => chunk.length));
          for (const chunk of chunks) {
            applyMessages(state, messagesOf(parser.push(chunk)));
            read += chunk.length;
            const arrived = Math.max(0, Math.min(c.value.length, read - c.start));
            if (arrived === 0 || arrived === c.value.length) continue;
            const shown = c.shown(state) ?? '';
            expect(c.value.startsWith(shown), name).toBe(true);
            lengths.add(shown.length);
            const bound = Math.max(CUT_STEP, arrived / 3) + (snapshots === 'delta' ? GROWTH_WAIT : 0) + largest;
            expect(arrived - shown.length, `${name}: ${shown.length} of ${arrived} characters shown`).toBeLessThan(bound);
          }
          applyMessages(state, messagesOf(parser.end()));
          expect(c.shown(state), name).toBe(c.value);
          // Shown as it streams, at about every growth by CUT_GROWTH (in small chunks).
          const steps = Math.floor(Math.log(c.value.length / CUT_STEP) / Math.log(1 + CUT_GROWTH));
          if (largest <= 16) expect(lengths.size, name).toBeGreaterThanOrEqual(steps - 1);
        }
      });
    }
  }
});
