/**
 * `a2uiHistory` and `a2uiConvertDataPart`: a conversation's `data-a2ui` parts back into A2UI
 * messages (for the next turn's parser) and into a compact block for the model (through the SDK's
 * own `convertToModelMessages`).
 */
import { convertToModelMessages as convert7, type UIMessage, type UIMessageChunk } from 'ai';
import { convertToModelMessages as convert6 } from 'ai-v6';
import { convertToModelMessages as convert5 } from 'ai-v5';
import { describe, expect, it } from 'vitest';
import { a2uiCompactParts, a2uiConvertDataPart, a2uiHistory, a2uiNewMessages, a2uiUIMessageStream } from '../../src/ai-sdk/index.js';
import { parseResponse, type A2uiMessage } from '../../src/index.js';
import { basicCatalog } from '../../src/index.js';
import { BOOKING_TURN_1, BOOKING_UPDATE, deltas, renderedSurfaces, STEP_1, STEP_2 } from './fixtures.js';
import { SDKS } from './sdks.js';

const [create, components, dataModel] = BOOKING_TURN_1 as [A2uiMessage, A2uiMessage, A2uiMessage];
const conversation: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Book Lumen' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'text', text: 'Here:' },
      { type: 'data-a2ui', id: 'a2ui-1', data: { messages: [create] } },
      { type: 'data-a2ui', id: 'a2ui-2', data: { messages: [components, dataModel] } },
      { type: 'data-a2ui-error', id: 'a2ui-error-1', data: { category: 'ParseError', message: 'x', details: [] } },
      { type: 'data-other', data: { messages: [BOOKING_UPDATE[0]] } },
    ],
  },
  { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Make it 8pm' }] },
  { id: 'a2', role: 'assistant', parts: [{ type: 'data-a2ui', id: 'a2ui-1', data: { messages: BOOKING_UPDATE } }] },
];

describe('a2uiHistory', () => {
  it('collects the messages of every data-a2ui part in order, nothing else', () => {
    expect(a2uiHistory(conversation)).toEqual([...BOOKING_TURN_1, ...BOOKING_UPDATE]);
  });

  it('skips data-a2ui parts without a messages list', () => {
    expect(a2uiHistory([{ parts: [{ type: 'data-a2ui', data: { nope: 1 } }, { type: 'data-a2ui' }] }])).toEqual([]);
  });

  it('skips entries of a messages list that are not messages (a conversation comes from the client)', () => {
    const garbled = [{ parts: [{ type: 'data-a2ui', data: { messages: ['x', null, 5, [create], create] } }] }];
    expect(a2uiHistory(garbled)).toEqual([create]);
    expect(() => a2uiUIMessageStream(basicCatalog('0.9'), { history: a2uiHistory(garbled) })).not.toThrow();
    expect(a2uiConvertDataPart(garbled[0]!.parts[0]!)).toEqual({ type: 'text', text: `<a2ui-json>${JSON.stringify([create])}</a2ui-json>` });
    expect(a2uiCompactParts(garbled)[0]?.parts[0]?.data).toEqual({ messages: [create] });
  });
});

describe('a2uiConvertDataPart', () => {
  it('writes a data-a2ui part as one compact <a2ui-json> block the parser reads back to the same surfaces', () => {
    // As events would hold them: a partial component and a partial data model, then their completions.
    const partial = {
      type: 'data-a2ui',
      data: {
        messages: [
          create,
          {
            version: 'v0.9',
            updateComponents: {
              surfaceId: 'booking',
              components: [
                { id: 'root', component: 'Column', children: ['title', 'when'] },
                { id: 'title', component: 'Text', text: 'Din' },
              ],
            },
          },
          { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/', value: { when: '7' } } },
          components,
          dataModel,
        ],
      },
    };
    const converted = a2uiConvertDataPart(partial);
    expect(converted?.type).toBe('text');
    expect(converted?.text).toMatch(/^<a2ui-json>\[.*\]<\/a2ui-json>$/s);
    const reread = parseResponse(converted?.text ?? '', basicCatalog('0.9')).flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
    expect(reread).toHaveLength(3);
    expect(renderedSurfaces(reread)).toEqual(renderedSurfaces(BOOKING_TURN_1));
  });

  it.each([
    [
      '0.8',
      [
        { beginRendering: { surfaceId: 's', root: 'root' } },
        {
          surfaceUpdate: {
            surfaceId: 's',
            components: [
              { id: 'root', component: { Column: { children: { explicitList: ['a', 'b'] } } } },
              { id: 'a', component: { Text: { text: { literalString: 'Hello there' } } } },
              { id: 'b', component: { Text: { text: { literalString: 'World' } } } },
            ],
          },
        },
      ],
    ],
    ['0.9', BOOKING_TURN_1],
  ] as const)('v%s, full snapshots: the model is not shown the placeholders that streamed (loading_…), only what it wrote', async (version, written) => {
    const text = `Hi <a2ui-json>${JSON.stringify(written)}</a2ui-json> bye`;
    const source = new ReadableStream<UIMessageChunk>({
      start: (c) => {
        c.enqueue({ type: 'text-start', id: 't' });
        for (const delta of deltas(text, 61)) c.enqueue({ type: 'text-delta', id: 't', delta });
        c.enqueue({ type: 'text-end', id: 't' });
        c.close();
      },
    });
    const parts: { type: string; id?: string; data?: unknown }[] = [];
    for await (const chunk of source.pipeThrough(
      a2uiUIMessageStream(basicCatalog(version), { snapshots: 'full' }),
    ) as unknown as AsyncIterable<UIMessageChunk>) {
      if (chunk.type === 'data-a2ui') parts.push({ type: chunk.type, id: chunk.id, data: chunk.data });
    }
    // The renderer held placeholders while the block streamed; they stay in the history.
    expect(JSON.stringify(a2uiHistory([{ parts }]))).toContain('"loading_');
    const [compacted] = a2uiCompactParts([{ parts }]);
    const converted = a2uiConvertDataPart(compacted!.parts[0]!)?.text ?? '';
    expect(converted).not.toContain('loading_');
    const reread = parseResponse(converted, basicCatalog(version)).flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
    if (version === '0.9') expect(renderedSurfaces(reread)).toEqual(renderedSurfaces(BOOKING_TURN_1));
    else
      expect(
        JSON.stringify(
          reread
            .flatMap((m) => (m.surfaceUpdate as { components: { id: string }[] } | undefined)?.components ?? [])
            .map((c) => c.id)
            .sort(),
        ),
      ).toBe('["a","b","root"]');
  });

  it('leaves out only a spent placeholder: loading_<id> once <id> is there and nothing refers to it', () => {
    const messages = [
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['loading_x', 'z'] },
            { id: 'loading_x', component: 'Row', children: [] },
            { id: 'loading_y', component: 'Row', children: [] },
            { id: 'loading_z', component: 'Row', children: [] },
            { id: 'z', component: 'Text', text: 'Z' },
          ],
        },
      },
    ];
    const text = a2uiConvertDataPart({ type: 'data-a2ui', data: { messages } })?.text ?? '';
    expect(text).toContain('"id":"loading_x"'); // referred to
    expect(text).toContain('"id":"loading_y"'); // y never arrived: maybe the model's own
    expect(text).not.toContain('loading_z');
  });

  it("keeps the model's own loading_… components, also a v0.8 root that no component refers to", () => {
    const messages = [
      { beginRendering: { surfaceId: 's', root: 'loading_screen' } },
      {
        surfaceUpdate: {
          surfaceId: 's',
          components: [
            { id: 'loading_screen', component: { Column: { children: { explicitList: ['screen'] } } } },
            { id: 'screen', component: { Text: { text: { literalString: 'Loading…' } } } },
          ],
        },
      },
    ];
    const text = a2uiConvertDataPart({ type: 'data-a2ui', data: { messages } })?.text ?? '';
    expect(text).toContain('"id":"loading_screen"');
  });

  it('gives undefined for error parts, other data parts and empty ones', () => {
    expect(a2uiConvertDataPart({ type: 'data-a2ui-error', data: { category: 'ParseError', message: 'x', details: [] } })).toBeUndefined();
    expect(a2uiConvertDataPart({ type: 'data-other', data: { messages: [create] } })).toBeUndefined();
    expect(a2uiConvertDataPart({ type: 'data-a2ui', data: { messages: [] } })).toBeUndefined();
  });

  it.each([
    ['ai 7', convert7],
    ['ai 6', convert6 as unknown as typeof convert7],
    ['ai 5', convert5 as unknown as typeof convert7],
  ] as const)('%s: convertToModelMessages keeps the surfaces in the assistant messages', async (_, convert) => {
    const without = await convert(conversation);
    expect(JSON.stringify(without)).not.toContain('a2ui-json');
    const model = await convert(conversation, { convertDataPart: a2uiConvertDataPart });
    const assistant = model.filter((m) => m.role === 'assistant');
    const texts = assistant.map((m) => (Array.isArray(m.content) ? m.content : []).map((c) => ('text' in c ? c.text : '')).join(''));
    expect(texts[0]).toContain('Here:<a2ui-json>');
    expect(texts[0]).not.toContain('ParseError');
    expect(texts[1]).toContain('Dinner at Lumen, 8pm');
  });
});

describe.each(SDKS)('a2uiCompactParts ($name)', (sdk) => {
  it.each(['full', 'delta'] as const)('snapshots %s: an events-mode answer goes back to the model as one block per block it wrote', async (snapshots) => {
    const stream = sdk
      .uiMessageStream([{ text: deltas(STEP_1, 31), toolCall: { id: 'c', input: { q: 'x' } } }, { text: deltas(STEP_2, 32) }])
      .pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { snapshots, mode: 'events' }));
    const answer = { ...(await sdk.finalMessage(stream)), id: 'a' };
    const streamed = answer.parts.filter((part) => part.type === 'data-a2ui').length;
    expect(streamed).toBeGreaterThan(2);
    const [compacted] = a2uiCompactParts([answer]) as [UIMessage];
    expect(compacted.parts.filter((part) => part.type === 'data-a2ui')).toHaveLength(2);
    expect(compacted.parts.filter((part) => part.type !== 'data-a2ui')).toEqual(answer.parts.filter((part) => part.type !== 'data-a2ui'));
    expect(renderedSurfaces(a2uiHistory([compacted]))).toEqual(renderedSurfaces(a2uiHistory([answer])));
    expect(answer.parts.filter((part) => part.type === 'data-a2ui')).toHaveLength(streamed); // not changed
    const model = await convert7([{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }, compacted], { convertDataPart: a2uiConvertDataPart });
    expect(JSON.stringify(model).match(/<a2ui-json>/g)).toHaveLength(2);
  });
});

describe('a part holding more messages than a call takes arguments (the conversation comes from the client)', () => {
  // Spread into push, 300,000 messages threw a plain RangeError.
  const many = Array.from({ length: 300_000 }, (_, i) => ({ version: 'v0.9', deleteSurface: { surfaceId: `s${i % 3}` } }));
  const uiMessage = {
    id: 'a',
    role: 'assistant' as const,
    parts: [
      { type: 'data-a2ui', id: 'p1', data: { messages: [many[0]] } },
      { type: 'data-a2ui', id: 'p2', data: { messages: many } },
    ],
  };

  it('a2uiCompactParts merges it', () => {
    const [compacted] = a2uiCompactParts([uiMessage]);
    expect((compacted?.parts[0]?.data as { messages: unknown[] } | undefined)?.messages).toHaveLength(300_001);
  });

  it('a2uiNewMessages hands it over', () => {
    expect(a2uiNewMessages()(uiMessage)).toHaveLength(300_001);
  });
});
