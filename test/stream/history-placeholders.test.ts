/**
 * `history` holding the parser's own placeholders: what an earlier turn sent for a child that had
 * not arrived. They are taken as placeholders, not as components the model wrote, so a later turn
 * reads as the parser that sent them would have read on (decisions C44).
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamParser, type StreamParserOptions } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { chunksOf } from '../support/chunkings.js';
import { messagesOf, V08, V09 } from './helpers.js';

const block = (messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const turn1 = block([
  { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } },
  { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Column', children: ['later'] }] } },
]);
const turn2 = block([
  { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'later', component: 'Text', text: 'arrived in the next turn' }] } },
]);

/** A history that made surface `s` of `components`. */
const historyOf = (components: unknown[]) =>
  [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
  ] as A2uiMessage[];

function read(parser: A2uiStreamParser, input: string, size = input.length): Part[] {
  return [...chunksOf(input, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/** Turn 2's parts: read by the parser that read turn 1, and by a new one given what turn 1 sent as `history`. */
function turnTwo(options: StreamParserOptions, size?: number, catalog = V09, first = turn1, second = turn2) {
  const one = new A2uiStreamParser(catalog, options);
  const history = messagesOf(read(one, first));
  return { continued: read(one, second, size), seeded: read(new A2uiStreamParser(catalog, { ...options, history }), second, size), history };
}

describe('history holding placeholders the parser sent', () => {
  it("full snapshots: a child named by its placeholder's id shows when it arrives in a later turn", () => {
    const { continued, seeded, history } = turnTwo({ snapshots: 'full' });
    expect(JSON.stringify(history)).toContain('loading_later');
    expect(seeded).toEqual(continued);
    expect(JSON.stringify(seeded)).toContain('arrived in the next turn');
  });

  it('full snapshots, v0.8: the same', () => {
    const first = block([
      { beginRendering: { surfaceId: 's', root: 'root' } },
      { surfaceUpdate: { surfaceId: 's', components: [{ id: 'root', component: { Column: { children: { explicitList: ['later'] } } } }] } },
    ]);
    const second = block([
      { surfaceUpdate: { surfaceId: 's', components: [{ id: 'later', component: { Text: { text: { literalString: 'arrived in the next turn' } } } }] } },
    ]);
    const { continued, seeded } = turnTwo({}, undefined, V08, first, second);
    expect(seeded).toEqual(continued);
    expect(JSON.stringify(seeded)).toContain('arrived in the next turn');
  });

  it('delta snapshots: the child, streamed, shows as it is read, not when its object closes', () => {
    const { continued, seeded } = turnTwo({ snapshots: 'delta' }, 1);
    expect(seeded).toEqual(continued);
    const first = seeded.findIndex((part) => part.type === 'a2ui');
    expect(JSON.stringify(seeded[first])).not.toContain('arrived in the next turn');
  });

  it('full snapshots: a component the model wrote like a placeholder, under its own id, stays a component', () => {
    const history = historyOf([
      { id: 'root', component: 'Column', children: ['x'] },
      { id: 'x', component: 'Row', children: [] },
    ]);
    const again = block([
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['x', 'y'] },
            { id: 'y', component: 'Text', text: 'y' },
          ],
        },
      },
    ]);
    // Taken for a placeholder, `x` would be missing, and the Column would name `loading_x`.
    const sent = messagesOf(read(new A2uiStreamParser(V09, { snapshots: 'full', history }), again));
    expect(JSON.stringify(sent)).toContain('"children":["x","y"]');
  });

  // Probe 16 finding 1: a `loading_` id the model wrote was taken for a placeholder's, and a form
  // naming `loading_<its own id>` became a self-reference: every later parser's constructor threw.
  it('full snapshots: a loading_ id the model wrote stays a reference to it', () => {
    const first = block([
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09.id } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['c2'] },
            { id: 'c2', component: 'Column', children: ['loading_c2'] },
            { id: 'loading_c2', component: 'Text', text: 'real' },
          ],
        },
      },
    ]);
    const second = block([{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'loading_c2', component: 'Text', text: 'changed' }] } }]);
    const { continued, seeded } = turnTwo({ snapshots: 'full' }, undefined, V09, first, second);
    expect(seeded).toEqual(continued);
    expect(JSON.stringify(seeded)).toContain('"text":"changed"');
  });
});

// Probe 16 finding 4: history is client input; a cycle in it made the parser's constructor throw.
describe('history holding a tree the parser cannot walk', () => {
  it('is a surface whose tree the parser does not know: its constructor reads on, the answer goes out', () => {
    const history = historyOf([
      { id: 'root', component: 'Column', children: ['a'] },
      { id: 'a', component: 'Column', children: ['b'] },
      { id: 'b', component: 'Column', children: ['a'] },
    ]);
    const parser = new A2uiStreamParser(V09, { history });
    const answer = block([{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'c', component: 'Text', text: 'answer' }] } }]);
    expect(JSON.stringify(messagesOf(read(parser, answer)))).toContain('"text":"answer"');
  });
});
