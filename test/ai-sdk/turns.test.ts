/**
 * A conversation of four turns through each SDK (mock model, the adapter, the client reader) in
 * which surfaces are created, updated, deleted and created again: after each turn the surfaces
 * rebuilt from `a2uiHistory` are those of every message the model wrote; `a2uiCompactParts` keeps
 * them; `convertToModelMessages` with `a2uiConvertDataPart` gives the model one block per block it
 * wrote, which read back to the same surfaces.
 */
import { convertToModelMessages, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { a2uiCompactParts, a2uiConvertDataPart, a2uiHistory, a2uiUIMessageStream, type A2uiDataMode } from '../../src/ai-sdk/index.js';
import { BASIC_CATALOG_ID_V09, basicCatalog, parseResponse, type A2uiMessage, type JsonValue } from '../../src/index.js';
import { block, deltas, renderedSurfaces } from './fixtures.js';
import { SDKS } from './sdks.js';

const v = 'v0.9';
const create = (surfaceId: string): A2uiMessage => ({ version: v, createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID_V09 } });
const draw = (surfaceId: string, text: string): A2uiMessage => ({
  version: v,
  updateComponents: {
    surfaceId,
    components: [
      { id: 'root', component: 'Column', children: ['t'] },
      { id: 't', component: 'Text', text },
    ],
  },
});
const retext = (surfaceId: string, text: string): A2uiMessage => ({
  version: v,
  updateComponents: { surfaceId, components: [{ id: 't', component: 'Text', text }] },
});
const set = (surfaceId: string, path: string, value: JsonValue): A2uiMessage => ({ version: v, updateDataModel: { surfaceId, path, value } });
const remove = (surfaceId: string): A2uiMessage => ({ version: v, deleteSurface: { surfaceId } });

/** Per turn, the blocks the model writes. */
const TURNS: A2uiMessage[][][] = [
  [
    [create('a'), draw('a', 'one'), set('a', '/', { x: 1, y: { z: 2 } })],
    [create('b'), draw('b', 'bee')],
  ],
  [[retext('a', 'two'), set('a', '/y/z', 3)], [remove('b')]],
  [
    [remove('a'), create('a'), draw('a', 'three')],
    [create('b'), draw('b', 'bee again'), set('b', '/', { q: 1 })],
  ],
  [[retext('a', 'four'), set('a', '/k', 5), retext('b', 'bee three')]],
];

const blocksOf = (texts: string[]): A2uiMessage[] =>
  texts.filter((text) => text.includes('<a2ui-json>')).flatMap((text) => parseResponse(text).flatMap((part) => (part.type === 'a2ui' ? part.messages : [])));

describe.each(SDKS)('$name', (sdk) => {
  it.each([
    ['events', 'full'],
    ['block', 'delta'],
  ] as [A2uiDataMode, 'full' | 'delta'][])(
    'mode %s, snapshots %s: four turns keep every surface; the model gets one block per block',
    async (mode, snapshots) => {
      const conversation: UIMessage[] = [];
      const written: A2uiMessage[] = [];
      for (const [turn, blocks] of TURNS.entries()) {
        const text = `${blocks.map((messages, i) => `Part ${i}.${block(messages)}`).join('')}End.`;
        written.push(...blocks.flat());
        const stream = sdk
          .uiMessageStream([{ text: deltas(text, 50 + turn) }])
          .pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { mode, snapshots, history: a2uiHistory(conversation) }));
        const answer = await sdk.finalMessage(stream);
        expect(answer.parts.filter((part) => part.type === 'data-a2ui-error')).toEqual([]);
        conversation.push({ id: `u${turn}`, role: 'user', parts: [{ type: 'text', text: 'next' }] }, { ...answer, id: `a${turn}` });
        expect(renderedSurfaces(a2uiHistory(conversation))).toEqual(renderedSurfaces(written));
      }
      const compacted = a2uiCompactParts(conversation);
      expect(renderedSurfaces(a2uiHistory(compacted))).toEqual(renderedSurfaces(written));
      const model = await convertToModelMessages(compacted, { convertDataPart: a2uiConvertDataPart });
      const texts = model.flatMap((m) => (m.role === 'assistant' && Array.isArray(m.content) ? m.content : []).map((c) => ('text' in c ? c.text : '')));
      expect(texts.join('').match(/<a2ui-json>/g)).toHaveLength(TURNS.flat().length);
      expect(renderedSurfaces(blocksOf(texts))).toEqual(renderedSurfaces(written));
    },
  );
});
