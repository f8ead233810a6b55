/**
 * No flicker on the spec's incremental examples (v0.9 `00_incremental`, `31_incremental-dashboard`):
 * streamed in both snapshot modes at several chunkings, as one block and as one block per message,
 * into `@a2ui/web_core`, what the renderer holds for a component never loses a property, child or
 * text while a new definition of it streams; and it ends holding exactly what the examples' own
 * messages leave (no component more or less but, with full snapshots, unreferenced placeholders). Skips (fails under CI) when the spec folder is absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { Rng } from '../support/rng.js';
import { heldBy, reachableHeld, reducerRenderer, streamInto, webCoreRenderer } from '../support/judged-stream.js';
import type { HeldComponents } from '../support/no-flicker.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

const DIR = join(SPEC_DIR, 'v0_9/catalogs/basic/examples');
const DIR_V10 = join(SPEC_DIR, 'v1_0/catalogs/basic/examples');
const EXAMPLES = ['00_incremental.json', '31_incremental-dashboard.json'];

function messagesOf(file: string, dir = DIR): Record<string, unknown>[] {
  return (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { messages: Record<string, unknown>[] }).messages;
}

/** Offsets every `size` characters, or (size 0) at seeded random places 1–24 apart. */
function cuts(length: number, size: number, seed: number): number[] {
  const rng = new Rng(seed);
  const out: number[] = [];
  for (let at = 0; at < length; ) out.push((at += size > 0 ? size : rng.int(1, 24)));
  return out;
}

/**
 * The renderer holds exactly the components `expected` has, each equal: none missing, none left
 * over, except (full snapshots only) the `loading_<id>` placeholders they sent, which stay in the
 * renderer unreferenced (no message removes a component): the root must still reach exactly what it
 * reaches in `expected`.
 */
function expectSameHeld(held: HeldComponents, expected: HeldComponents, where: string, snapshots: 'full' | 'delta'): void {
  const keys = (map: HeldComponents) => [...map.keys()].sort();
  const extra = keys(held).filter((key) => !expected.has(key));
  if (snapshots === 'full') {
    expect(
      extra.filter((key) => !key.slice(key.lastIndexOf('/') + 1).startsWith('loading_')),
      `${where}: left over`,
    ).toEqual([]);
    expect(keys(reachableHeld(held)), `${where}: the components the root reaches`).toEqual(keys(reachableHeld(expected)));
  } else expect(extra, `${where}: left over`).toEqual([]);
  for (const [key, component] of expected) expect(held.get(key), `${where}: ${key}`).toEqual(component);
}

const layouts = {
  'one block': (messages: unknown[]) => `Here it is.\n<a2ui-json>${JSON.stringify(messages)}</a2ui-json>\nDone.`,
  'a block per message': (messages: unknown[]) => messages.map((message, i) => `Step ${i}.\n<a2ui-json>${JSON.stringify([message])}</a2ui-json>\n`).join(''),
};
const CHUNKINGS = [
  [1, 0],
  [7, 0],
  [16, 0],
  [0, 1],
  [0, 2],
  [0, 3],
] as const;

sharedSuite('no flicker on the spec incremental examples (web_core judges after every message)', DIR, () => {
  const cases = EXAMPLES.flatMap((file) =>
    (['full', 'delta'] as const).flatMap((snapshots) => Object.keys(layouts).map((layout) => ({ file, snapshots, layout: layout as keyof typeof layouts }))),
  );
  it.each(cases)('$file, $snapshots snapshots, $layout', ({ file, snapshots, layout }) => {
    const messages = messagesOf(file);
    const text = layouts[layout](messages);
    const direct = new MessageProcessor([webCoreBasicCatalog]);
    direct.processMessages(messages as never);
    const expected = heldBy(direct);
    for (const [size, seed] of CHUNKINGS) {
      const where = `${size > 0 ? `${size}-char chunks` : `random chunks, seed ${seed}`}`;
      const renderer = webCoreRenderer();
      // Every message as it completes, without the output budget, which may replace a held full
      // snapshot by the next one, so that a component reachable only in between never arrives.
      const options = { snapshots, outputBytesPerChar: Number.POSITIVE_INFINITY };
      const { judge, errors } = streamInto(renderer, basicCatalog('0.9'), text, cuts(text.length, size, seed), options);
      expect(errors, where).toEqual([]);
      expect(judge.flickers, where).toEqual([]);
      expectSameHeld(renderer.held(), expected, where, snapshots);
      if (snapshots === 'full') {
        // With the budget: no flicker either, and the root reaches the same components, each equal.
        const budgeted = webCoreRenderer();
        const run = streamInto(budgeted, basicCatalog('0.9'), text, cuts(text.length, size, seed), { snapshots });
        expect(run.errors, where).toEqual([]);
        expect(run.judge.flickers, where).toEqual([]);
        const reached = reachableHeld(budgeted.held());
        expect([...reached.keys()].sort(), `${where}, budgeted`).toEqual([...reachableHeld(expected).keys()].sort());
        for (const [key, component] of reached) expect(component, `${where}, budgeted: ${key}`).toEqual(expected.get(key));
      }
    }
  });
});

// web_core reads v0.9 only: v1.0 (components streamed before they close, and closed only) is judged
// by the spec-following reducer, against what it holds after the example's own messages.
sharedSuite('no flicker on the v1.0 incremental examples (the reducer judges after every message)', DIR_V10, () => {
  const cases = EXAMPLES.flatMap((file) =>
    (['full', 'delta'] as const).flatMap((snapshots) => [true, false].map((partialComponents) => ({ file, snapshots, partialComponents }))),
  );
  it.each(cases)('$file, $snapshots snapshots, partialComponents $partialComponents', ({ file, snapshots, partialComponents }) => {
    const messages = messagesOf(file, DIR_V10);
    const direct = reducerRenderer();
    for (const message of messages) direct.apply(message as never);
    const expected = direct.held();
    for (const layout of Object.values(layouts)) {
      const text = layout(messages);
      for (const [size, seed] of CHUNKINGS) {
        const where = `${size > 0 ? `${size}-char chunks` : `random chunks, seed ${seed}`}`;
        const renderer = reducerRenderer();
        const { judge, errors } = streamInto(renderer, basicCatalog('1.0'), text, cuts(text.length, size, seed), { snapshots, partialComponents });
        expect(errors, where).toEqual([]);
        expect(judge.flickers, where).toEqual([]);
        expectSameHeld(renderer.held(), expected, where, snapshots);
      }
    }
  });
});
