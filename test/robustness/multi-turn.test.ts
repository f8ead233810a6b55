/**
 * Surfaces across turns, as a property: generated two- and three-turn conversations
 * (`multi-turn.ts`) in random chunkings, in both snapshot modes, validating or not, with each way
 * of telling the parser about earlier turns (`history` of the model's messages or of what the
 * earlier parsers emitted, `knownSurfaces`, one parser across the turns as model steps) and each
 * kind of `placeholder`, a `history` holding messages the catalog rejects or that name nothing, streamed through `A2uiStreamParser` and `a2uiStream` into
 * `@a2ui/web_core`'s v0.9 `MessageProcessor` (which applies every emitted message):
 * - no error part (the input is valid: nothing is dropped), and `a2uiStream` gives the parser's messages;
 * - the processor ends with the surfaces of applying the model's own messages of every turn;
 * - what it holds for a component never loses a property or child while a redefinition streams;
 * - a component whose last definition has closed is held in that form at the latest one chunk
 *   later, once a component the renderer shows refers to it (a child list at geometric growth
 *   does not hold it back).
 * `A2UI_TURNS_RUNS` sets the runs per snapshot mode (default 40).
 */
import fc from 'fast-check';
import { MessageProcessor, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/parser.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { referencesOf } from '../support/apply-messages.js';
import { componentDefinitions, type ComponentDefinition } from '../support/component-offsets.js';
import { heldBy, reachableHeld } from '../support/judged-stream.js';
import { conversation, type Turn } from '../support/multi-turn.js';
import { FlickerJudge, normalized } from '../support/no-flicker.js';
import { runStream, splitAt } from '../support/robust.js';
import { webCoreV09State } from '../support/web-core-state.js';

const RUNS = Number(process.env.A2UI_TURNS_RUNS ?? 40);
const catalog = basicCatalog('0.9');

type Way = 'history of the model' | 'history as emitted' | 'knownSurfaces' | 'one parser, steps';
const WAYS: readonly Way[] = ['history of the model', 'history as emitted', 'knownSurfaces', 'one parser, steps'];

/** The `placeholder` options tried, each with how to tell its stand-in in what the renderer holds. */
const PLACEHOLDERS = {
  default: { option: undefined, is: (form: Record<string, unknown>) => form.component === 'Row' && Array.isArray(form.children) && form.children.length === 0 },
  'a type name': {
    option: 'Column',
    is: (form: Record<string, unknown>) => form.component === 'Column' && Array.isArray(form.children) && form.children.length === 0,
  },
  function: {
    option: (id: string) => ({ id, component: 'Text', text: '…' }),
    is: (form: Record<string, unknown>) => form.component === 'Text' && form.text === '…',
  },
} as const;

function processor(): MessageProcessor<ComponentApi> {
  return new MessageProcessor([webCoreBasicCatalog]);
}

const messagesOf = (parts: readonly Part[]): A2uiMessage[] => parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
const errorsOf = (parts: readonly Part[]): string[] => parts.flatMap((part) => (part.type === 'error' ? [`${part.error.category}: ${part.error.message}`] : []));

/** Feeds `chunks` to `parser` and ends it; returns the parts of each chunk (the last: `end()`'s). */
function feed(parser: A2uiStreamParser, chunks: readonly string[]): Part[][] {
  const out: Part[][] = [];
  const call = (fn: () => Part[]) => {
    try {
      out.push(fn());
    } catch (thrown) {
      const error = thrown as { partialParts?: Part[] };
      out.push([...(error.partialParts ?? []), { type: 'error', error: thrown } as Part]);
    }
  };
  for (const chunk of chunks) call(() => parser.push(chunk));
  call(() => parser.end());
  return out;
}

/** The last definition of each component, by key: the form it ends in, and where its object closes. */
function lastDefinitions(text: string): Map<string, ComponentDefinition> {
  const out = new Map<string, ComponentDefinition>();
  for (const definition of componentDefinitions(text)) out.set(definition.key, definition);
  return out;
}

/**
 * Components a component the renderer shows (reachable from a root) refers to, placeholders read
 * as the ids they stand for.
 */
function shownReferences(held: ReturnType<typeof heldBy>): Set<string> {
  const out = new Set<string>();
  for (const [key, form] of reachableHeld(held)) {
    const surface = key.slice(0, key.lastIndexOf('/'));
    for (const ref of referencesOf(form)) out.add(`${surface}/${normalized(ref) as string}`);
  }
  return out;
}

const chunking = fc.oneof({ weight: 6, arbitrary: fc.array(fc.nat(4000), { maxLength: 120 }) }, { weight: 1, arbitrary: fc.constant('chars' as const) });

const arbitraryCase = fc.record({
  seed: fc.nat(),
  way: fc.constantFrom(...WAYS),
  placeholder: fc.constantFrom(...(Object.keys(PLACEHOLDERS) as (keyof typeof PLACEHOLDERS)[])),
  validate: fc.boolean(),
  chunkings: fc.array(chunking, { minLength: 3, maxLength: 3 }),
  noise: fc.boolean(),
});

/**
 * What a client may have applied after turn 1 beside the model's messages, for `history` to hold:
 * messages `@a2ui/web_core` accepts but the catalog does not (a component of a type it does not
 * know, on screen), and messages with nothing to apply (`applied: false`).
 */
function noise(surfaceId: string, root: unknown): { message: A2uiMessage; applied: boolean }[] {
  const children = [...((root as { children?: string[] } | undefined)?.children ?? []), 'clock'];
  return [
    { message: { foo: 1 } as A2uiMessage, applied: false },
    { message: { version: 'v0.9', updateDataModel: {} }, applied: false },
    { message: { version: 'v0.9', updateComponents: { surfaceId: 'nope', components: [{ id: 'root', component: 'Text', text: 'x' }] } }, applied: false },
    { message: { version: 'v0.9', updateComponents: { surfaceId, components: 'none' } }, applied: false },
    {
      message: { version: 'v0.9', updateComponents: { surfaceId, components: [{ id: 'root', component: 'Column', children }, { id: 'clock', component: 'Clock', hands: 2 }] } },
      applied: true,
    },
  ];
}

/**
 * Streams one turn into `renderer` through `parser`, judging after every message and checking,
 * after every chunk, that each component whose last definition closed a chunk ago is held in that
 * form where a shown component refers to it. Returns the turn's parts.
 */
function streamTurn(parser: A2uiStreamParser, renderer: MessageProcessor<ComponentApi>, text: string, chunks: readonly string[], judge: FlickerJudge): Part[] {
  const perChunk = feed(parser, chunks);
  const definitions = lastDefinitions(text);
  let read = 0;
  for (const [index, chunkParts] of perChunk.entries()) {
    const readBefore = read;
    read += chunks[index]?.length ?? 0;
    for (const message of messagesOf(chunkParts)) {
      renderer.processMessages([message] as never);
      judge.observe(heldBy(renderer), read);
    }
    const held = heldBy(renderer);
    const shown = shownReferences(held);
    for (const [key, definition] of definitions) {
      if (definition.end > readBefore || !shown.has(key)) continue;
      expect(normalized(held.get(key)), `${key}, ${read} of ${text.length} characters read`).toEqual(normalized(definition.value));
    }
  }
  return perChunk.flat();
}

describe('surfaces across turns: generated conversations, random chunkings, judged by web_core', () => {
  for (const snapshots of ['full', 'delta'] as const) {
    it(`${RUNS} conversations, ${snapshots} snapshots`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryCase, async ({ seed, way, placeholder, validate, chunkings, noise: noisy }) => {
          const { turns } = conversation(seed);
          const options: StreamParserOptions = { snapshots, validate, placeholder: PLACEHOLDERS[placeholder].option };
          const first = turns[0] as Turn;
          // The first surface's root as turn 1 left it (the root is in turn 1's first components message).
          const firstUpdate = first.messages.find((m) => 'updateComponents' in m)?.updateComponents as { surfaceId: string; components: { id: string }[] };
          const extra = noisy && way.startsWith('history') ? noise(firstUpdate.surfaceId, firstUpdate.components.find((c) => c.id === 'root')) : [];
          const applied = extra.filter((entry) => entry.applied).map((entry) => entry.message);
          const expected = processor();
          expected.processMessages([...first.messages, ...applied, ...turns.slice(1).flatMap((turn) => turn.messages)] as never);

          const renderer = processor();
          const modelSoFar: A2uiMessage[] = [];
          const emittedSoFar: A2uiMessage[] = [];
          let steps: A2uiStreamParser | undefined;
          for (const [index, turn] of turns.entries()) {
            const where = `turn ${index + 1}`;
            const earlier: StreamParserOptions =
              index === 0 || way === 'one parser, steps'
                ? {}
                : way === 'knownSurfaces'
                  ? { knownSurfaces: turn.surfaces }
                  : { history: way === 'history of the model' ? [...modelSoFar] : [...emittedSoFar] };
            const turnOptions = { ...options, ...earlier };
            const parser = way === 'one parser, steps' ? (steps ??= new A2uiStreamParser(catalog, options)) : new A2uiStreamParser(catalog, turnOptions);
            const cuts = chunkings[index] ?? [];
            const chunks = cuts === 'chars' ? [...turn.text] : splitAt(turn.text, cuts);
            const judge = new FlickerJudge(componentDefinitions(turn.text), PLACEHOLDERS[placeholder].is);
            judge.observe(heldBy(renderer), 0);
            const parts = streamTurn(parser, renderer, turn.text, chunks, judge);
            expect(errorsOf(parts), where).toEqual([]);
            expect(judge.flickers, where).toEqual([]);
            // a2uiStream gives the parser's messages (a fresh parser each: not for one parser across steps).
            if (way !== 'one parser, steps' && chunks.length <= 300) {
              const streamed = await runStream(catalog, chunks, turnOptions);
              expect(streamed.streamError, where).toBeUndefined();
              expect(messagesOf(streamed.parts), where).toEqual(messagesOf(parts));
            }
            modelSoFar.push(...turn.messages);
            emittedSoFar.push(...messagesOf(parts));
            if (index === 0 && extra.length > 0) {
              renderer.processMessages(applied as never);
              for (const entry of extra) modelSoFar.push(entry.message), emittedSoFar.push(entry.message);
            }
          }
          expect(webCoreV09State(renderer)).toEqual(webCoreV09State(expected));
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('the generator makes what the property needs', () => {
    let redefinitions = 0;
    let recreated = 0;
    let longLists = 0;
    let threeTurns = 0;
    for (let seed = 0; seed < 100; seed++) {
      const { turns } = conversation(seed);
      const [first, second] = turns as [Turn, Turn];
      const before = new Set(componentDefinitions(first.text).map((d) => d.key));
      redefinitions += componentDefinitions(second.text).some((d) => before.has(d.key)) ? 1 : 0;
      recreated += second.messages.some((m) => 'deleteSurface' in m) ? 1 : 0;
      longLists += componentDefinitions(second.text).some((d) => Array.isArray(d.value.children) && d.value.children.length > 12) ? 1 : 0;
      threeTurns += turns.length === 3 ? 1 : 0;
    }
    expect(threeTurns).toBeGreaterThan(15);
    expect(redefinitions).toBeGreaterThan(60);
    expect(recreated).toBeGreaterThan(5);
    expect(longLists).toBeGreaterThan(20);
  });
});
