/**
 * No flicker on generated redefinitions: responses that send components again (a new text, a
 * variant added or dropped, children added, removed or replaced, a type changed), in the same
 * message, a later message or a later block, streamed at random chunkings in both snapshot modes
 * into `@a2ui/web_core`. After every message, what the renderer holds for a component keeps all it
 * had unless the definition replacing it has closed; and what is reachable from the root ends as
 * the response's own messages leave it (components no longer reachable are not sent, as in the
 * reference).
 */
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { A2uiMessage, FlatComponent } from '../../src/index.js';
import { Rng } from '../support/rng.js';
import { heldBy, reachableHeld, streamInto, webCoreRenderer } from '../support/judged-stream.js';
import { messagesOf } from './helpers.js';

const CATALOG = basicCatalog('0.9');
const RESPONSES = 120;
const CHUNKINGS = 3;
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'fresh', 'kale', 'Zürich', 'naïve', '“quoted”', 'émoji 🎉'];

type Component = Record<string, unknown>;
const components = (list: Component[]): A2uiMessage => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components: list as FlatComponent[] } });

function words(rng: Rng): string {
  return Array.from({ length: rng.int(1, 6) }, () => rng.pick(WORDS)).join(' ');
}

function text(rng: Rng, id: string): Component {
  const out: Component = { id, component: 'Text', text: words(rng) };
  if (rng.chance(0.4)) out.variant = rng.pick(['h2', 'body', 'caption']);
  return out;
}

/** A new definition of `old`: grown, changed, shrunk or of another type. */
function redefine(rng: Rng, old: Component, ids: string[]): Component {
  const id = old.id as string;
  if (old.component === 'Text') {
    const roll = rng.int(0, 3);
    if (roll === 0) return { ...old, text: `${String(old.text)} ${words(rng)}` };
    if (roll === 1) return text(rng, id);
    if (roll === 2) return { id, component: 'Text', text: String(old.text).slice(0, 3) };
    return id === 'label' ? text(rng, id) : { id, component: 'Card', child: 'label' };
  }
  if (old.component === 'Card') return text(rng, id);
  const children = [...(old.children as string[])];
  const roll = rng.int(0, 2);
  const absent = ids.filter((child) => !children.includes(child));
  if (roll === 0 && absent.length > 0) children.push(rng.pick(absent));
  else if (roll === 1) children.splice(rng.int(0, children.length - 1), 1);
  else children.reverse();
  const out: Component = { id, component: old.component, children };
  if (rng.chance(0.5)) out.weight = rng.int(1, 3);
  return out;
}

/** A response with redefinitions, as its blocks of messages, from `seed`. */
function generate(seed: number): A2uiMessage[][] {
  const rng = new Rng(seed);
  const n = rng.int(2, 6);
  const texts = Array.from({ length: n }, (_, i) => `t${i}`);
  const first: Component[] = [
    { id: 'root', component: 'Column', children: ['panel', ...texts.slice(0, 1)] },
    { id: 'panel', component: rng.pick(['Row', 'Column']), children: texts.slice(1), ...(rng.chance(0.5) ? { weight: 1 } : {}) },
    ...texts.map((id) => text(rng, id)),
    text(rng, 'label'),
  ];
  const blocks: A2uiMessage[][] = [[{ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: CATALOG.id } }, components(first)]];
  const latest = new Map(first.map((c) => [c.id as string, c]));
  for (let round = rng.int(1, 3); round > 0; round--) {
    const chosen = [...latest.keys()].filter(() => rng.chance(0.5));
    const again = chosen.map((id) => redefine(rng, latest.get(id) as Component, texts));
    for (const c of again) latest.set(c.id as string, c);
    if (again.length === 0) continue;
    const where = rng.int(0, 2);
    const block = blocks[blocks.length - 1] as A2uiMessage[];
    const last = block[block.length - 1] as { updateComponents: { components: Component[] } };
    const inLast = new Set(last.updateComponents.components.map((c) => c.id));
    if (where === 0 && !again.some((c) => inLast.has(c.id))) last.updateComponents.components.push(...again);
    else if (where === 1) block.push(components(again));
    else blocks.push([components(again)]);
  }
  return blocks;
}

function responseOf(blocks: A2uiMessage[][]): string {
  return blocks.map((block, i) => `Part ${i}.\n<a2ui-json>${JSON.stringify(block)}</a2ui-json>\n`).join('');
}

function randomCuts(length: number, rng: Rng): number[] {
  const out: number[] = [];
  for (let at = 0; at < length; ) out.push((at += rng.int(1, 24)));
  return out;
}

describe.each(['full', 'delta'] as const)('generated redefinitions, %s snapshots', (snapshots) => {
  it(`${RESPONSES} responses × ${CHUNKINGS} chunkings: nothing the renderer held is lost while a redefinition streams`, () => {
    for (let seed = 1; seed <= RESPONSES; seed++) {
      const blocks = generate(seed);
      const text = responseOf(blocks);
      const direct = new MessageProcessor([webCoreBasicCatalog]);
      direct.processMessages(blocks.flat() as never);
      const expected = reachableHeld(heldBy(direct));
      const rng = new Rng(seed * 31);
      for (let n = 0; n < CHUNKINGS; n++) {
        const where = `seed ${seed}, chunking ${n}`;
        const renderer = webCoreRenderer();
        const { judge, errors } = streamInto(renderer, CATALOG, text, randomCuts(text.length, rng), { snapshots });
        expect(errors, where).toEqual([]);
        expect(judge.flickers, where).toEqual([]);
        expect(reachableHeld(renderer.held()), where).toEqual(expected);
      }
    }
  });
});

describe.each(['full', 'delta'] as const)('a redefinition waits for its object to close (%s snapshots)', (snapshots) => {
  const head = `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG.id}"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Hello there"}`;

  it('a partial of a new definition is not sent; the definition is when it closes', () => {
    const parser = new A2uiStreamParser(CATALOG, { snapshots });
    expect(messagesOf(parser.push(`${head},{"id":"root","component":"Text","text":"Bye`))).toEqual([
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: CATALOG.id } },
      components([{ id: 'root', component: 'Text', text: 'Hello there' }]),
    ]);
    expect(messagesOf(parser.push(' now"}'))).toEqual([components([{ id: 'root', component: 'Text', text: 'Bye now' }])]);
  });

  it('a first definition still streams as it grows', () => {
    const parser = new A2uiStreamParser(CATALOG, { snapshots });
    const start = head.slice(0, head.indexOf('{"id":"root"'));
    const shown = messagesOf(parser.push(`${start}{"id":"root","component":"Text","text":"Hel`));
    expect(shown[shown.length - 1]).toEqual(components([{ id: 'root', component: 'Text', text: 'Hel' }]));
  });
});

describe.each(['full', 'delta'] as const)('v0.8: a redefinition waits for its object to close (%s snapshots)', (snapshots) => {
  it('the card keeps its children while its new definition streams', () => {
    const parser = new A2uiStreamParser(basicCatalog('0.8'), { snapshots });
    const card = (ids: string[]) => ({ id: 'root', component: { Column: { children: { explicitList: ids } } } });
    const text = (id: string) => ({ id, component: { Text: { text: { literalString: id } } } });
    const first = JSON.stringify({ surfaceUpdate: { surfaceId: 's', components: [card(['a', 'b']), text('a'), text('b')] } });
    parser.push(`<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},${first},{"surfaceUpdate":{"surfaceId":"s","components":[`);
    const streaming = messagesOf(parser.push('{"id":"root","component":{"Column":{"children":{"explicitList":["a",'));
    expect(streaming).toEqual([]);
    // Delta: a form that only grows what is shown may wait for the next snapshot; the message's close sends it.
    const closed = messagesOf(parser.push(`"b","c"]}}}}${snapshots === 'delta' ? ']}}' : ''}`));
    const roots = closed.flatMap((m) => (m.surfaceUpdate as { components: { id: string }[] }).components).filter((c) => c.id === 'root');
    expect(roots).toEqual([card(['a', 'b', snapshots === 'full' ? 'loading_c' : 'c'])]);
  });
});

describe.each(['full', 'delta'] as const)('a component left open when its block ends (%s snapshots)', (snapshots) => {
  it('counts as closed: its new definition in a later block waits for its object to close', () => {
    const parser = new A2uiStreamParser(CATALOG, { snapshots });
    const first = `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${CATALOG.id}"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","variant":"h2","text":"Hello world"</a2ui-json>`;
    const shown = messagesOf(parser.push(first));
    expect(shown[shown.length - 1]).toEqual(components([{ id: 'root', component: 'Text', variant: 'h2', text: 'Hello world' }]));
    const again = `\n<a2ui-json>[{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Hello`;
    expect(messagesOf(parser.push(again))).toEqual([]);
    expect(messagesOf(parser.push(' world and more"}'))).toEqual([components([{ id: 'root', component: 'Text', text: 'Hello world and more' }])]);
  });
});
