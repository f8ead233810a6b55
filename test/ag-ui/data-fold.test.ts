/**
 * Data-model sets folded into an activity card's last data-model message (src/ag-ui/data-fold.ts):
 * the content stays one message per data-model set that cannot be folded, the events are patches
 * inside it, and the client draws what the messages draw one by one.
 */
import { describe, expect, it } from 'vitest';
import { a2uiActivityEvents } from '../../src/ag-ui/index.js';
import { basicCatalogV09, type A2uiMessage, type Part } from '../../src/index.js';
import { ReplayAgent, run, type AguiEvent } from '../support/ag-ui-runs.js';
import { renderedActivities, renderedV09 } from './helpers.js';

const v = 'v0.9' as const;
const set = (path: string, value?: unknown): A2uiMessage =>
  ({
    version: v,
    updateDataModel: { surfaceId: 's', path, ...(value === undefined ? {} : { value }) },
  }) as A2uiMessage;
const start: A2uiMessage[] = [
  { version: v, createSurface: { surfaceId: 's', catalogId: basicCatalogV09().id } },
  {
    version: v,
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['l', 'o'] },
        { id: 'l', component: 'List', children: { path: '/items', componentId: 't' } },
        { id: 't', component: 'Text', text: { path: 'a' } },
        { id: 'o', component: 'Text', text: { path: '/other' } },
      ],
    },
  },
];

async function appliedOperations(parts: Part[]): Promise<{ events: AguiEvent[]; operations: A2uiMessage[]; drawn: Record<string, unknown> }> {
  const events: AguiEvent[] = [];
  const sentAs: string[] = [];
  async function* streamed(): AsyncIterable<Part> {
    yield* parts;
  }
  for await (const event of a2uiActivityEvents(streamed(), { messageId: 'r' })) {
    events.push(event as unknown as AguiEvent);
    sentAs.push(JSON.stringify(event));
  }
  const agent = new ReplayAgent([run(events)]);
  await agent.runAgent();
  // Nothing sent changed after it was sent (the card's own copy is never handed out).
  expect(events.map((event) => JSON.stringify(event))).toEqual(sentAs);
  const activity = agent.messages.find((message) => message.role === 'activity') as unknown as { content: { a2ui_operations: A2uiMessage[] } };
  return { events, operations: activity.content.a2ui_operations, drawn: renderedActivities(agent.messages) };
}

describe('data-model sets folded into the last data-model message of their surface', () => {
  it('folds sets at and below its path (an item replaced, a key added, an item appended) into one message', async () => {
    const sets = [set('/items', [{ a: '1' }]), set('/items/0/a', '2'), set('/items/1', { a: '3' }), set('/items/1/b', 'x'), set('/items/2', { a: '4' })];
    const parts: Part[] = [{ type: 'a2ui', messages: start }, ...sets.map((message): Part => ({ type: 'a2ui', messages: [message] }))];
    const { events, operations, drawn } = await appliedOperations(parts);
    const a2uiOf = (path: string) => `/a2ui_operations/2/updateDataModel/value${path}`;
    // One patch per part, or (paced: `a2uiActivityEvents` sends no more than the parts it reads) several parts' in one.
    expect(events.slice(2).flatMap((event) => (event.patch as { op: string; path: string }[]).map(({ op, path }) => [op, path]))).toEqual([
      ['replace', a2uiOf('/0/a')],
      ['add', a2uiOf('/1')],
      ['add', a2uiOf('/1/b')],
      ['add', a2uiOf('/2')],
    ]);
    expect(operations.slice(2)).toEqual([set('/items', [{ a: '2' }, { a: '3', b: 'x' }, { a: '4' }])]);
    expect(drawn['a2ui-surface-r-s/s']).toEqual(renderedV09([...start, ...sets]).s);
  });

  it('adds a set it cannot fold as a message of its own: past the end of an array, outside its path, after another set, a delete', async () => {
    const sets = [
      set('/items', [{ a: '1' }]),
      set('/items/3', { a: 'far' }),
      set('/other', 'o'),
      set('/items/0/a', 'after other'),
      set('/items/0/a'),
      set('/items/1', { a: 'after delete' }),
    ];
    const { operations, drawn } = await appliedOperations([{ type: 'a2ui', messages: [...start, ...sets] }]);
    expect(operations.slice(2)).toEqual(sets);
    expect(drawn['a2ui-surface-r-s/s']).toEqual(renderedV09([...start, ...sets]).s);
  });

  it('folds into a set of the whole model (no path, or /) and replaces a value set again at the same path', async () => {
    const sets = [set('/', { items: [], other: 'a' }), set('/items/0', { a: 'x' }), set('/other', 'b'), set('/', { items: [{ a: 'y' }] })];
    const { operations, drawn } = await appliedOperations([{ type: 'a2ui', messages: [...start, ...sets] }]);
    expect(operations.slice(2)).toEqual([set('/', { items: [{ a: 'y' }] })]);
    expect(drawn['a2ui-surface-r-s/s']).toEqual(renderedV09([...start, ...sets]).s);
  });

  it('takes an in-process value with no JSON form (a cycle) as it is, without folding into it', () => {
    const cyclic: Record<string, unknown> = { a: '1' };
    cyclic.self = cyclic;
    const sets = [set('/items', [cyclic]), set('/items/1', { a: '2' })];
    const events = a2uiActivityEvents([{ type: 'a2ui', messages: [...start, ...sets] }], { messageId: 'r' });
    expect(events).toHaveLength(1);
    const content = (events[0] as { content: { a2ui_operations: A2uiMessage[] } }).content;
    expect(content.a2ui_operations.slice(2)).toEqual(sets);
  });
});
