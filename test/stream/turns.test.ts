/**
 * Issue #19 rule 4: surfaces that outlive a response. A second turn changing a surface the first
 * turn drew, given `history` or `knownSurfaces`, judged by `@a2ui/web_core`: turn 1 and turn 2
 * applied to one processor end with the state of applying the model's own messages.
 */
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiError, A2uiValidationError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { StreamParserOptions } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { a2uiStream } from '../../src/web/index.js';
import { NO_PLACEHOLDER_V09 } from './custom-catalogs.js';
import { errorsOf, messagesOf } from './helpers.js';

const catalog = basicCatalog('0.9');
const turn1Messages: A2uiMessage[] = [
  { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: catalog.id } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'when'] },
        { id: 'title', component: 'Text', text: 'Dinner at Lumen' },
        { id: 'when', component: 'Text', text: 'Tonight' },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'booking', path: '/guests', value: 2 } },
];
const turn1 = `Here is your booking.<a2ui-json>${JSON.stringify(turn1Messages)}</a2ui-json>`;
const turn2Message: A2uiMessage = {
  version: 'v0.9',
  updateComponents: { surfaceId: 'booking', components: [{ id: 'title', component: 'Text', text: 'Dinner at Lumen, 8pm' }] },
};
const turn2 = `Updated the title.<a2ui-json>${JSON.stringify([turn2Message])}</a2ui-json>`;

/** The surfaces of a web_core processor: every component with its properties, and the data model. */
function stateOf(processor: MessageProcessor<never>): unknown {
  const out: Record<string, unknown> = {};
  for (const [id, surface] of processor.model.surfacesMap) {
    const components: Record<string, unknown> = {};
    for (const cid of ['root', 'title', 'when']) {
      const component = surface.componentsModel.get(cid);
      if (component) components[cid] = { type: component.type, properties: component.properties };
    }
    out[id] = { components, dataModel: surface.dataModel.get('/') };
  }
  return out;
}

function processor(): MessageProcessor<never> {
  return new MessageProcessor([webCoreBasicCatalog]) as never;
}

/** Pushes `text` whole or one character at a time, ending the response; returns every part. */
function parse(parser: A2uiStreamParser, text: string, byChar: boolean): Part[] {
  const parts: Part[] = [];
  for (const chunk of byChar ? [...text] : [text]) parts.push(...parser.push(chunk));
  return [...parts, ...parser.end()];
}

const expected = (() => {
  const direct = processor();
  direct.processMessages([...turn1Messages, turn2Message] as never);
  return stateOf(direct);
})();

const modes = [
  ['full', true],
  ['full', false],
  ['delta', true],
  ['delta', false],
] as const;

describe.each(modes)('turn 2 changes a surface turn 1 drew (%s snapshots, validate %s)', (snapshots, validate) => {
  const options = { snapshots, validate } satisfies StreamParserOptions;

  /** Runs turn 1 into a processor, then turn 2 with `turn2Options`; returns the processor and turn 2's messages. */
  function twoTurns(turn2Options: (applied: A2uiMessage[]) => StreamParserOptions, byChar: boolean) {
    const renderer = processor();
    const applied = messagesOf(parse(new A2uiStreamParser(catalog, options), turn1, byChar));
    renderer.processMessages(applied as never);
    const parts = parse(new A2uiStreamParser(catalog, { ...options, ...turn2Options(applied) }), turn2, byChar);
    const messages = messagesOf(parts);
    renderer.processMessages(messages as never);
    return { renderer, parts, messages };
  }

  const ways: [string, (applied: A2uiMessage[]) => StreamParserOptions][] = [
    ['history (what turn 1 emitted)', (applied) => ({ history: applied })],
    ["history (the model's own turn 1)", () => ({ history: turn1Messages })],
    ['knownSurfaces objects', () => ({ knownSurfaces: [{ surfaceId: 'booking' }] })],
    ['knownSurfaces strings', () => ({ knownSurfaces: ['booking'] })],
  ];

  for (const [way, turn2Options] of ways) {
    for (const byChar of [false, true]) {
      it(`via ${way}, ${byChar ? 'one character at a time' : 'whole'}`, () => {
        const { renderer, parts, messages } = twoTurns(turn2Options, byChar);
        expect(parts.filter((part) => part.type === 'error')).toEqual([]);
        expect(messages.length).toBeGreaterThan(0);
        expect(stateOf(renderer)).toEqual(expected);
      });
    }
  }

  it('history: nothing from it is emitted again, and a reference to a known child gets no placeholder', () => {
    const parser = new A2uiStreamParser(catalog, { ...options, history: turn1Messages });
    const update = {
      version: 'v0.9',
      updateComponents: { surfaceId: 'booking', components: [{ id: 'root', component: 'Column', children: ['title', 'when', 'extra'] }] },
    };
    const messages = messagesOf(parse(parser, `<a2ui-json>${JSON.stringify(update)}</a2ui-json>`, false));
    const sent = messages.flatMap((m) => (m.updateComponents as { components: { id: string }[] }).components.map((c) => c.id));
    // `title` and `when` the renderer holds: full snapshots re-send them, never as placeholders.
    expect(sent).not.toContain('loading_title');
    expect(sent).not.toContain('loading_when');
    expect(sent).toContain(snapshots === 'full' ? 'loading_extra' : 'extra');
    if (snapshots === 'delta') expect(sent).not.toContain('title');
    expect(messages.some((m) => 'createSurface' in m || 'updateDataModel' in m)).toBe(false);
  });

  it('knownSurfaces: a reference to a component not seen in this response is left as it is', () => {
    const parser = new A2uiStreamParser(catalog, { ...options, knownSurfaces: ['booking'] });
    const update = {
      version: 'v0.9',
      updateComponents: { surfaceId: 'booking', components: [{ id: 'box', component: 'Column', children: ['title', 'new'] }] },
    };
    const messages = messagesOf(parse(parser, `<a2ui-json>${JSON.stringify(update)}</a2ui-json>`, true));
    const components = messages.flatMap((m) => (m.updateComponents as { components: { id: string }[] }).components);
    // Streamed as it grows (one character at a time), always under its own id, never with placeholders.
    expect(new Set(components.map((c) => c.id))).toEqual(new Set(['box']));
    expect(components.at(-1)).toEqual({ id: 'box', component: 'Column', children: ['title', 'new'] });
  });

  it('knownSurfaces: once the root arrives again, references to what the renderer holds still get no placeholder', () => {
    const renderer = processor();
    renderer.processMessages(turn1Messages as never);
    const parser = new A2uiStreamParser(catalog, { ...options, knownSurfaces: ['booking'] });
    const update = {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'booking',
        components: [
          { id: 'root', component: 'Column', children: ['title', 'when', 'note'] },
          { id: 'note', component: 'Text', text: 'Table by the window' },
        ],
      },
    };
    for (const byChar of [false, true]) {
      const messages = messagesOf(parse(parser, `<a2ui-json>${JSON.stringify(update)}</a2ui-json>`, byChar));
      const ids = messages.flatMap((m) => (m.updateComponents as { components: { id: string }[] }).components.map((c) => c.id));
      // A placeholder would replace the renderer's `title` (delta: a Row under its id; full: `loading_title` in root).
      expect(ids.filter((id) => id === 'title' || id === 'when' || id.startsWith('loading_'))).toEqual([]);
      renderer.processMessages(messages as never);
    }
    const state = stateOf(renderer) as { booking: { components: Record<string, { type: string; properties: Record<string, unknown> }> } };
    expect(state.booking.components.title).toEqual({ type: 'Text', properties: expect.objectContaining({ text: 'Dinner at Lumen' }) });
    expect(state.booking.components.root?.properties.children).toEqual(['title', 'when', 'note']);
  });

  it('through a2uiStream with history', async () => {
    const renderer = processor();
    renderer.processMessages(turn1Messages as never);
    const stream = new Response(turn2).body!.pipeThrough(a2uiStream(catalog, { ...options, history: turn1Messages }));
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (read.value.type === 'a2ui') renderer.processMessages(read.value.messages as never);
    }
    expect(stateOf(renderer)).toEqual(expected);
  });

  it('one parser across two model steps of one assistant message: push() after end() continues the surfaces', () => {
    const renderer = processor();
    const parser = new A2uiStreamParser(catalog, options);
    const step1 = parse(parser, turn1, true);
    const step2 = parse(parser, turn2, true);
    renderer.processMessages([...messagesOf(step1), ...messagesOf(step2)] as never);
    expect(messagesOf(step2).length).toBeGreaterThan(0);
    expect(stateOf(renderer)).toEqual(expected);
  });
});

it('knownSurfaces rejects an entry that is neither a string nor a surface object', () => {
  const make = () => new A2uiStreamParser(catalog, { snapshots: 'delta', knownSurfaces: [{ id: 'x' } as never] });
  expect(make).toThrow(A2uiValidationError);
  expect(make).toThrow(A2uiError);
});

it.each(['full', 'delta'] as const)('without history or knownSurfaces the turn-2 update is not lost silently: end() says why (%s)', (snapshots) => {
  const parser = new A2uiStreamParser(catalog, { snapshots });
  const parts = [...[...turn2].flatMap((c) => parser.push(c))];
  expect(messagesOf(parts)).toEqual([]);
  const error = errorsOf(parser.end())[0];
  expect(error).toBeInstanceOf(A2uiError);
  expect((error as A2uiError).category).toBe('IntegrityError');
  expect((error as A2uiError).message).toContain('pass history or knownSurfaces');
  expect((error as A2uiError).details).toEqual([expect.objectContaining({ path: 'booking', code: 'surface_not_started' })]);
});

it('bad history, knownSurfaces and placeholder options are ValidationErrors, not crashes', () => {
  const make = (options: StreamParserOptions) => () => new A2uiStreamParser(catalog, { snapshots: 'delta', ...options });
  expect(make({ history: 'nope' as never })).toThrow(A2uiValidationError);
  expect(make({ history: [turn1Messages[0]!, 'nope' as never] })).toThrow('Option history.1: expected a message object');
  expect(make({ knownSurfaces: [42 as never] })).toThrow(A2uiValidationError);
  // Not lists: a lone id (once named a surface per character), null, an object, a number.
  for (const bad of ['booking', null, {}, 5]) {
    expect(make({ knownSurfaces: bad as never })).toThrow('Option knownSurfaces: expected a list');
    expect(make({ history: bad as never })).toThrow('Option history: expected a list of messages');
  }
  expect(make({ placeholder: 7 as never })).toThrow('Option placeholder: expected a component type name or a function');
});

it.each(['full', 'delta'] as const)('knownSurfaces: a component sent again streams no partial that would replace what the renderer holds (%s)', (snapshots) => {
  // The renderer holds `title` from turn 1; the parser cannot tell, so its new definition waits for its object to close.
  const parser = new A2uiStreamParser(catalog, { snapshots, knownSurfaces: ['booking'] });
  const messages = messagesOf(parse(parser, turn2, true));
  const titles = messages.flatMap((m) => (m.updateComponents as { components: { id: string; text?: string }[] }).components);
  expect(titles).toEqual([{ id: 'title', component: 'Text', text: 'Dinner at Lumen, 8pm' }]);
});

describe.each(['full', 'delta'] as const)('a history the catalog would not accept seeds the surface as the renderer holds it (%s)', (snapshots) => {
  /** Turn 2's parts (whole, then one character at a time), given `history`. */
  const turn2Parts = (history: A2uiMessage[], byChar: boolean) => parse(new A2uiStreamParser(catalog, { snapshots, history }), turn2, byChar);

  it.each([
    ['a Text without its text', { id: 'when', component: 'Text' }],
    ['a type the catalog does not know', { id: 'when', component: 'Clock' }],
  ])('history holding %s: turn 2 still goes out', (_, bad) => {
    const [root, title] = (turn1Messages[1]!.updateComponents as { components: unknown[] }).components;
    const history = [turn1Messages[0]!, { version: 'v0.9', updateComponents: { surfaceId: 'booking', components: [root, title, bad] } }] as A2uiMessage[];
    for (const byChar of [false, true]) {
      const parts = turn2Parts(history, byChar);
      expect(parts.filter((part) => part.type === 'error')).toEqual([]);
      const sent = messagesOf(parts).flatMap((m) => (m.updateComponents as { components: { id: string; text?: string }[] }).components);
      expect(sent.filter((c) => c.id === 'title').at(-1)).toEqual({ id: 'title', component: 'Text', text: 'Dinner at Lumen, 8pm' });
    }
  });
});

it('delta: a history parent whose child has not arrived (no placeholder in the catalog) is not held back: the renderer has it', () => {
  const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: NO_PLACEHOLDER_V09.id } };
  const update = (components: unknown[]) => ({ version: 'v0.9', updateComponents: { surfaceId: 's', components } });
  const history = [
    create,
    update([
      { id: 'root', component: 'Stack', children: ['title', 'late'] },
      { id: 'title', component: 'Label', text: 'x' },
    ]),
  ] as A2uiMessage[];
  const parser = new A2uiStreamParser(NO_PLACEHOLDER_V09, { snapshots: 'delta', history });
  const block = (components: unknown[]) => `<a2ui-json>${JSON.stringify([update(components)])}</a2ui-json>`;
  // No error at the block's close (nothing of this response waits), and only what it changed goes out.
  expect(messagesOf(parser.push(block([{ id: 'title', component: 'Label', text: 'y' }])))).toEqual([update([{ id: 'title', component: 'Label', text: 'y' }])]);
  expect(messagesOf(parser.push(block([{ id: 'late', component: 'Label', text: 'L' }])))).toEqual([update([{ id: 'late', component: 'Label', text: 'L' }])]);
});

it.each(['full', 'delta'] as const)('history holding components of a surface it never created: a later response does not report them (%s)', (snapshots) => {
  const ghost = { version: 'v0.9', updateComponents: { surfaceId: 'ghost', components: [{ id: 'root', component: 'Text', text: 'x' }] } };
  const history = [...turn1Messages, ghost] as A2uiMessage[];
  for (const byChar of [false, true]) {
    const parts = parse(new A2uiStreamParser(catalog, { snapshots, history }), turn2, byChar);
    expect(messagesOf(parts).length).toBeGreaterThan(0);
  }
  // This response creating it sends the history's components (a v0.9 renderer rejected them), then its own.
  const create = { version: 'v0.9', createSurface: { surfaceId: 'ghost', catalogId: catalog.id } };
  const late = `<a2ui-json>${JSON.stringify([create, { version: 'v0.9', updateComponents: { surfaceId: 'ghost', components: [{ id: 'root', component: 'Column', children: [] }] } }])}</a2ui-json>`;
  const sent = messagesOf(parse(new A2uiStreamParser(catalog, { snapshots, history }), late, false));
  expect(
    sent
      .map((m) => (m.updateComponents as { components?: unknown[] } | undefined)?.components)
      .filter(Boolean)
      .at(-1),
  ).toEqual([{ id: 'root', component: 'Column', children: [] }]);
});

it.each(['full', 'delta'] as const)('v0.8 knownSurfaces: an update to a surface from an earlier turn goes out (%s)', (snapshots) => {
  // v0.8 learns a surface's root from beginRendering, which came in the earlier turn.
  const update = {
    surfaceUpdate: { surfaceId: 'booking', components: [{ id: 'title', component: { Text: { text: { literalString: 'Dinner at Lumen, 8pm' } } } }] },
  };
  const text = `Updated the title.<a2ui-json>${JSON.stringify([update])}</a2ui-json>`;
  for (const knownSurfaces of [['booking'], [{ surfaceId: 'booking' }]]) {
    for (const byChar of [false, true]) {
      const parts = parse(new A2uiStreamParser(basicCatalog('0.8'), { snapshots, knownSurfaces }), text, byChar);
      expect(parts.filter((part) => part.type === 'error')).toEqual([]);
      expect(messagesOf(parts)).toEqual([update]);
    }
  }
});

it('v0.8 full snapshots, knownSurfaces: components messages read in one call all go out (they are not whole snapshots)', () => {
  const update = (id: string, text: string) => ({
    surfaceUpdate: { surfaceId: 'booking', components: [{ id, component: { Text: { text: { literalString: text } } } }] },
  });
  const messages = [update('title', 'Dinner at Lumen, 8pm'), update('when', 'Tonight')];
  const text = `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
  const parts = parse(new A2uiStreamParser(basicCatalog('0.8'), { snapshots: 'full', knownSurfaces: ['booking'] }), text, false);
  expect(messagesOf(parts)).toEqual(messages);
  // Also when the surface is then deleted and drawn again in the same call (its new snapshots are whole).
  const redrawn = [
    { deleteSurface: { surfaceId: 'booking' } },
    { beginRendering: { surfaceId: 'booking', root: 'root' } },
    { surfaceUpdate: { surfaceId: 'booking', components: [{ id: 'root', component: { Text: { text: { literalString: 'New' } } } }] } },
  ];
  const again = parse(
    new A2uiStreamParser(basicCatalog('0.8'), { snapshots: 'full', knownSurfaces: ['booking'] }),
    `<a2ui-json>${JSON.stringify([...messages, ...redrawn])}</a2ui-json>`,
    false,
  );
  expect(messagesOf(again)).toEqual([...messages, ...redrawn]);
});

it.each(['full', 'delta'] as const)(
  'v0.8 history holding components of a surface it has not begun rendering: a later beginRendering finds them (%s)',
  (snapshots) => {
    // A v0.8 renderer keeps surfaceUpdates that come before beginRendering: it holds `a`.
    const text = (literalString: string) => ({ Text: { text: { literalString } } });
    const history = [
      {
        surfaceUpdate: {
          surfaceId: 's',
          components: [
            { id: 'root', component: { Column: { children: { explicitList: ['a'] } } } },
            { id: 'a', component: text('A') },
          ],
        },
      },
    ];
    const turn = [
      { beginRendering: { surfaceId: 's', root: 'root' } },
      {
        surfaceUpdate: {
          surfaceId: 's',
          components: [
            { id: 'root', component: { Column: { children: { explicitList: ['a', 'b'] } } } },
            { id: 'b', component: text('B') },
          ],
        },
      },
    ];
    const messages = messagesOf(
      parse(new A2uiStreamParser(basicCatalog('0.8'), { snapshots, history }), `<a2ui-json>${JSON.stringify(turn)}</a2ui-json>`, true),
    );
    const sent = messages.flatMap((m) => (m.surfaceUpdate as { components: { id: string; component: unknown }[] } | undefined)?.components ?? []);
    // `a` is never replaced by a placeholder (delta: a Row under its id; full: `loading_a` in root).
    expect(sent.filter((c) => c.id === 'a' || c.id === 'loading_a').map((c) => c.component)).toEqual(
      sent.some((c) => c.id === 'a') ? sent.filter((c) => c.id === 'a').map(() => text('A')) : [],
    );
    expect(sent.some((c) => JSON.stringify(c.component).includes('loading_a'))).toBe(false);
  },
);

describe('history after a change of root, and history for a surface known by id only', () => {
  const v08 = basicCatalog('0.8');
  const begin = (root: string) => ({ beginRendering: { surfaceId: 's', root } });
  const text08 = (id: string, value: string) => ({ id, component: { Text: { text: { literalString: value } } } });
  const column08 = (id: string, child: string) => ({ id, component: { Column: { children: { explicitList: [child] } } } });
  const update08 = (...components: unknown[]) => ({ surfaceUpdate: { surfaceId: 's', components } });
  const block = (messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;

  it.each(['full', 'delta'] as const)("v0.8: the root of a repeated beginRendering in history is the next turn's root (%s)", (snapshots) => {
    const turn1 = block([begin('a'), update08(column08('a', 'x'), text08('x', 'A'), column08('b', 'y'), text08('y', 'B')), begin('b')]);
    const history = messagesOf(parse(new A2uiStreamParser(v08, { snapshots }), turn1, false));
    expect(history.filter((m) => 'beginRendering' in m)).toHaveLength(2);
    const turn2 = messagesOf(parse(new A2uiStreamParser(v08, { snapshots, history }), block([update08(text08('y', 'B2'))]), true));
    expect(JSON.stringify(turn2)).toContain('B2');
  });

  it.each(['full', 'delta'] as const)("v0.8: a knownSurfaces surface takes the root its history's beginRendering names (%s)", (snapshots) => {
    const history = [begin('main'), update08(text08('main', 'Hi'))] as A2uiMessage[];
    const parser = new A2uiStreamParser(v08, { snapshots, knownSurfaces: ['s'], history });
    expect(JSON.stringify(messagesOf(parse(parser, block([update08(text08('main', 'Hello'))]), true)))).toContain('Hello');
  });

  it.each(['full', 'delta'] as const)("v0.9: history without the root leaves a knownSurfaces surface's tree unknown (%s)", (snapshots) => {
    const update = (id: string, value: string) => ({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id, component: 'Text', text: value }] },
    });
    const parser = new A2uiStreamParser(catalog, { snapshots, knownSurfaces: ['s'], history: [update('x', 'X')] as A2uiMessage[] });
    const parts = parse(parser, block([update('y', 'Y')]), true);
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(JSON.stringify(messagesOf(parts))).toContain('"Y"');
  });
});
