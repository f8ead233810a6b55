import { describe, expect, it } from 'vitest';
import { a2uiActivityEvents, a2uiActivityHistory, A2UI_ERROR_EVENT, type A2uiActivityEvent } from '../../src/ag-ui/index.js';
import { A2uiStreamParser, a2uiStream, basicCatalogV09, type A2uiMessage, type Part } from '../../src/index.js';
import { ReplayAgent, chunks, run, type AguiEvent } from '../support/ag-ui-runs.js';
import { generateResponse } from '../support/generate-response.js';
import { bySurface, expectValidEvents, renderedActivities, renderedV09 } from './helpers.js';

/** The parts of `text` read in `size`-character chunks, errors as parts (as `a2uiStream` gives them). */
function partsOf(text: string, size: number | 'model'): Part[] {
  const parser = new A2uiStreamParser(basicCatalogV09());
  return [...chunks(text, size).flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

/** The conversation an `@ag-ui/client` agent holds after replaying `events` as one run. */
async function applied(events: readonly unknown[], earlier: AguiEvent[][] = []) {
  const agent = new ReplayAgent([...earlier, run(events as AguiEvent[])]);
  for (let i = 0; i <= earlier.length; i++) await agent.runAgent();
  return agent.messages;
}

const response = generateResponse({ version: '0.9', targetBytes: 12_000, seed: 4, blocks: 3 });

describe('a2uiActivityEvents with activityUpdates: snapshot (for clients that read snapshots only)', () => {
  /** What a client that keeps each activity message's latest snapshot and ignores deltas shows (as @assistant-ui/react-ag-ui 0.0.58). */
  function latestSnapshots(events: readonly A2uiActivityEvent[]): Map<string, A2uiMessage[]> {
    const latest = new Map<string, A2uiMessage[]>();
    for (const event of events) if (event.type === 'ACTIVITY_SNAPSHOT') latest.set(event.messageId, event.content.a2ui_operations as A2uiMessage[]);
    return latest;
  }
  const shown = (latest: Map<string, A2uiMessage[]>) => Object.assign({}, ...[...latest.values()].map((operations) => renderedV09(operations)));

  it("sends each change as a snapshot of the whole surface, each one renderable on its own, painting progressively to the model's surfaces", () => {
    const events = a2uiActivityEvents(partsOf(response.text, 'model'), { messageId: 'reply', activityUpdates: 'snapshot' }) as A2uiActivityEvent[];
    expectValidEvents(events);
    const activity = events.filter((event) => event.type !== 'CUSTOM');
    expect(activity.every((event) => event.type === 'ACTIVITY_SNAPSHOT' && event.replace)).toBe(true);
    const paintsBySurface = new Map<string, Set<string>>();
    for (const event of activity) {
      if (event.type !== 'ACTIVITY_SNAPSHOT') continue;
      const operations = event.content.a2ui_operations as A2uiMessage[];
      expect(operations[0]?.createSurface, 'a snapshot starts with its surface').toBeDefined();
      const paint = JSON.stringify(renderedV09(operations));
      paintsBySurface.set(event.messageId, (paintsBySurface.get(event.messageId) ?? new Set()).add(paint));
    }
    expect(paintsBySurface.size).toBe(3);
    for (const paints of paintsBySurface.values()) expect(paints.size).toBeGreaterThan(3);
    expect(shown(latestSnapshots(events))).toEqual(renderedV09(response.messages));
  });

  it("is what such a client needs: with deltas (the default) it would stay on each surface's first snapshot", () => {
    const events = a2uiActivityEvents(partsOf(response.text, 'model'), { messageId: 'reply' }) as A2uiActivityEvent[];
    expect(shown(latestSnapshots(events))).not.toEqual(renderedV09(response.messages));
  });
});

describe('a2uiActivityEvents', () => {
  it('gives each surface one activity message: a snapshot first, then deltas (a snapshot for changes that waited, when smaller), all valid AG-UI events', () => {
    const events = a2uiActivityEvents(partsOf(response.text, 'model'), { messageId: 'reply' });
    expectValidEvents(events);
    const bySurfaceId = new Map<string, string[]>();
    for (const event of events) {
      if (event.type === 'CUSTOM') continue;
      bySurfaceId.set(event.messageId, [...(bySurfaceId.get(event.messageId) ?? []), event.type]);
    }
    expect(bySurfaceId.size).toBe(3);
    for (const types of bySurfaceId.values()) {
      expect(types[0]).toBe('ACTIVITY_SNAPSHOT');
      expect(types).toContain('ACTIVITY_DELTA');
      expect(types.length).toBeGreaterThan(3);
    }
  });

  it('is paced by the parts it reads (issue #37): a long Column streamed at small chunks sends no more than its parts and 2 KiB', async () => {
    const text = `<a2ui-json>${JSON.stringify([
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalogV09().id } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: Array.from({ length: 400 }, (_, i) => `t${i}`) },
            ...Array.from({ length: 400 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: 'x' })),
          ],
        },
      },
    ])}</a2ui-json>`;
    for (const size of [1, 16]) {
      const parts = partsOf(text, size);
      const partBytes = parts.reduce((sum, part) => sum + (part.type === 'a2ui' ? JSON.stringify(part.messages).length : 0), 0);
      const events = a2uiActivityEvents(parts, { messageId: 'reply' });
      expect(
        events.reduce((sum, event) => sum + JSON.stringify(event).length, 0),
        `@${size}`,
      ).toBeLessThanOrEqual(partBytes + 2048);
      expect(bySurface(renderedActivities(await applied(events)))).toEqual(renderedV09(JSON.parse(text.slice(11, -12))));
    }
  });

  it('sends a surface deleted and made again in order: the client ends with the new one (probe 10 finding 1)', async () => {
    const catalogId = basicCatalogV09().id;
    const first = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'one' }] } },
    ];
    const again = [
      { version: 'v0.9', deleteSurface: { surfaceId: 's' } },
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'final' }] } },
    ];
    const text = `<a2ui-json>${JSON.stringify(first)}</a2ui-json>${'Some words. '.repeat(20)}<a2ui-json>${JSON.stringify(again)}</a2ui-json>`;
    for (const size of [1, 16, 'model'] as const) {
      const events = a2uiActivityEvents(partsOf(text, size), { messageId: 'reply' });
      expect(bySurface(renderedActivities(await applied(events))), `@${size}`).toEqual(renderedV09([...first, ...again] as A2uiMessage[]));
    }
  });

  it("paces a surface's first snapshot like its other changes (probe 10 finding 5): surfaces made and deleted over and over stay within their parts and 1 KiB", async () => {
    const catalogId = basicCatalogV09().id;
    const cycle = (i: number) => [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['a', 'b'] },
            { id: 'a', component: 'Text', text: `card ${i}` },
            { id: 'b', component: 'Text', text: 'x' },
          ],
        },
      },
      { version: 'v0.9', deleteSurface: { surfaceId: 's' } },
    ];
    const json = `<a2ui-json>${JSON.stringify([...Array.from({ length: 20 }, (_, i) => cycle(i)).flat(), ...cycle(20).slice(0, 2)])}</a2ui-json>`;
    const express = `<a2ui>\n${Array.from({ length: 30 }, (_, i) => `surface("s")\nroot = Column([a, b])\na = Text("card ${i}")\ndeleteSurface("s")`).join('\n')}\nsurface("s")\nroot = Text("final")\n</a2ui>`;
    for (const [name, text] of [
      ['JSON', json],
      ['Express', express],
    ] as const) {
      for (const activityUpdates of ['delta', 'snapshot'] as const) {
        for (const size of [1, 16, 64, text.length]) {
          const parts = partsOf(text, size);
          const partBytes = parts.reduce((sum, part) => sum + (part.type === 'a2ui' ? JSON.stringify(part.messages).length : 0), 0);
          const events = a2uiActivityEvents(parts, { messageId: 'r', activityUpdates });
          const label = `${name} ${activityUpdates} @${size}`;
          expect(
            events.reduce((sum, event) => sum + JSON.stringify(event).length, 0),
            label,
          ).toBeLessThanOrEqual(partBytes + 1024);
          const described = parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
          expect(Object.keys(renderedV09(described)), label).toEqual(['s']);
          expect(bySurface(renderedActivities(await applied(events))), label).toEqual(renderedV09(described));
        }
      }
    }
  });

  it('sends a first snapshot that waited as soon as the parts give room, before their end', async () => {
    const catalogId = basicCatalogV09().id;
    const surfaces = Array.from({ length: 12 }, (_, i) => [
      { version: 'v0.9', createSurface: { surfaceId: `s${i}`, catalogId } },
      { version: 'v0.9', updateComponents: { surfaceId: `s${i}`, components: [{ id: 'root', component: 'Text', text: `card ${i}` }] } },
    ]);
    const parts: Part[] = [
      { type: 'a2ui', messages: surfaces.flat() as A2uiMessage[] },
      { type: 'text', text: 'Some words. '.repeat(500) },
      { type: 'text', text: 'The end.' },
    ];
    let pulled = 0;
    let ended = false;
    async function* source() {
      for (const part of parts) {
        pulled++;
        yield part;
      }
      ended = true;
    }
    const snapshots: { pulled: number; ended: boolean }[] = [];
    const events: A2uiActivityEvent[] = [];
    for await (const event of a2uiActivityEvents(source(), { messageId: 'r' })) {
      events.push(event as A2uiActivityEvent);
      if (event.type === 'ACTIVITY_SNAPSHOT') snapshots.push({ pulled, ended });
    }
    expect(snapshots).toHaveLength(12);
    expect(snapshots.some((at) => at.pulled === 1)).toBe(true);
    expect(snapshots.some((at) => at.pulled === 2)).toBe(true);
    expect(snapshots.every((at) => at.pulled <= 2 && !at.ended)).toBe(true);
    expect(bySurface(renderedActivities(await applied(events)))).toEqual(renderedV09(surfaces.flat() as A2uiMessage[]));
  });

  it("leaves the surfaces their room when text streams in small deltas: a text event costs what the model's own delta would", async () => {
    const text = `${'Some words of an answer. '.repeat(40)}<a2ui-json>${response.blocks[0]?.json}</a2ui-json> The end.`;
    const chunked = chunks(text, 2);
    let pulled = 0;
    async function* source() {
      const parser = new A2uiStreamParser(basicCatalogV09());
      for (const chunk of chunked) {
        pulled++;
        yield* parser.push(chunk);
      }
      pulled++;
      yield* parser.end();
    }
    const shown: number[] = [];
    const events: unknown[] = [];
    for await (const event of a2uiActivityEvents(source(), { textMessageId: 'm' })) {
      events.push(event);
      if (event.type === 'ACTIVITY_SNAPSHOT') shown.push(pulled);
    }
    expect(shown[0], 'the first snapshot goes out while the block streams').toBeLessThan(chunked.length - 10);
    expect(bySurface(renderedActivities(await applied(events)))).toEqual(renderedV09(response.blocks[0]?.messages ?? []));
  });

  it('drops what waits of a surface deleted: the client gets only the delete', async () => {
    const catalogId = basicCatalogV09().id;
    const long = 'x'.repeat(3000);
    const parts: Part[] = [
      {
        type: 'a2ui',
        messages: [
          { version: 'v0.9', createSurface: { surfaceId: 's', catalogId } },
          { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'one' }] } },
        ],
      },
      { type: 'a2ui', messages: [{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: long }] } }] },
      { type: 'a2ui', messages: [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }] },
    ];
    const events = a2uiActivityEvents(parts, { messageId: 'r' });
    expect(JSON.stringify(events)).not.toContain(long);
    expect(events.map((event) => event.type)).toEqual(['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA']);
    expect(bySurface(renderedActivities(await applied(events)))).toEqual({});
  });

  it('sends what waits of a surface made again without a delete before the new one, which replaces it under the same activity message', () => {
    const catalogId = basicCatalogV09().id;
    const value = { q: 'y'.repeat(800) };
    const create: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 't', catalogId } };
    const parts: Part[] = [
      { type: 'a2ui', messages: [{ version: 'v0.9', updateDataModel: { surfaceId: 't', path: '/k', value } }] },
      {
        type: 'a2ui',
        messages: [{ version: 'v0.9', updateDataModel: { surfaceId: 't', path: '/l', value } }, create],
      },
    ];
    const events = a2uiActivityEvents(parts, { messageId: 'r' });
    expect(events.map((event) => event.type)).toEqual(['ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA', 'ACTIVITY_SNAPSHOT']);
    expect((events[2] as { content: { a2ui_operations: A2uiMessage[] } }).content.a2ui_operations).toEqual([create]);
  });

  it('makes an @ag-ui/client conversation whose activity messages a renderer shows as the model meant', async () => {
    for (const size of [1, 'model', 400] as const) {
      const events = a2uiActivityEvents(partsOf(response.text, size), { messageId: 'reply' });
      const messages = await applied(events);
      expect(bySurface(renderedActivities(messages))).toEqual(renderedV09(response.messages));
    }
  });

  it("keeps each surface's content the size of the surface: one merged components message", async () => {
    const events = a2uiActivityEvents(partsOf(response.text, 1), { messageId: 'reply' });
    const messages = await applied(events);
    for (const message of messages) {
      if (message.role !== 'activity') continue;
      const operations = message.content.a2ui_operations as A2uiMessage[];
      expect(operations.filter((operation) => 'updateComponents' in operation)).toHaveLength(1);
      const ids = (operations.find((operation) => 'updateComponents' in operation)!.updateComponents as { components: { id: string }[] }).components.map(
        (c) => c.id,
      );
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("reads a stream of parts (a2uiStream's output) as an async iterable, event for event as an array", async () => {
    const source = new ReadableStream<string>({
      start(controller) {
        for (const chunk of chunks(response.text, 'model')) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed: A2uiActivityEvent[] = [];
    for await (const event of a2uiActivityEvents(source.pipeThrough(a2uiStream(basicCatalogV09())), { messageId: 'reply' }))
      streamed.push(event as A2uiActivityEvent);
    expect(streamed).toEqual(a2uiActivityEvents(partsOf(response.text, 'model'), { messageId: 'reply' }));
  });

  it('writes text parts as one text message with textMessageId', () => {
    const events = a2uiActivityEvents(partsOf(`Hello <a2ui-json>${response.blocks[0]?.json}</a2ui-json> there`, 3), { textMessageId: 'm1' });
    expectValidEvents(events);
    const text = events
      .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
      .map((event) => (event as { delta: string }).delta)
      .join('');
    expect(text).toBe('Hello  there');
    expect(events[0]).toEqual({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
    expect(events.at(-1)).toEqual({ type: 'TEXT_MESSAGE_END', messageId: 'm1' });
  });

  it('reports what does not read as a CUSTOM error event, and paints the rest', async () => {
    const broken = `${response.blocks[0] ? `<a2ui-json>${response.blocks[0].json}</a2ui-json>` : ''}\n<a2ui-json>{"version": "v0.9", "createSurface": </a2ui-json>`;
    const events = a2uiActivityEvents(partsOf(broken, 'model'), { messageId: 'reply' });
    expectValidEvents(events);
    const errors = events.filter((event) => event.type === 'CUSTOM');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: A2UI_ERROR_EVENT, value: { category: 'ParseError' } });
    const messages = await applied(events);
    expect(bySurface(renderedActivities(messages))).toEqual(renderedV09(response.blocks[0]?.messages ?? []));
  });

  it("ends a surface's activity message at its deleteSurface; the surface made again gets the same message, shown anew", async () => {
    const v = 'v0.9' as const;
    const create = { version: v, createSurface: { surfaceId: 's', catalogId: basicCatalogV09().id } };
    const first = [create, { version: v, updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'one' }] } }];
    const second = [create, { version: v, updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'two' }] } }];
    const text = `<a2ui-json>${JSON.stringify([...first, { version: v, deleteSurface: { surfaceId: 's' } }, ...second])}</a2ui-json>`;
    const events = a2uiActivityEvents(partsOf(text, 5), { messageId: 'r' });
    const snapshots = events.filter((event) => event.type === 'ACTIVITY_SNAPSHOT');
    expect(snapshots).toHaveLength(2);
    const messages = await applied(events);
    expect(renderedActivities(messages)).toEqual({ 'a2ui-surface-r-s/s': renderedV09(second).s });
  });

  it('continues the activity messages of a conversation: the first change is a snapshot of the whole surface', async () => {
    const turn1 = generateResponse({ version: '0.9', targetBytes: 4_000, seed: 9, blocks: 1 });
    const first = a2uiActivityEvents(partsOf(turn1.text, 'model'), { messageId: 'turn-1' });
    const conversation = await applied(first);
    const surfaceId = (turn1.messages[0]!.createSurface as { surfaceId: string }).surfaceId;
    const update: A2uiMessage[] = [{ version: 'v0.9', updateDataModel: { surfaceId, path: '/summary', value: 'Changed in turn 2' } }];
    const parser = new A2uiStreamParser(basicCatalogV09(), { history: a2uiActivityHistory(conversation) });
    const parts = [...parser.push(`Updated.<a2ui-json>${JSON.stringify(update)}</a2ui-json>`), ...parser.end()];
    const second = a2uiActivityEvents(parts, { messageId: 'turn-2', conversation });
    expect(second.map((event) => [event.type, 'messageId' in event ? event.messageId : ''])).toEqual([
      ['ACTIVITY_SNAPSHOT', `a2ui-surface-turn-1-${surfaceId}`],
    ]);
    const messages = await applied(second, [run(first as unknown as AguiEvent[])]);
    expect(bySurface(renderedActivities(messages))).toEqual(renderedV09([...turn1.messages, ...update]));
  });

  it('holds back a form whose function call has no args yet (web_core 0.10 throws on it), not the next', () => {
    const v = 'v0.9' as const;
    const create = { version: v, createSurface: { surfaceId: 's', catalogId: basicCatalogV09().id } };
    const text = (value: unknown) => ({
      version: v,
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['t'] },
          { id: 't', component: 'Text', text: value },
        ],
      },
    });
    const partial = text({ call: 'formatDate' });
    const whole = text({ call: 'formatDate', args: { value: { path: '/when' }, format: 'E' } });
    const events = a2uiActivityEvents(
      [
        { type: 'a2ui', messages: [create, partial] },
        { type: 'a2ui', messages: [whole] },
      ],
      { messageId: 'r' },
    );
    const sent = JSON.stringify(events);
    expect(sent).not.toContain('{"call":"formatDate"}');
    expect(sent).toContain('"args":{"value":{"path":"/when"},"format":"E"}');
    expect(sent).toContain('"id":"root"');
  });
});

describe('a2uiActivityHistory', () => {
  it("reads back what the client holds, for a parser's history: the next turn updates without a createSurface", async () => {
    const conversation = await applied(a2uiActivityEvents(partsOf(response.text, 'model'), { messageId: 'reply' }));
    const history = a2uiActivityHistory(conversation);
    expect(renderedV09(history)).toEqual(renderedV09(response.messages));
    expect(a2uiActivityHistory([...conversation, { id: 'u2', role: 'user', content: 'thanks' }])).toEqual(history);
  });
});
