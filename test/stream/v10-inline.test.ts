/**
 * Issue #27, item 1: v1.0 surfaces written inside `createSurface` (`components`, `dataModel`,
 * `sendDataModel`, `metadata` in the orders models write them) stream as the same surfaces
 * written as separate messages: the same final state for a spec-following renderer, every emitted
 * message one a v1.0 renderer applies in order, nothing the model wrote lost, components shown as
 * early (within 2 points), at every chunking, in both snapshot modes; and a v1.0 history holding
 * inline surfaces seeds the parser.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { validateMessages } from '../../src/validate/index.js';
import type { A2uiMessage, JsonValue, Part } from '../../src/types.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { chunkings, chunksOf } from '../support/chunkings.js';
import { componentDefinitions } from '../support/component-offsets.js';
import { generateResponse } from '../support/generate-response.js';
import { INLINE_ORDERS, inlineMessages, inlineResponse, reindented } from '../support/inline-v10.js';
import { errorsOf, messagesOf, V10 } from './helpers.js';

function parse(chunks: readonly string[], options: ConstructorParameters<typeof A2uiStreamParser>[1]): Part[] {
  const parser = new A2uiStreamParser(V10, options);
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/**
 * What a v1.0 renderer would refuse in `messages`, applied in order: a `createSurface` for a
 * surface it has, an update or delete for one it does not have, a message that does not validate.
 */
function refused(messages: readonly A2uiMessage[]): string[] {
  const live = new Set<string>();
  const out: string[] = [];
  messages.forEach((message, i) => {
    const key = Object.keys(message).find((name) => name !== 'version') as string;
    const surfaceId = (message[key] as { surfaceId: string }).surfaceId;
    try {
      validateMessages(message, V10, { allowOrphans: true, allowDangling: true, allowMissingRoot: true });
    } catch (error) {
      out.push(`#${i} ${key}: ${(error as Error).message}`);
    }
    if (key === 'createSurface') {
      if (live.has(surfaceId)) out.push(`#${i} createSurface for '${surfaceId}', which the renderer has`);
      live.add(surfaceId);
    } else if (!live.has(surfaceId)) out.push(`#${i} ${key} for '${surfaceId}', which the renderer does not have`);
    if (key === 'deleteSurface') live.delete(surfaceId);
  });
  return out;
}

/**
 * Share of component objects whose first real form went out before `end(definition)` characters
 * were read, at `chunk`-character chunks; at 64 characters, averaged over 8 phases (the first
 * chunk 8·k characters long): there a component spans about one chunk, and whether a boundary falls
 * inside it moves the share by several points from one text to the next.
 */
function shownBefore(text: string, chunk: number, options: ConstructorParameters<typeof A2uiStreamParser>[1], end: 'end' | 'messageEnd'): number {
  const phases = chunk >= 64 ? [0, 8, 16, 24, 32, 40, 48, 56] : [0];
  return (
    phases.reduce((sum, phase) => sum + shownBeforeAt(text, [text.slice(0, phase), ...chunksOf(text.slice(phase), chunk)], options, end), 0) / phases.length
  );
}

function shownBeforeAt(text: string, chunks: readonly string[], options: ConstructorParameters<typeof A2uiStreamParser>[1], end: 'end' | 'messageEnd'): number {
  const definitions = componentDefinitions(text);
  const parser = new A2uiStreamParser(V10, options);
  const first = new Map<string, number>();
  let read = 0;
  const take = (parts: Part[]) => {
    for (const message of messagesOf(parts)) {
      const body = message.updateComponents as { surfaceId: string; components: { id: string; component: string; children?: unknown[] }[] } | undefined;
      for (const component of body?.components ?? []) {
        const placeholder = component.component === 'Row' && Array.isArray(component.children) && component.children.length === 0;
        const key = `${body?.surfaceId}/${component.id}`;
        if (!placeholder && !first.has(key)) first.set(key, read);
      }
    }
  };
  for (const piece of chunks) {
    read += piece.length;
    take(parser.push(piece));
  }
  take(parser.end());
  return definitions.filter((d) => (first.get(d.key) ?? Number.POSITIVE_INFINITY) < d[end]).length / definitions.length;
}

const RESPONSES = [1, 2, 3].map((seed) => generateResponse({ version: '1.0', targetBytes: 6_000, seed, blocks: 2 }));

describe('v1.0 surfaces inside createSurface (issue #27, item 1)', () => {
  for (const [o, order] of INLINE_ORDERS.entries()) {
    for (const snapshots of ['full', 'delta'] as const) {
      for (const partialComponents of [false, true]) {
        it(`${order.join(', ')}; ${snapshots} snapshots${partialComponents ? ', partial components' : ''}: the model's state, messages a renderer applies, at every chunking`, () => {
          for (const [r, split] of RESPONSES.entries()) {
            const inline = inlineResponse(split, order);
            // Nothing the model wrote is lost: the settings too (sendDataModel, metadata).
            const expected = finalState(applyMessages(new Map(), inline.messages), true);
            for (const { name, chunks } of chunkings(inline.text, 100 * o + r, 2)) {
              const parts = parse(chunks, { snapshots, partialComponents });
              const where = `response ${r}, ${name}`;
              expect(errorsOf(parts), where).toEqual([]);
              const messages = messagesOf(parts);
              expect(refused(messages), where).toEqual([]);
              expect(finalState(applyMessages(new Map(), messages), true), where).toEqual(expected);
            }
          }
        });
      }
    }
  }

  it('the components and data model go out as updates after a createSurface holding the header', () => {
    const [split] = RESPONSES;
    const inline = inlineResponse(split as (typeof RESPONSES)[number], INLINE_ORDERS[0] as (typeof INLINE_ORDERS)[number]);
    const messages = messagesOf(parse(chunksOf(inline.text, 16), {}));
    const starts = messages.filter((message) => message.createSurface !== undefined);
    expect(starts.map((message) => Object.keys(message.createSurface as object))).toEqual([
      ['surfaceId', 'catalogId'],
      ['surfaceId', 'catalogId'],
    ]);
    expect(messages.some((message) => message.updateDataModel !== undefined)).toBe(true);
  });

  it('a member after the content (sendDataModel) makes the surface again: delete, the whole header, the components, the data model', () => {
    const messages: A2uiMessage[] = [
      {
        version: 'v1.0',
        createSurface: {
          surfaceId: 's',
          catalogId: V10.id,
          components: [
            { id: 'root', component: 'Column', children: ['t'] },
            { id: 't', component: 'Text', text: { path: '/name' } },
          ],
          dataModel: { name: 'Ada' },
          sendDataModel: true,
        },
      },
    ];
    const text = `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
    for (const snapshots of ['full', 'delta'] as const) {
      const out = messagesOf(parse(chunksOf(text, 16), { snapshots }));
      const keys = out.map((message) => Object.keys(message).find((key) => key !== 'version'));
      const remade = keys.indexOf('deleteSurface');
      expect(keys.slice(0, remade), snapshots).toContain('updateComponents');
      expect(keys.slice(remade, remade + 2), snapshots).toEqual(['deleteSurface', 'createSurface']);
      expect((out[remade + 1]!.createSurface as { sendDataModel?: boolean }).sendDataModel).toBe(true);
      expect(finalState(applyMessages(new Map(), out), true)).toEqual(finalState(applyMessages(new Map(), messages), true));
    }
  });

  it('a late member that does not validate is reported, and the surface is not made again with it', () => {
    const body = `{"surfaceId":"s","catalogId":"${V10.id}","components":[{"id":"root","component":"Text","text":"Hi"}],"metadata":"not an object"}`;
    const text = `<a2ui-json>[{"version":"v1.0","createSurface":${body}}]</a2ui-json>`;
    for (const snapshots of ['full', 'delta'] as const) {
      for (const { name, chunks } of chunkings(text, 9, 1)) {
        const parts = parse(chunks, { snapshots });
        const out = messagesOf(parts);
        const where = `${snapshots}, ${name}`;
        expect(
          errorsOf(parts).map((error) => error.category),
          where,
        ).toEqual(['ValidationError']);
        expect(
          out.some((message) => message.deleteSurface !== undefined),
          where,
        ).toBe(false);
        expect(refused(out), where).toEqual([]);
        expect(finalState(applyMessages(new Map(), out)).s?.components, where).toEqual({ root: { id: 'root', component: 'Text', text: 'Hi' } });
      }
    }
  });

  it('with every component left out as invalid, the rest of the start message is still checked', () => {
    const body = `{"surfaceId":"s","catalogId":"${V10.id}","components":[{"id":"root","component":"NoSuchType"}],"metadata":"not an object"}`;
    const text = `<a2ui-json>[{"version":"v1.0","createSurface":${body}}]</a2ui-json>`;
    for (const { name, chunks } of chunkings(text, 4, 1)) {
      const errors = errorsOf(parse(chunks, {}));
      expect(
        errors.some((error) => error.details.some((detail) => detail.path.includes('metadata'))),
        `${name}: ${errors.map((e) => e.message).join(' | ')}`,
      ).toBe(true);
    }
  });

  it('a createSurface for a surface already started is refused whole, its content too', () => {
    const start = (text: string): A2uiMessage => ({
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: V10.id, components: [{ id: 'root', component: 'Text', text }] },
    });
    const text = `<a2ui-json>${JSON.stringify([start('first'), start('second')])}</a2ui-json>`;
    for (const { name, chunks } of chunkings(text, 5, 1)) {
      const out = messagesOf(parse(chunks, {}));
      expect(refused(out), name).toEqual([]);
      expect(finalState(applyMessages(new Map(), out)).s?.components, name).toEqual({ root: { id: 'root', component: 'Text', text: 'first' } });
    }
  });

  it('as early as the split form, 2 points at most later: shown before the message closes, and (partial components) before their own object closes', () => {
    // Both forms indented alike, so only how the surfaces are written differs.
    const generated = generateResponse({ version: '1.0', targetBytes: 30_000, seed: 27, blocks: 3 });
    const split = reindented(generated);
    for (const order of [INLINE_ORDERS[0], INLINE_ORDERS[2]] as (typeof INLINE_ORDERS)[number][]) {
      const inline = inlineResponse(generated, order);
      for (const chunk of [1, 16, 64]) {
        for (const [options, end] of [
          [{}, 'messageEnd'],
          [{ partialComponents: true }, 'end'],
        ] as const) {
          const ours = shownBefore(inline.text, chunk, options, end);
          const theirs = shownBefore(split.text, chunk, options, end);
          // Not later by more than 2 points (the texts differ, so chunk boundaries fall elsewhere: often earlier).
          expect(theirs - ours, `${order.join(',')}, ${chunk}-char chunks, ${end}: ${ours} vs ${theirs}`).toBeLessThanOrEqual(0.02);
        }
      }
    }
  });

  it('a v1.0 history of inline surfaces seeds the parser: the next turn sends only what changed', () => {
    const [split] = RESPONSES;
    const history = inlineMessages((split as (typeof RESPONSES)[number]).messages, INLINE_ORDERS[0] as (typeof INLINE_ORDERS)[number]);
    const create = history.find((message) => message.createSurface !== undefined)?.createSurface as {
      surfaceId: string;
      dataModel: { [key: string]: JsonValue };
    };
    const turn: A2uiMessage[] = [
      { version: 'v1.0', updateComponents: { surfaceId: create.surfaceId, components: [{ id: 'header', component: 'Text', text: '# Changed' }] } },
      { version: 'v1.0', updateDataModel: { surfaceId: create.surfaceId, value: create.dataModel } },
    ];
    const text = `Updated.<a2ui-json>${JSON.stringify(turn)}</a2ui-json>`;
    for (const snapshots of ['full', 'delta'] as const) {
      const parser = new A2uiStreamParser(V10, { snapshots, history });
      const out = messagesOf([...parser.push(text), ...parser.end()]);
      expect(refused([...history, ...out])).toEqual([]);
      // The same data model as the history's is not sent again; the changed component is.
      expect(
        out.filter((message) => message.updateDataModel !== undefined),
        snapshots,
      ).toEqual([]);
      const ids = out.flatMap((message) => ((message.updateComponents as { components?: { id: string }[] } | undefined)?.components ?? []).map((c) => c.id));
      expect(ids, snapshots).toContain('header');
      if (snapshots === 'delta') expect(ids).toEqual(['header']);
      expect(finalState(applyMessages(new Map(), [...history, ...out]))).toEqual(finalState(applyMessages(new Map(), [...history, ...turn])));
    }
  });
});
