/**
 * Reading a conversation back (`a2uiActivityHistory`, and the middleware's input): text written
 * with A2UI and activity messages alternating. The text's parser is told what each activity
 * message sent (`A2uiStreamParser.seed`) instead of being made again from every card's history,
 * which cost the square of the conversation's length (probe 12 finding 1: 1,000 pairs, 5 s).
 */
import type { Message } from '@ag-ui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityCards } from '../../src/ag-ui/activity-cards.js';
import { a2uiActivityHistory } from '../../src/ag-ui/index.js';
import { basicCatalogV09, basicCatalogV10, type A2uiMessage } from '../../src/index.js';
import { Session } from '../../src/stream/session.js';

const v = 'v0.9' as const;
const catalogId = basicCatalogV09().id;
const surface = (surfaceId: string, text: string): A2uiMessage[] => [
  { version: v, createSurface: { surfaceId, catalogId } },
  { version: v, updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text }] } },
];

/** `pairs` times: an assistant message making surface `t<i>` in text, then an activity message making `a<i>`. */
function conversation(pairs: number): Message[] {
  return Array.from({ length: pairs }, (_, i): Message[] => [
    { id: `m${i}`, role: 'assistant', content: `Here.<a2ui-json>${JSON.stringify(surface(`t${i}`, `text ${i}`))}</a2ui-json>` },
    { id: `act${i}`, role: 'activity', activityType: 'a2ui-surface', content: { a2ui_operations: surface(`a${i}`, `activity ${i}`) } } as Message,
  ]).flat();
}

const texts = (history: readonly A2uiMessage[]) =>
  history.flatMap((message) => ((message.updateComponents as { components?: { text?: unknown }[] } | undefined)?.components ?? []).map((c) => c.text));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a conversation alternating A2UI text and activity messages', () => {
  // 600 pairs hold more live surfaces than maxSurfaces (issue #37): a parser a limit stops is made
  // again from the newest surfaces, and nothing throws. What is read back seeds a parser of the
  // default limits: the newest 500 surfaces.
  it.each([
    [20, 0],
    [600, 350],
  ])('reads back the surfaces of %i pairs from pair %i on, each once', (pairs, from) => {
    const history = a2uiActivityHistory(conversation(pairs), { catalogs: basicCatalogV09() });
    const expected = Array.from({ length: pairs - from }, (_, i) => [`text ${from + i}`, `activity ${from + i}`]).flat();
    expect(texts(history)).toEqual(expected);
  });

  // Made again from every card's history after each activity message: 7,200 calls for 60 pairs.
  // Past maxSurfaces, read, then seeded again by the parser made at each limit (it starts with the
  // newest 500 and stops at 1,000): 3,400 calls for 1,200 surfaces, about 3 each.
  it.each([
    [60, 6 * 60],
    [600, 4 * 1200],
  ])('settles each surface of %i pairs a constant number of times, not once per later text (under %i)', (pairs, bound) => {
    const settle = vi.spyOn(Session.prototype, 'settle');
    a2uiActivityHistory(conversation(pairs), { catalogs: basicCatalogV09() });
    expect(settle.mock.calls.length).toBeLessThan(bound);
  });

  it('a text after an activity message that made one of its surfaces again reads against the new card', () => {
    const messages: Message[] = [
      { id: 'm0', role: 'assistant', content: `<a2ui-json>${JSON.stringify(surface('s', 'first'))}</a2ui-json>` },
      { id: 'act', role: 'activity', activityType: 'a2ui-surface', content: { a2ui_operations: surface('s', 'again') } } as Message,
      {
        id: 'm1',
        role: 'assistant',
        content: `<a2ui-json>${JSON.stringify([{ version: v, updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'third' }] } }])}</a2ui-json>`,
      },
    ];
    expect(texts(a2uiActivityHistory(messages, { catalogs: basicCatalogV09() }))).toEqual(['third']);
  });
});

describe('an activity message making again a surface the text drew (probe 13 finding 4, probe 14 finding 2)', () => {
  const catalogs = [
    ['v0.9', basicCatalogV09()],
    ['v1.0', basicCatalogV10()],
  ] as const;
  const activity = (id: string, operations: A2uiMessage[]) =>
    ({ id, role: 'activity', activityType: 'a2ui-surface', content: { a2ui_operations: operations } }) as Message;
  const block = (id: string, messages: A2uiMessage[]): Message => ({ id, role: 'assistant', content: `ok <a2ui-json>${JSON.stringify(messages)}</a2ui-json>` });
  /** Surface `x`'s start message and a components message of it, in `version`. */
  const surfaceX = (version: string, catalogId: string) => ({
    create: { version, createSurface: { surfaceId: 'x', catalogId } } as A2uiMessage,
    components: (list: unknown[]) => ({ version, updateComponents: { surfaceId: 'x', components: list } }) as A2uiMessage,
  });

  // The text's parser holds of the surface what a parser seeded from the cards would: only the new
  // card. The text's Column names a component the new card lacks, which gets a placeholder (a
  // parser still holding the old card's sent none).
  it.each(catalogs)('%s: the new card carrying fewer components, the text names one it dropped', (version, catalog) => {
    const { create, components } = surfaceX(version, catalog.id);
    const messages = [
      block('m0', [
        create,
        components([
          { id: 'root', component: 'Column', children: ['a', 'b'] },
          { id: 'a', component: 'Text', text: 'A' },
          { id: 'b', component: 'Text', text: 'B' },
        ]),
      ]),
      activity('act', [create, components([{ id: 'root', component: 'Text', text: 'again' }])]),
      block('m1', [components([{ id: 'root', component: 'Column', children: ['a'] }])]),
    ];
    expect(a2uiActivityHistory(messages, { catalogs: catalog })).toEqual([
      create,
      components([
        { id: 'root', component: 'Column', children: ['a'] },
        { id: 'a', component: 'Row', children: [] },
      ]),
    ]);
  });

  // What came of the surface before its createSurface in the same activity message went to the old
  // card: the new card, and the parser, hold none of it.
  it.each(catalogs)('%s: a component of the surface before its createSurface in the same message stays with the old card', (version, catalog) => {
    const { create, components } = surfaceX(version, catalog.id);
    const messages = [
      block('m0', [create, components([{ id: 'root', component: 'Text', text: 'first' }])]),
      activity('act', [components([{ id: 'b', component: 'Text', text: 'stale' }]), create, components([{ id: 'root', component: 'Text', text: 'new' }])]),
      block('m1', [components([{ id: 'root', component: 'Column', children: ['b'] }])]),
    ];
    expect(a2uiActivityHistory(messages, { catalogs: catalog })).toEqual([
      create,
      components([
        { id: 'root', component: 'Column', children: ['b'] },
        { id: 'b', component: 'Row', children: [] },
      ]),
    ]);
  });

  // The text's parser was made again before each text, seeded from every card (20 surfaces of 10
  // components here; 400 of 100 took 90 ms per pair, probe 13 finding 4); now it is told a delete.
  it("tells the text's parser, instead of making a new one seeded from every card before each text", () => {
    const { create, components } = surfaceX(v, catalogId);
    const big = (b: number): A2uiMessage[] => [
      { version: v, createSurface: { surfaceId: `big${b}`, catalogId } },
      {
        version: v,
        updateComponents: {
          surfaceId: `big${b}`,
          components: [
            { id: 'root', component: 'Column', children: Array.from({ length: 9 }, (_, i) => `c${i}`) },
            ...Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, component: 'Text', text: `${b}-${i}` })),
          ],
        },
      },
    ];
    const messages: Message[] = [...Array.from({ length: 20 }, (_, b) => activity(`big${b}`, big(b))), activity('x', [create])];
    for (let i = 0; i < 10; i++) {
      messages.push(activity(`a${i}`, [create, components([{ id: 'root', component: 'Text', text: `a${i}` }])]));
      messages.push(block(`m${i}`, [components([{ id: 'root', component: 'Text', text: `m${i}` }])]));
    }
    const seeded = vi.spyOn(ActivityCards.prototype, 'history');
    const history = a2uiActivityHistory(messages, { catalogs: basicCatalogV09() });
    // One call makes the text's parser, the last one is the result.
    expect(seeded).toHaveBeenCalledTimes(2);
    expect(texts(history).slice(-1)).toEqual(['m9']);
    expect(texts(history)).toHaveLength(20 * 10 + 1);
  });

  // Probe 17 finding 1: a limit stopped the parser for good, so each text nested past maxDepth made
  // a new one, seeded from every card (10 surfaces near half of maxComponents: 230 ms a text).
  it("a text that ends at a limit of its own (maxDepth) does not make the text's parser again", () => {
    const { create, components } = surfaceX(v, catalogId);
    const messages: Message[] = [activity('x', [create])];
    for (let i = 0; i < 10; i++) {
      messages.push({ id: `deep${i}`, role: 'assistant', content: `<a2ui-json>${'['.repeat(300)}` } as Message);
      messages.push(block(`m${i}`, [components([{ id: 'root', component: 'Text', text: `m${i}` }])]));
    }
    const seeded = vi.spyOn(ActivityCards.prototype, 'history');
    const history = a2uiActivityHistory(messages, { catalogs: basicCatalogV09() });
    expect(seeded).toHaveBeenCalledTimes(2);
    expect(texts(history).slice(-1)).toEqual(['m9']);
  });
});

// Probe 14 finding 2: the read-back's one parser kept what a text read and never sent; a later text
// naming it then "sent" it, and the read-back claimed the client held what it never got. After
// each text it forgets that (`forgetUnsent`), as a turn's parser seeded from the cards never knew it.
describe('what a text read and never sent, named by a later text', () => {
  const activity = (id: string, operations: A2uiMessage[]) =>
    ({ id, role: 'activity', activityType: 'a2ui-surface', content: { a2ui_operations: operations } }) as Message;
  const block = (id: string, messages: A2uiMessage[]): Message => ({ id, role: 'assistant', content: `ok <a2ui-json>${JSON.stringify(messages)}</a2ui-json>` });
  const update = (surfaceId: string, components: unknown[]) => ({ version: v, updateComponents: { surfaceId, components } }) as A2uiMessage;
  const others = [[], [activity('o1', surface('o', 'o')), activity('o2', surface('o', 'o again'))]];

  it.each(others)('a component no root reached is a placeholder for the client (other sources: %#)', (...between) => {
    const messages = [
      block('m2', [
        { version: v, createSurface: { surfaceId: 's1', catalogId } },
        update('s1', [
          { id: 'root', component: 'Column', children: ['c6'] },
          { id: 'c6', component: 'Text', text: 'six' },
          { id: 'c4', component: 'Text', text: 'never sent' },
        ]),
      ]),
      ...between,
      block('m8', [update('s1', [{ id: 'root', component: 'Column', children: ['c4'] }])]),
    ];
    const history = a2uiActivityHistory(messages, { catalogs: basicCatalogV09() });
    expect(JSON.stringify(history)).not.toContain('never sent');
    expect(JSON.stringify(history)).toContain('{"id":"c4","component":"Row","children":[]}');
  });

  it.each(others)("components of a surface before its createSurface, in an earlier text, are not the client's (other sources: %#)", (...between) => {
    const messages = [
      block('m4', [
        update('s0', [
          { id: 'c5', component: 'Text', text: 'never sent' },
          { id: 'root', component: 'Column', children: ['c6', 'c5'] },
        ]),
      ]),
      ...between,
      block('m9', [{ version: v, createSurface: { surfaceId: 's0', catalogId } }, update('s0', [{ id: 'c4', component: 'Text', text: 't91' }])]),
    ];
    const history = a2uiActivityHistory(messages, { catalogs: basicCatalogV09() });
    expect(JSON.stringify(history)).not.toContain('never sent');
    expect(history.filter((message) => JSON.stringify(message).includes('"s0"'))).toEqual([{ version: v, createSurface: { surfaceId: 's0', catalogId } }]);
  });
});

// Probe 16 finding 4: an activity message closing a cycle with what a text drew made the read-back throw.
it('an activity message closing a cycle with what a text drew reads back without throwing', () => {
  const messages: Message[] = [
    {
      id: 'm',
      role: 'assistant',
      content: `<a2ui-json>${JSON.stringify([
        { version: v, createSurface: { surfaceId: 's', catalogId } },
        {
          version: v,
          updateComponents: {
            surfaceId: 's',
            components: [
              { id: 'root', component: 'Column', children: ['a'] },
              { id: 'a', component: 'Column', children: ['b'] },
              { id: 'b', component: 'Text', text: 'B' },
            ],
          },
        },
      ])}</a2ui-json>`,
    },
    {
      id: 'x',
      role: 'activity',
      activityType: 'a2ui-surface',
      content: { a2ui_operations: [{ version: v, updateComponents: { surfaceId: 's', components: [{ id: 'b', component: 'Column', children: ['a'] }] } }] },
    } as Message,
  ];
  expect(() => a2uiActivityHistory(messages, { catalogs: basicCatalogV09() })).not.toThrow();
});
