/**
 * Surfaces across turns, as a property: generated two- and three-turn conversations
 * (`multi-turn.ts`) in random chunkings, in both snapshot modes, validating or not, with each way
 * of telling the parser about earlier turns (`history` of the model's messages or of what the
 * earlier parsers emitted, `knownSurfaces`, one parser across the turns as model steps), each kind
 * of `placeholder`, and a `history` that also holds messages the catalog rejects or that name
 * nothing, streamed through `A2uiStreamParser` and `a2uiStream` into a renderer that applies every
 * emitted message: v0.9 `@a2ui/web_core`'s `MessageProcessor`, the other versions the
 * spec-following reducer (`apply-messages.ts`). Asserted:
 * - no error part (the input is valid: nothing is dropped), and `a2uiStream` gives the parser's messages;
 * - the renderer ends with the surfaces of applying the model's own messages of every turn;
 * - what it holds for a component never loses a property or child while a redefinition streams;
 * - a component whose last definition has closed is held in that form at the latest one chunk
 *   later, once a component the renderer shows refers to it (a child list at geometric growth
 *   does not hold it back).
 * And a later turn made malformed (a forgotten or extra closer, a block cut short) ends the same
 * (text, order of messages, errors, what a spec-following renderer holds) whatever the chunking.
 * `A2UI_TURNS_RUNS` sets the runs per version and snapshot mode (default 30 for v0.9, 10 for the
 * others; 8 for the malformed turns).
 */
import fc from 'fast-check';
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';
import { GROWTH_WAIT } from '../../src/stream/delta-snapshots.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { applyMessages, finalState, referencesOf, type RenderState } from '../support/apply-messages.js';
import { componentDefinitions, type ComponentDefinition } from '../support/component-offsets.js';
import { heldBy, reachableHeld } from '../support/judged-stream.js';
import { conversation, type Turn } from '../support/multi-turn.js';
import { FlickerJudge, normalized, type HeldComponents } from '../support/no-flicker.js';
import { malform } from '../support/malform.js';
import { runParser, runStream, splitAt, textOf } from '../support/robust.js';
import { webCoreV09State } from '../support/web-core-state.js';

const RUNS = process.env.A2UI_TURNS_RUNS === undefined ? undefined : Number(process.env.A2UI_TURNS_RUNS);

type Way = 'history of the model' | 'history as emitted' | 'knownSurfaces' | 'one parser, steps';
const WAYS: readonly Way[] = ['history of the model', 'history as emitted', 'knownSurfaces', 'one parser, steps'];

/** The `placeholder` options tried (a function's stand-in is a Text saying `…`). */
const PLACEHOLDERS: Record<string, (version: ProtocolVersion) => StreamParserOptions['placeholder']> = {
  default: () => undefined,
  'a type name': () => 'Column',
  function: (version) => (id) => (version === '0.8' ? { id, component: { Text: { text: { literalString: '…' } } } } : { id, component: 'Text', text: '…' }),
};

/** Whether a held form is a stand-in: an empty `Row` or `Column`, or a Text saying `…`. */
function isStandIn(form: Record<string, unknown>): boolean {
  const json = JSON.stringify(normalized(form));
  return (
    /^\{"children":\[\],"component":"(Row|Column)"\}$/.test(json) ||
    /^\{"component":\{"(Row|Column)":(\{\}|\{"children":\{"explicitList":\[\]\}\})\}\}$/.test(json) ||
    json.includes('"…"')
  );
}

/** A renderer that applies messages one at a time: what it holds, and the surfaces it ends with. */
interface Renderer {
  apply(messages: readonly A2uiMessage[]): void;
  held(): HeldComponents;
  final(): unknown;
}

/** v0.9: `@a2ui/web_core`; the other versions: the spec-following reducer. */
function renderer(version: ProtocolVersion): Renderer {
  if (version === '0.9') {
    const processor = new MessageProcessor([webCoreBasicCatalog]);
    return { apply: (messages) => processor.processMessages(messages as never), held: () => heldBy(processor), final: () => webCoreV09State(processor) };
  }
  const state: RenderState = new Map();
  return {
    apply: (messages) => applyMessages(state, messages),
    held: () => {
      const held = new Map<string, Record<string, unknown>>();
      for (const [surfaceId, surface] of state) for (const [id, component] of surface.components) held.set(`${surfaceId}/${id}`, component);
      return held;
    },
    final: () => finalState(state),
  };
}

const messagesOf = (parts: readonly Part[]): A2uiMessage[] => parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
const errorsOf = (parts: readonly Part[]): string[] =>
  parts.flatMap((part) => (part.type === 'error' ? [`${part.error.category}: ${part.error.message}`] : []));

/**
 * Feeds `chunks` to `parser` and ends it; returns the parts of each chunk (the last: `end()`'s).
 * `sent` gets each message as JSON when it comes out (`@a2ui/web_core` changes the values it is given).
 */
function feed(parser: A2uiStreamParser, chunks: readonly string[], sent: string[]): Part[][] {
  const out: Part[][] = [];
  const call = (fn: () => Part[]) => {
    out.push(fn());
    for (const message of messagesOf(out[out.length - 1] as Part[])) sent.push(JSON.stringify(message));
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

/** Components a component the renderer shows refers to, placeholders read as the ids they stand for. */
function shownReferences(held: HeldComponents): Set<string> {
  const out = new Set<string>();
  for (const [key, form] of reachableHeld(held)) {
    const surface = key.slice(0, key.lastIndexOf('/'));
    for (const ref of referencesOf(form)) out.add(`${surface}/${normalized(ref) as string}`);
  }
  return out;
}

/**
 * Streams one turn into `target` through `parser`, judging after every message and checking,
 * after every chunk, that each component whose last definition closed a chunk ago (and, with
 * `wait`, the chunk that closed it ended at least `wait` characters ago: delta snapshots may hold a
 * form that only grows what is shown for that long) is held in that form where a shown component
 * refers to it. Returns the turn's parts.
 */
function streamTurn(
  parser: A2uiStreamParser,
  target: Renderer,
  text: string,
  chunks: readonly string[],
  judge: FlickerJudge,
  sent: string[],
  wait: number,
): Part[] {
  const perChunk = feed(parser, chunks, sent);
  const definitions = lastDefinitions(text);
  // Where the chunk that closes each definition ends.
  const boundaries: number[] = [];
  for (const chunk of chunks) boundaries.push((boundaries[boundaries.length - 1] ?? 0) + chunk.length);
  const closedBy = (end: number) => boundaries.find((boundary) => boundary >= end) ?? text.length;
  let read = 0;
  const ends = [...definitions.values()].map((definition) => definition.end);
  for (const [index, chunkParts] of perChunk.entries()) {
    const readBefore = read;
    read += chunks[index]?.length ?? 0;
    const messages = messagesOf(chunkParts);
    for (const message of messages) {
      target.apply([message]);
      judge.observe(target.held(), read);
    }
    // Nothing to look at again when nothing was applied and no definition came due.
    const previous = readBefore - (chunks[index - 1]?.length ?? 0);
    if (messages.length === 0 && !ends.some((end) => end > previous && end <= readBefore)) continue;
    const held = target.held();
    const shown = shownReferences(held);
    for (const [key, definition] of definitions) {
      if (definition.end > readBefore || closedBy(definition.end) + wait > read || !shown.has(key)) continue;
      expect(normalized(held.get(key)), `${key}, ${read} of ${text.length} characters read`).toEqual(normalized(definition.value));
    }
  }
  return perChunk.flat();
}

const chunking = fc.oneof({ weight: 6, arbitrary: fc.array(fc.nat(4000), { maxLength: 120 }) }, { weight: 1, arbitrary: fc.constant('chars' as const) });

const arbitraryCase = fc.record({
  seed: fc.nat(),
  way: fc.constantFrom(...WAYS),
  placeholder: fc.constantFrom(...Object.keys(PLACEHOLDERS)),
  validate: fc.boolean(),
  partialComponents: fc.boolean(),
  chunkings: fc.array(chunking, { minLength: 3, maxLength: 3 }),
  noise: fc.boolean(),
});

describe.each(PROTOCOL_VERSIONS)('surfaces across turns, v%s: generated conversations, random chunkings, judged after every message', (version) => {
  const catalog = basicCatalog(version);
  const runs = RUNS ?? (version === '0.9' ? 30 : 10);

  it.each(['full', 'delta'] as const)(`${runs} conversations, %s snapshots`, async (snapshots) => {
    await fc.assert(
      fc.asyncProperty(arbitraryCase, async ({ seed, way, placeholder, validate, partialComponents, chunkings, noise: noisy }) => {
        const { turns, noise } = conversation(seed, version, noisy && way.startsWith('history'));
        const options: StreamParserOptions = {
          snapshots,
          // Judged after every message: full snapshots as each message completes, without the output
          // budget that may hold them back (`test/hostile/output-budget.test.ts`).
          outputBytesPerChar: Number.POSITIVE_INFINITY,
          validate,
          partialComponents: version === '1.0' && partialComponents,
          placeholder: PLACEHOLDERS[placeholder]?.(version),
        };
        const applied = noise.filter((entry) => entry.applied).map((entry) => entry.message);
        const expected = renderer(version);
        expected.apply([...(turns[0] as Turn).messages, ...applied, ...turns.slice(1).flatMap((turn) => turn.messages)]);

        const target = renderer(version);
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
          const judge = new FlickerJudge(componentDefinitions(turn.text), isStandIn);
          judge.observe(target.held(), 0);
          const sent: string[] = [];
          const parts = streamTurn(parser, target, turn.text, chunks, judge, sent, snapshots === 'delta' ? GROWTH_WAIT : 0);
          expect(errorsOf(parts), where).toEqual([]);
          expect(judge.flickers, where).toEqual([]);
          // a2uiStream gives the parser's messages (a fresh parser each: not for one parser across steps).
          if (way !== 'one parser, steps' && chunks.length <= 300) {
            const streamed = await runStream(catalog, chunks, turnOptions);
            expect(streamed.streamError, where).toBeUndefined();
            expect(
              messagesOf(streamed.parts).map((message) => JSON.stringify(message)),
              where,
            ).toEqual(sent);
          }
          modelSoFar.push(...turn.messages);
          emittedSoFar.push(...messagesOf(parts));
          if (index === 0 && noise.length > 0) {
            target.apply(applied);
            for (const entry of noise) modelSoFar.push(entry.message), emittedSoFar.push(entry.message);
          }
        }
        expect(target.final()).toEqual(expected.final());
      }),
      { numRuns: runs },
    );
  });
});

it('the generator makes what the property needs', () => {
  let redefinitions = 0;
  let recreated = 0;
  let longLists = 0;
  let threeTurns = 0;
  let broken = 0;
  for (let seed = 0; seed < 100; seed++) {
    const { turns } = conversation(seed);
    const [first, second] = turns as [Turn, Turn];
    const before = new Set(componentDefinitions(first.text).map((d) => d.key));
    redefinitions += componentDefinitions(second.text).some((d) => before.has(d.key)) ? 1 : 0;
    recreated += second.messages.some((m) => 'deleteSurface' in m) ? 1 : 0;
    longLists += componentDefinitions(second.text).some((d) => Array.isArray(d.value.children) && d.value.children.length > 12) ? 1 : 0;
    threeTurns += turns.length === 3 ? 1 : 0;
    broken += malformed(second.text, seed).kind === 'none' ? 0 : 1;
  }
  expect(broken).toBeGreaterThan(40);
  expect(threeTurns).toBeGreaterThan(15);
  expect(redefinitions).toBeGreaterThan(60);
  expect(recreated).toBeGreaterThan(5);
  expect(longLists).toBeGreaterThan(20);
});

/** What a message is about (its kind and surface), a run of the same topic (a message and its partials) once. */
/**
 * Per surface, the kinds of its messages in the order they go out (a run of one kind once): a full
 * snapshot the output budget holds back may go out after another surface's messages, never after
 * its own surface's.
 */
function topics(parts: readonly Part[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const message of messagesOf(parts)) {
    const key = Object.keys(message).find((name) => name !== 'version') ?? '';
    const list = (out[String((message[key] as { surfaceId?: unknown } | undefined)?.surfaceId)] ??= []);
    if (list[list.length - 1] !== key) list.push(key);
  }
  return out;
}

/** `text` malformed by `seed` or the next few seeds (a compact block has no closer `malform` takes). */
function malformed(text: string, seed: number): ReturnType<typeof malform> {
  let out = malform(text, seed);
  for (let next = seed + 1; out.kind === 'none' && next < seed + 4; next++) out = malform(text, next);
  return out;
}

describe.each(PROTOCOL_VERSIONS)('v%s: a later turn, malformed, ends the same whatever the chunking', (version) => {
  const catalog = basicCatalog(version);
  const runs = RUNS ?? 8;
  it.each(['full', 'delta'] as const)(`${runs} conversations × 6 chunkings, %s snapshots`, (snapshots) => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.constantFrom(...WAYS.filter((way) => way !== 'one parser, steps')),
        fc.array(fc.array(fc.nat(4000), { maxLength: 80 }), { minLength: 6, maxLength: 6 }),
        (seed, malformSeed, way, chunkings) => {
          const { turns } = conversation(seed, version);
          const [first, second] = turns as [Turn, Turn];
          const { text } = malformed(second.text, malformSeed);
          const options: StreamParserOptions = { snapshots, ...(way === 'knownSurfaces' ? { knownSurfaces: second.surfaces } : { history: first.messages }) };
          const outcome = (chunks: readonly string[]) => {
            const { parts, errors } = runParser(catalog, chunks, options);
            const state = applyMessages(applyMessages(new Map(), first.messages), messagesOf(parts));
            return { text: textOf(parts), topics: topics(parts), state: finalState(state), errors: errors.map((error) => error.message) };
          };
          const whole = outcome([text]);
          for (const cuts of chunkings) expect(outcome(splitAt(text, cuts))).toEqual(whole);
          expect(outcome([...text])).toEqual(whole);
        },
      ),
      { numRuns: runs },
    );
  });
});

it('v0.9.1, full snapshots: a held snapshot out of date is not released before the data message that followed its tree (a case the property found)', () => {
  const catalog = basicCatalog('0.9.1');
  const { turns } = conversation(1143508627, '0.9.1');
  const [first, second] = turns as [Turn, Turn];
  const { text } = malformed(second.text, 0);
  const options: StreamParserOptions = { snapshots: 'full', history: first.messages };
  const order = (chunks: readonly string[]) => topics(runParser(catalog, chunks, options).parts);
  expect(order([...text])).toEqual(order([text]));
});
