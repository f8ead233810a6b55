/**
 * A conversation holding more live surfaces than `maxSurfaces` (issue #37): the surfaces the client
 * holds seed the text's parser, and the history counts against its limits, so 1,001 surfaces made
 * the parser's constructor throw `maxSurfaces (1000)` in every later run, whatever the answer. The
 * text's parser is now seeded with the newest surfaces only, within half of `maxSurfaces` and
 * `maxComponents` (docs/decisions.md U10), and a surface left out gets what an unknown one gets.
 */
import type { Message } from '@ag-ui/core';
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { A2UI_ERROR_EVENT, A2uiStreamMiddleware, a2uiActivityHistory } from '../../src/ag-ui/index.js';
import { A2uiStreamParser, basicCatalogV09, basicCatalogV091, basicCatalogV10, type A2uiMessage, type Catalog } from '../../src/index.js';
import { ReplayAgent, chunks, run, textMessage, type AguiEvent } from '../support/ag-ui-runs.js';
import { expectValidEvents, renderedActivitiesOf } from './helpers.js';

const VERSIONS = [
  { version: '0.9', wire: 'v0.9', catalog: basicCatalogV09() },
  { version: '0.9.1', wire: 'v0.9.1', catalog: basicCatalogV091() },
  { version: '1.0', wire: 'v1.0', catalog: basicCatalogV10() },
] as const;

const text = (wire: string, surfaceId: string, value: string, id = 'root'): A2uiMessage =>
  ({ version: wire, updateComponents: { surfaceId, components: [{ id, component: 'Text', text: value }] } }) as A2uiMessage;
const surface = (wire: string, catalog: Catalog, surfaceId: string, value: string): A2uiMessage[] => [
  { version: wire, createSurface: { surfaceId, catalogId: catalog.id } } as A2uiMessage,
  text(wire, surfaceId, value),
];

/** `count` activity messages, each making surface `s<i>`, as the client holds them. */
function activities(wire: string, catalog: Catalog, count: number): Message[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        id: `act-${i}`,
        role: 'activity',
        activityType: 'a2ui-surface',
        content: { a2ui_operations: surface(wire, catalog, `s${i}`, `old ${i}`) },
      }) as Message,
  );
}

/** Activity message `big-<i>` making surface `b<i>` of 4 components. */
const big = (wire: string, catalog: Catalog, i: number): Message =>
  ({
    id: `big-${i}`,
    role: 'activity',
    activityType: 'a2ui-surface',
    content: {
      a2ui_operations: [
        { version: wire, createSurface: { surfaceId: `b${i}`, catalogId: catalog.id } },
        {
          version: wire,
          updateComponents: {
            surfaceId: `b${i}`,
            components: [
              { id: 'root', component: 'Column', children: ['a', 'b', 'c'] },
              ...['a', 'b', 'c'].map((id) => ({ id, component: 'Text', text: `${id}${i}` })),
            ],
          },
        },
      ],
    },
  }) as Message;

/**
 * One run of `reply` (an assistant text) through the middleware after `history`, given as the
 * app's input (activity messages included, which `@ag-ui/client` leaves out): what it sent, and
 * what a client holding `history` holds after those events.
 */
async function answer(middleware: A2uiStreamMiddleware, history: readonly Message[], reply: string) {
  const input = { threadId: 't', runId: 'r', messages: [...history], tools: [], context: [], state: {}, forwardedProps: {} };
  const agent = new ReplayAgent([run(textMessage('answer', chunks(reply, 'model')))]);
  const sent = (await lastValueFrom(middleware.run(input, agent).pipe(toArray()))) as unknown as AguiEvent[];
  const client = new ReplayAgent([sent]);
  client.setMessages(structuredClone([...history]) as Message[]);
  await client.runAgent();
  return { sent, messages: client.messages };
}

const errors = (sent: readonly AguiEvent[]) =>
  sent.filter((event) => event.type === 'CUSTOM' && event.name === A2UI_ERROR_EVENT).map((event) => event.value as { category: string; message: string });

describe.each(VERSIONS)('v$version: a conversation with more live surfaces than maxSurfaces', ({ version, wire, catalog }) => {
  it.each(['delta', 'full'] as const)(
    'goes on (%s snapshots): a new surface and a recent one draw, an old one left out gets its typed error',
    async (snapshots) => {
      const middleware = new A2uiStreamMiddleware({ catalogs: catalog, maxSurfaces: 10, snapshots });
      const block = (messages: A2uiMessage[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
      const reply = [
        'A new one:',
        block(surface(wire, catalog, 'fresh', 'new')),
        'The last one changed:',
        block([text(wire, 's10', 'changed')]),
        'The first one, long gone:',
        block([text(wire, 's0', 'lost')]),
        'Done.',
      ].join('');
      const { sent, messages } = await answer(middleware, activities(wire, catalog, 11), reply);
      expectValidEvents(sent);
      expect(sent.map((event) => event.type)).toContain('RUN_FINISHED');
      expect(
        sent
          .filter((event) => event.type === 'TEXT_MESSAGE_CONTENT')
          .map((event) => event.delta)
          .join(''),
      ).toBe('A new one:The last one changed:The first one, long gone:Done.');
      const shown = renderedActivitiesOf(messages, version === '1.0' ? '1.0' : '0.9');
      expect(JSON.stringify(shown['a2ui-surface-answer-fresh/fresh'])).toContain('"new"');
      expect(JSON.stringify(shown['act-10/s10'])).toContain('"changed"');
      // Left out of the parser's history: its components are an unknown surface's, reported and not sent.
      expect(JSON.stringify(shown['act-0/s0'])).toContain('"old 0"');
      expect(JSON.stringify(shown)).not.toContain('"lost"');
      expect(errors(sent)).toEqual([expect.objectContaining({ category: 'IntegrityError', message: expect.stringContaining("surface 's0'") })]);
    },
  );
});

describe('seeding the newest surfaces (v0.9, maxSurfaces 10: the 5 newest)', () => {
  const wire = 'v0.9';
  const catalog = basicCatalogV09();
  const block = (messages: A2uiMessage[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
  const middleware = () => new A2uiStreamMiddleware({ catalogs: catalog, maxSurfaces: 10 });

  it('the 1,001 surfaces of the probe, default limits: the run goes on, a new surface and the newest draw', async () => {
    const reply = `${block(surface(wire, catalog, 'fresh', 'new'))}${block([text(wire, 's1000', 'changed')])}`;
    const { sent, messages } = await answer(new A2uiStreamMiddleware({ catalogs: catalog }), activities(wire, catalog, 1001), reply);
    const shown = renderedActivitiesOf(messages, '0.9');
    expect(JSON.stringify(shown['a2ui-surface-answer-fresh/fresh'])).toContain('"new"');
    expect(JSON.stringify(shown['act-1000/s1000'])).toContain('"changed"');
    expect(errors(sent)).toEqual([]);
  });

  it('newest by the last message that touched them, not by when they were made', async () => {
    // A tool result touches s0 after s10 was made: s0 and s7–s10 are seeded, s6 is left out.
    const history = [
      ...activities(wire, catalog, 11),
      { id: 'result', role: 'tool', toolCallId: 'call', content: JSON.stringify({ a2ui_operations: [text(wire, 's0', 'touched')] }) } as Message,
    ];
    const reply = block([text(wire, 's0', 'zero'), text(wire, 's7', 'seven'), text(wire, 's6', 'six')]);
    const { sent, messages } = await answer(middleware(), history, reply);
    const shown = renderedActivitiesOf(messages, '0.9');
    expect(JSON.stringify(shown['act-0/s0'])).toContain('"zero"');
    expect(JSON.stringify(shown['act-7/s7'])).toContain('"seven"');
    expect(JSON.stringify(shown['act-6/s6'])).toContain('"old 6"');
    expect(errors(sent).map((error) => error.message)).toEqual([expect.stringContaining("surface 's6'")]);
  });

  it('a surface left out: its data still reaches its activity message, made again it is a new one, deleted nothing is sent but an error event names it', async () => {
    const reply = block([
      { version: wire, updateDataModel: { surfaceId: 's1', path: '/note', value: 'kept' } } as A2uiMessage,
      ...surface(wire, catalog, 's2', 'again'),
      { version: wire, deleteSurface: { surfaceId: 's3' } } as A2uiMessage,
    ]);
    const { sent, messages } = await answer(middleware(), activities(wire, catalog, 11), reply);
    expectValidEvents(sent);
    const shown = renderedActivitiesOf(messages, '0.9');
    expect(shown['act-1/s1']).toMatchObject({ dataModel: { note: 'kept' } });
    // What a surface the parser does not know gets: created (a second createSurface of a seeded one is an error).
    expect(JSON.stringify(shown['a2ui-surface-answer-s2/s2'])).toContain('"again"');
    expect(JSON.stringify(shown['act-2/s2'])).toContain('"old 2"');
    // A delete of a surface the parser does not know is not sent, and named (docs/ag-ui.md, "A second turn").
    expect(JSON.stringify(shown['act-3/s3'])).toContain('"old 3"');
    expect(errors(sent).map((error) => error.message)).toEqual([expect.stringContaining("deleteSurface of surface 's3' was not sent")]);
  });

  it('Express: a seeded surface is updated in place, one left out is made again under a new activity message', async () => {
    const reply = '<a2ui>\nsurface("s10")\nroot = Text("express ten")\nsurface("s0")\nroot = Text("express zero")\n</a2ui>';
    const { sent, messages } = await answer(middleware(), activities(wire, catalog, 11), reply);
    expect(errors(sent)).toEqual([]);
    const shown = renderedActivitiesOf(messages, '0.9');
    expect(JSON.stringify(shown['act-10/s10'])).toContain('"express ten"');
    expect(JSON.stringify(shown['a2ui-surface-answer-s0/s0'])).toContain('"express zero"');
    expect(JSON.stringify(shown['act-0/s0'])).toContain('"old 0"');
  });

  it('within half of maxComponents too: a history of 11 surfaces of 4 components under maxComponents 20', async () => {
    const history = Array.from({ length: 11 }, (_, i) => big(wire, catalog, i));
    const reply = block([text(wire, 'b10', 'ten', 'a'), text(wire, 'b9', 'nine', 'a'), text(wire, 'b8', 'eight', 'a')]);
    const { sent, messages } = await answer(new A2uiStreamMiddleware({ catalogs: catalog, maxComponents: 20 }), history, reply);
    const shown = renderedActivitiesOf(messages, '0.9');
    expect(JSON.stringify(shown['big-10/b10'])).toContain('"ten"');
    expect(JSON.stringify(shown['big-9/b9'])).toContain('"nine"');
    expect(errors(sent).map((error) => error.message)).toEqual([expect.stringContaining("surface 'b8'")]);
  });

  it('a surface holding more than maxComponentsPerSurface (another source sent it) is left out', async () => {
    const history = [big(wire, catalog, 0), ...activities(wire, catalog, 1)];
    const reply = block([text(wire, 's0', 'zero'), text(wire, 'b0', 'big', 'a')]);
    const { sent, messages } = await answer(new A2uiStreamMiddleware({ catalogs: catalog, maxComponentsPerSurface: 3 }), history, reply);
    expect(JSON.stringify(renderedActivitiesOf(messages, '0.9')['act-0/s0'])).toContain('"zero"');
    expect(errors(sent).map((error) => error.message)).toEqual([expect.stringContaining("surface 'b0'")]);
  });
});

describe("a conversation whose own texts made more surfaces than maxSurfaces (the middleware's read-back)", () => {
  it('is read back and goes on (v0.9, maxSurfaces 10, 12 texts each making a surface)', async () => {
    const wire = 'v0.9';
    const catalog = basicCatalogV09();
    const block = (messages: A2uiMessage[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
    const history = Array.from(
      { length: 12 },
      (_, i) => ({ id: `m${i}`, role: 'assistant', content: `Here.${block(surface(wire, catalog, `s${i}`, `old ${i}`))}` }) as Message,
    );
    const reply = `${block(surface(wire, catalog, 'fresh', 'new'))}${block([text(wire, 's11', 'changed')])}`;
    const { sent } = await answer(new A2uiStreamMiddleware({ catalogs: catalog, maxSurfaces: 10 }), history, reply);
    expect(errors(sent)).toEqual([]);
    const activity = new Map<string, string>();
    for (const event of sent)
      if (event.type.startsWith('ACTIVITY_')) activity.set(String(event.messageId), (activity.get(String(event.messageId)) ?? '') + JSON.stringify(event));
    expect([...activity.keys()]).toEqual(['a2ui-surface-answer-fresh', 'a2ui-surface-m11-s11']);
    expect(activity.get('a2ui-surface-answer-fresh')).toContain('"new"');
    // s11's activity message gets a snapshot of the whole surface (the client's copy is from an earlier turn).
    expect(activity.get('a2ui-surface-m11-s11')).toContain('"changed"');
  });

  it('a text, then more activity messages than maxSurfaces: the parser reading the text is told of them past its limit, and goes on', async () => {
    const wire = 'v0.9';
    const catalog = basicCatalogV09();
    const block = (messages: A2uiMessage[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
    const history = [
      { id: 'm', role: 'assistant', content: `Here.${block(surface(wire, catalog, 't', 'text'))}` } as Message,
      ...activities(wire, catalog, 11),
      { id: 'm2', role: 'assistant', content: `Again.${block([text(wire, 's10', 'read back')])}` } as Message,
    ];
    const { sent } = await answer(new A2uiStreamMiddleware({ catalogs: catalog, maxSurfaces: 10 }), history, block([text(wire, 's10', 'changed')]));
    expect(errors(sent)).toEqual([]);
    const [snapshot] = sent.filter((event) => event.type === 'ACTIVITY_SNAPSHOT');
    expect(snapshot).toMatchObject({ messageId: 'act-10' });
    expect(JSON.stringify(snapshot)).toContain('"changed"');
  });
});

// Its result seeds the next turn's parser (docs/ag-ui.md), whose constructor threw `maxSurfaces
// (1000)` for 1,001 live surfaces (probe 13 finding 5): it holds the newest within half of each
// limit, as the middleware seeds.
describe('a2uiActivityHistory past the limits of the parser it seeds (v0.9)', () => {
  const wire = 'v0.9';
  const catalog = basicCatalogV09();
  const block = (messages: A2uiMessage[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
  /** The surfaces `history` makes, in order. */
  const ids = (history: readonly A2uiMessage[]) => history.flatMap((message) => (message.createSurface as { surfaceId?: string } | undefined)?.surfaceId ?? []);
  /** A parser seeded with `history`, reading an answer that updates `surfaceId`: the messages it sends. */
  const answered = (history: readonly A2uiMessage[], surfaceId: string, options = {}) =>
    new A2uiStreamParser(catalog, { ...options, history })
      .push(block([text(wire, surfaceId, 'changed')]))
      .flatMap((part) => (part.type === 'a2ui' ? part.messages : []));

  it.each([1001, 2000])('%i surfaces, default limits: the newest 500 seed a parser, which updates the newest', (count) => {
    const history = a2uiActivityHistory(activities(wire, catalog, count), { catalogs: catalog });
    expect(ids(history)).toEqual(Array.from({ length: 500 }, (_, i) => `s${count - 500 + i}`));
    expect(answered(history, `s${count - 1}`)).toEqual([text(wire, `s${count - 1}`, 'changed')]);
  });

  it("the parser's limits as options: maxSurfaces 10 keeps the 5 newest", () => {
    const history = a2uiActivityHistory(activities(wire, catalog, 11), { catalogs: catalog, maxSurfaces: 10 });
    expect(ids(history)).toEqual(['s6', 's7', 's8', 's9', 's10']);
    expect(answered(history, 's10', { maxSurfaces: 10 })).toEqual([text(wire, 's10', 'changed')]);
  });

  it('maxComponents 20 keeps the newest surfaces within 10 components; maxComponentsPerSurface 3 leaves out a surface of 4', () => {
    const bigOnes = Array.from({ length: 11 }, (_, i) => big(wire, catalog, i));
    expect(ids(a2uiActivityHistory(bigOnes, { catalogs: catalog, maxComponents: 20 }))).toEqual(['b9', 'b10']);
    const mixed = [big(wire, catalog, 0), ...activities(wire, catalog, 1)];
    expect(ids(a2uiActivityHistory(mixed, { catalogs: catalog, maxComponentsPerSurface: 3 }))).toEqual(['s0']);
  });
});
