/**
 * The state behind `useA2uiSurfaces`, fed as the hook feeds it: `@ai-sdk/react`'s own `Chat`
 * (what `useChat` renders from) reading a route's UI message stream, each change of its
 * `messages` given to the store and applied; a list of `a2uiStream` parts. What the renderer
 * holds at the end must equal applying the model's own messages directly, each message applied
 * once, in both data-part modes and both snapshot modes.
 */
import { Chat } from '@ai-sdk/react';
import { basicCatalog as reactCatalog, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { MessageProcessor, type A2uiMessage as RendererMessage } from '@a2ui/web_core/v0_9';
import { describe, expect, it, vi } from 'vitest';
import { a2uiStream, basicCatalog, type A2uiError, type A2uiMessage, type Part } from '../../src/index.js';
import { a2uiDataPartSchemas, a2uiHistory, type A2uiUIMessage } from '../../src/ai-sdk/index.js';
import { reactBasicCatalogV10 } from '../../src/react/index.js';
import { SurfaceStore } from '../../src/react/surface-store.js';
import { generateResponse } from '../support/generate-response.js';
import { webCoreV09State } from '../support/web-core-state.js';
import { answerChunks } from './ui-chunks.js';

type Mode = 'events' | 'block';
type Snapshots = 'full' | 'delta';

function directState(messages: readonly A2uiMessage[]) {
  const processor = new MessageProcessor<ReactComponentImplementation>([reactCatalog, reactBasicCatalogV10()]);
  for (const message of messages) processor.processMessages([structuredClone(message) as unknown as RendererMessage]);
  return webCoreV09State(processor);
}

/** A store that records what reaches its processor and every error. */
function recordingStore() {
  const errors: A2uiError[] = [];
  const store = new SurfaceStore({ onError: (error) => errors.push(error) });
  const applied: A2uiMessage[] = [];
  const apply = store.processor.processMessages.bind(store.processor);
  store.processor.processMessages = (messages) => {
    // A copy: web_core changes the data-model values it holds when later updates set paths in them.
    applied.push(...(structuredClone(messages) as unknown as A2uiMessage[]));
    apply(messages);
  };
  return { store, errors, applied };
}

/** A chat whose transport streams `answers[n]` for the n-th request through `a2uiUIMessageStream`. */
function chatOf(answers: readonly string[], version: '0.9' | '1.0', mode: Mode, snapshots: Snapshots, chunkSize = 9) {
  let turn = 0;
  return new Chat<A2uiUIMessage>({
    dataPartSchemas: a2uiDataPartSchemas,
    transport: {
      sendMessages: async ({ messages }) =>
        answerChunks(answers[turn++] ?? '', basicCatalog(version), { mode, snapshots, history: a2uiHistory(messages) }, { chunkSize, intervalMs: 0 }),
      reconnectToStream: async () => null,
    },
  });
}

/** Sends `text`, handing each change of the chat's messages to the store and applying it at once. */
async function turn(chat: Chat<A2uiUIMessage>, store: SurfaceStore, text: string): Promise<number> {
  let changes = 0;
  const stop = chat['~registerMessagesCallback'](() => {
    changes++;
    store.update(chat.messages, true);
    store.flush();
  });
  await chat.sendMessage({ text });
  stop();
  store.update(chat.messages, false);
  store.flush();
  return changes;
}

const cases: [string, '0.9' | '1.0', Mode, Snapshots][] = [
  ['v0.9 events delta', '0.9', 'events', 'delta'],
  ['v0.9 block full', '0.9', 'block', 'full'],
  ['v1.0 block delta', '1.0', 'block', 'delta'],
  ['v1.0 events full', '1.0', 'events', 'full'],
];

describe('useChat messages', () => {
  for (const [name, version, mode, snapshots] of cases) {
    it(`${name}: the renderer ends as the model's messages leave it, each start message applied once`, async () => {
      const response = generateResponse({ version, targetBytes: 9_000, blocks: 3, seed: 4 });
      const { store, errors, applied } = recordingStore();
      const changes = await turn(chatOf([response.text], version, mode, snapshots), store, 'Show me');
      expect(changes).toBeGreaterThan(100);
      expect(errors).toEqual([]);
      expect(webCoreV09State(store.processor)).toEqual(directState(response.messages));
      const starts = applied.filter((m) => 'createSurface' in m).map((m) => (m.createSurface as { surfaceId: string }).surfaceId);
      expect(starts).toEqual(response.messages.filter((m) => 'createSurface' in m).map((m) => (m.createSurface as { surfaceId: string }).surfaceId));
      const state = store.getSnapshot();
      expect(state.surfaces.map((s) => s.id)).toEqual(starts);
      expect(state.surfaces.every((s) => s.messageId === state.surfaces[0]?.messageId && s.messageId !== undefined && !s.streaming)).toBe(true);
    });
  }

  it('events mode: the messages applied are exactly those of the data parts, once each, in order', async () => {
    const response = generateResponse({ version: '0.9', targetBytes: 6_000, blocks: 2, seed: 9 });
    const { store, applied } = recordingStore();
    const chat = chatOf([response.text], '0.9', 'events', 'delta');
    await turn(chat, store, 'Show me');
    expect(applied).toEqual(a2uiHistory(chat.messages));
  });

  it('block mode: a re-sent block applies only what changed in it (far fewer components than resending it whole)', async () => {
    const response = generateResponse({ version: '0.9', targetBytes: 6_000, blocks: 1, seed: 2 });
    const { store, applied } = recordingStore();
    let resent = 0;
    const chat = chatOf([response.text], '0.9', 'block', 'delta', 4);
    const stop = chat['~registerMessagesCallback'](() => {
      const data = [...(chat.messages.at(-1)?.parts ?? [])].reverse().find((p) => p.type === 'data-a2ui');
      if (data?.type === 'data-a2ui')
        resent += data.data.messages.reduce((n: number, m) => n + ((m.updateComponents as { components?: unknown[] } | undefined)?.components?.length ?? 0), 0);
    });
    await turn(chat, store, 'Show me');
    stop();
    const components = applied.reduce((n, m) => n + ((m.updateComponents as { components?: unknown[] } | undefined)?.components?.length ?? 0), 0);
    expect(components).toBeGreaterThan(0);
    expect(components * 5).toBeLessThan(resent);
  });

  it("a second turn updates the first turn's surface in place (history on the server, the same SurfaceModel on the client)", async () => {
    const catalogId = basicCatalog('0.9').id;
    const first = `Here.<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalogId}"}},
{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["t","b"]},
{"id":"t","component":"Text","text":"Friday 7pm"},{"id":"b","component":"Button","child":"bl","action":{"event":{"name":"later"}}},{"id":"bl","component":"Text","text":"Later"}]}}]</a2ui-json>`;
    const second = `Moved.<a2ui-json>[{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"t","component":"Text","text":"Friday 8pm"}]}}]</a2ui-json>`;
    for (const mode of ['events', 'block'] as const) {
      const { store, errors } = recordingStore();
      const chat = chatOf([first, second], '0.9', mode, 'delta');
      await turn(chat, store, 'Book');
      const model = store.getSnapshot().surfaces[0]?.surface;
      await turn(chat, store, 'Later');
      expect(errors).toEqual([]);
      const surfaces = store.getSnapshot().surfaces;
      expect(surfaces.map((s) => s.id)).toEqual(['s']);
      expect(surfaces[0]?.surface).toBe(model);
      expect(surfaces[0]?.messageId).toBe(chat.messages[1]?.id);
      const creating = chat.messages[1]?.parts.find((p) => p.type === 'data-a2ui' && p.data.messages.some((m) => 'createSurface' in m));
      expect(surfaces[0]?.partId).toBe(creating?.type === 'data-a2ui' ? creating.id : 'none');
      expect(model?.componentsModel.get('t')?.properties.text).toBe('Friday 8pm');
    }
  });

  it('while streaming, only the surfaces the last message changes are marked streaming', async () => {
    const catalogId = basicCatalog('0.9').id;
    const answer = (id: string) =>
      `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"${id}","catalogId":"${catalogId}"}},{"version":"v0.9","updateComponents":{"surfaceId":"${id}","components":[{"id":"root","component":"Text","text":"${id}"}]}}]</a2ui-json>`;
    const { store } = recordingStore();
    const chat = chatOf([answer('a'), answer('b')], '0.9', 'events', 'delta');
    await turn(chat, store, 'one');
    let seen: [string, boolean][] = [];
    const stop = chat['~registerMessagesCallback'](() => {
      store.update(chat.messages, true);
      store.flush();
      seen = store.getSnapshot().surfaces.map((s) => [s.id, s.streaming]);
    });
    await chat.sendMessage({ text: 'two' });
    stop();
    expect(seen).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('a regenerated answer (the applied message gone) builds the surfaces again instead of creating one twice', async () => {
    const response = generateResponse({ version: '0.9', targetBytes: 4_000, blocks: 1, seed: 3 });
    const { store, errors } = recordingStore();
    const chat = chatOf([response.text, response.text], '0.9', 'events', 'delta');
    await turn(chat, store, 'Show me');
    const before = store.getSnapshot().surfaces.map((s) => s.id);
    const stop = chat['~registerMessagesCallback'](() => {
      store.update(chat.messages, true);
      store.flush();
    });
    await chat.regenerate();
    stop();
    store.update(chat.messages, false);
    store.flush();
    expect(errors).toEqual([]);
    expect(store.getSnapshot().surfaces.map((s) => s.id)).toEqual(before);
    expect(webCoreV09State(store.processor)).toEqual(directState(response.messages));
  });
});

describe('a list of parts', () => {
  it('applies the a2ui parts after those applied, once; a different list starts again', async () => {
    const response = generateResponse({ version: '1.0', targetBytes: 5_000, blocks: 2, seed: 5 });
    const parts: Part[] = [];
    const reader = new ReadableStream<string>({
      start(controller) {
        for (let at = 0; at < response.text.length; at += 11) controller.enqueue(response.text.slice(at, at + 11));
        controller.close();
      },
    })
      .pipeThrough(a2uiStream(basicCatalog('1.0')))
      .getReader();
    const { store, errors, applied } = recordingStore();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      parts.push(read.value);
      store.update([...parts], true);
      store.flush();
    }
    expect(errors).toEqual([]);
    expect(applied).toEqual(parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : [])));
    expect(webCoreV09State(store.processor)).toEqual(directState(response.messages));
    expect(store.getSnapshot().surfaces.every((s) => s.streaming && s.messageId === undefined)).toBe(true);
    store.update(parts.slice(0, 3), false);
    store.flush();
    expect(errors).toEqual([]);
    expect(webCoreV09State(store.processor)).toEqual(directState(parts.slice(0, 3).flatMap((p) => (p.type === 'a2ui' ? p.messages : []))));
  });
});

describe('frames, actions, errors', () => {
  it('many updates before a frame are applied in that one frame, and subscribers hear of it once', () => {
    vi.useFakeTimers();
    try {
      const catalogId = basicCatalog('0.9').id;
      const { store, applied } = recordingStore();
      const heard = vi.fn();
      const stop = store.subscribe(heard);
      const parts: Part[] = [];
      for (let i = 0; i < 20; i++) {
        parts.push({ type: 'a2ui', messages: [{ version: 'v0.9', createSurface: { surfaceId: `s${i}`, catalogId } }] });
        store.update([...parts], true);
      }
      expect(applied).toEqual([]);
      vi.advanceTimersByTime(16);
      expect(applied).toHaveLength(20);
      expect(heard).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an action reaches onAction with the surface id, the action and the data model only when the surface asks for it', async () => {
    const catalogId = basicCatalog('0.9').id;
    const events: unknown[] = [];
    const store = new SurfaceStore({ onAction: (event) => events.push(event) });
    const stop = store.subscribe(() => {});
    const surface = (id: string, sendDataModel: boolean): A2uiMessage[] => [
      { version: 'v0.9', createSurface: { surfaceId: id, catalogId, sendDataModel } },
      { version: 'v0.9', updateDataModel: { surfaceId: id, path: '/', value: { guests: 2 } } },
    ];
    store.update([{ type: 'a2ui', messages: [...surface('with', true), ...surface('without', false)] }], false);
    store.flush();
    await store.processor.model.getSurface('with')?.dispatchAction({ event: { name: 'book', context: { at: 7 } } }, 'b');
    await store.processor.model.getSurface('without')?.dispatchAction({ event: { name: 'later', context: {} } }, 'c');
    stop();
    expect(events).toMatchObject([
      { surfaceId: 'with', action: { name: 'book', surfaceId: 'with', sourceComponentId: 'b', context: { at: 7 } }, dataModel: { guests: 2 } },
      { surfaceId: 'without', action: { name: 'later' }, dataModel: undefined },
    ]);
  });

  it('a message the renderer rejects and a v0.8 message reach onError; the others are applied', () => {
    const catalogId = basicCatalog('0.9').id;
    const { store, errors } = recordingStore();
    store.update(
      [
        {
          type: 'a2ui',
          messages: [
            { version: 'v0.9', createSurface: { surfaceId: 'a', catalogId } },
            { version: 'v0.9', createSurface: { surfaceId: 'a', catalogId } },
            { beginRendering: { surfaceId: 'old', root: 'root' } },
            { version: 'v0.9', createSurface: { surfaceId: 'b', catalogId } },
          ],
        },
      ],
      false,
    );
    store.flush();
    expect(errors.map((e) => [e.category, e.details[0]?.code])).toEqual([
      ['IntegrityError', 'renderer_rejected'],
      ['ValidationError', 'invalid_value'],
    ]);
    expect(store.getSnapshot().surfaces.map((s) => s.id)).toEqual(['a', 'b']);
  });
});
