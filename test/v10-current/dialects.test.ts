/**
 * The two v1.0 dialects side by side: the same surfaces written in August's spelling (`path`,
 * `call`) and in the current one (`@path`, `@call`), each streamed with its basic catalog at 1, 7
 * and 64 characters and whole, end in equivalent states: the same components, bindings and calls,
 * each in its dialect's spelling (the current one rewritten by `toAugustDialect` compares equal).
 * An answer in the other dialect's spelling is reported, never dropped silently.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalogV10, basicCatalogV10Current } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { toAugustDialect } from '../../src/protocol/dialect.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage, Part } from '../../src/types.js';

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** A surface in both spellings: `august` and `current` differ only in binding and call keys. */
interface Pair {
  readonly name: string;
  readonly august: unknown[];
  readonly current: unknown[];
}

const FORM: Pair = {
  name: 'a form: bound fields, a check, an event with bound context',
  august: [
    { version: 'v1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { user: { name: 'Ada', email: '' } } } },
    {
      version: 'v1.0',
      updateComponents: {
        surfaceId: 'form',
        components: [
          { id: 'root', component: 'Column', children: ['name', 'email', 'send'] },
          { id: 'name', component: 'TextField', label: 'Name', value: { path: '/user/name' } },
          {
            id: 'email',
            component: 'TextField',
            label: 'Email',
            value: { path: '/user/email' },
            checks: [{ condition: { call: 'email', args: { value: { path: '/user/email' } } }, message: 'An email, please' }],
          },
          { id: 'send', component: 'Button', child: 'sendLabel', action: { event: { name: 'send', context: { who: { path: '/user/name' } } } } },
          { id: 'sendLabel', component: 'Text', text: { call: 'formatString', args: { value: 'Send as ${/user/name}' } } },
        ],
      },
    },
  ],
  current: [
    { version: 'v1.0', createSurface: { surfaceId: 'form', catalogId: BASIC, dataModel: { user: { name: 'Ada', email: '' } } } },
    {
      version: 'v1.0',
      updateComponents: {
        surfaceId: 'form',
        components: [
          { id: 'root', component: 'Column', children: ['name', 'email', 'send'] },
          { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/user/name' } },
          {
            id: 'email',
            component: 'TextField',
            label: 'Email',
            value: { '@path': '/user/email' },
            checks: [{ condition: { '@call': 'email', args: { value: { '@path': '/user/email' } } }, message: 'An email, please' }],
          },
          { id: 'send', component: 'Button', child: 'sendLabel', action: { event: { name: 'send', context: { who: { '@path': '/user/name' } } } } },
          { id: 'sendLabel', component: 'Text', text: { '@call': 'formatString', args: { value: 'Send as ${/user/name}' } } },
        ],
      },
    },
  ],
};

const LIST: Pair = {
  name: 'an inline surface: a template list with @index and a nested call',
  august: [
    {
      version: 'v1.0',
      createSurface: {
        surfaceId: 'list',
        catalogId: BASIC,
        components: [
          { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
          { id: 'row', component: 'Row', children: ['n', 'label'] },
          { id: 'n', component: 'Text', text: { call: 'formatNumber', args: { value: { call: '@index', args: { offset: 1 } } } } },
          { id: 'label', component: 'Text', text: { path: 'title' }, variant: 'body' },
        ],
        dataModel: { items: [{ title: 'One' }, { title: 'Two' }] },
      },
    },
  ],
  current: [
    {
      version: 'v1.0',
      createSurface: {
        surfaceId: 'list',
        catalogId: BASIC,
        components: [
          { id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } },
          { id: 'row', component: 'Row', children: ['n', 'label'] },
          { id: 'n', component: 'Text', text: { '@call': 'formatNumber', args: { value: { '@call': '@index', args: { offset: 1 } } } } },
          { id: 'label', component: 'Text', text: { '@path': 'title' }, variant: 'body' },
        ],
        dataModel: { items: [{ title: 'One' }, { title: 'Two' }] },
      },
    },
  ],
};

const response = (messages: unknown[]) => `Here it is.\n<a2ui-json>\n${JSON.stringify(messages, null, 1)}\n</a2ui-json>\nDone.`;

function stream(text: string, catalog: Catalog, size: number): Part[] {
  const parser = new A2uiStreamParser(catalog);
  const parts: Part[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(...parser.push(text.slice(i, i + size)));
  return [...parts, ...parser.end()];
}

type State = Record<string, { components: Record<string, unknown>; dataModel: unknown }>;

/** What a renderer holds after the messages: components by id and the data model, per surface. */
function applied(messages: readonly A2uiMessage[]): State {
  const state: State = {};
  for (const message of messages as unknown as Record<string, Record<string, unknown>>[]) {
    const body = message.createSurface ?? message.updateComponents ?? message.updateDataModel;
    if (body === undefined) continue;
    const surface = (state[body.surfaceId as string] ??= { components: {}, dataModel: {} });
    for (const component of (body.components ?? []) as { id: string }[]) surface.components[component.id] = component;
    if (message.createSurface?.dataModel !== undefined) surface.dataModel = message.createSurface.dataModel;
    if (message.updateDataModel !== undefined) {
      const keys = String(body.path ?? '/')
        .split('/')
        .filter((key) => key !== '');
      if (keys.length === 0) surface.dataModel = body.value;
      else {
        let node = surface.dataModel as Record<string, unknown>;
        for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
        node[keys[keys.length - 1] as string] = body.value;
      }
    }
  }
  return state;
}

function messagesOf(parts: readonly Part[]): A2uiMessage[] {
  const errors = parts.filter((part) => part.type === 'error');
  expect(errors.map((part) => (part.type === 'error' ? part.error.message : ''))).toEqual([]);
  return parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}

describe('the two v1.0 dialects stream to equivalent states', () => {
  for (const pair of [FORM, LIST]) {
    describe(pair.name, () => {
      const whole = (messages: unknown[]) => applied(messages as A2uiMessage[]);
      for (const size of [1, 7, 64, Number.POSITIVE_INFINITY]) {
        it(`at ${size === Number.POSITIVE_INFINITY ? 'once' : `${size} characters`}`, () => {
          const august = applied(messagesOf(stream(response(pair.august), basicCatalogV10(), size)));
          const current = messagesOf(stream(response(pair.current), basicCatalogV10Current(), size));
          // Each dialect ends with every component, binding and call its model wrote.
          expect(august).toEqual(whole(pair.august));
          expect(applied(current)).toEqual(whole(pair.current));
          // The same surface: the current spelling, rewritten, is the August one.
          expect(applied(toAugustDialect(current))).toEqual(august);
        });
      }

      it("the other dialect's spelling is an error part naming what to write, not a silent drop", () => {
        const underAugust = stream(response(pair.current), basicCatalogV10(), 64).filter((part) => part.type === 'error');
        const underCurrent = stream(response(pair.august), basicCatalogV10Current(), 64).filter((part) => part.type === 'error');
        expect(underAugust.some((part) => part.type === 'error' && /did you mean "(path|call)"/.test(part.error.message))).toBe(true);
        expect(underCurrent.some((part) => part.type === 'error' && /did you mean "@(path|call)"/.test(part.error.message))).toBe(true);
      });
    });
  }
});

describe('toAugustDialect', () => {
  it('keeps templates, data models and @index; unescapes @@ keys; rewrites callRendererFunction', () => {
    const [start, rpc] = toAugustDialect([
      {
        version: 'v1.0',
        createSurface: {
          surfaceId: 's',
          components: [{ id: 'root', component: 'List', children: { componentId: 'r', path: '/xs' }, meta: { '@@type': 'x' } }],
          dataModel: { '@path': 'data stays' },
        },
      },
      { version: 'v1.0', callRendererFunction: { functionCallId: 'c', callFunction: { '@call': 'openUrl', catalogId: BASIC, args: { url: 'https://a.b' } } } },
    ] as unknown as A2uiMessage[]);
    expect(start).toEqual({
      version: 'v1.0',
      createSurface: {
        surfaceId: 's',
        components: [{ id: 'root', component: 'List', children: { componentId: 'r', path: '/xs' }, meta: { '@type': 'x' } }],
        dataModel: { '@path': 'data stays' },
      },
    });
    expect(rpc).toEqual({
      version: 'v1.0',
      callRendererFunction: { functionCallId: 'c', callFunction: { call: 'openUrl', catalogId: BASIC, args: { url: 'https://a.b' } } },
    });
  });

  it('refuses a literal {path, call} object, which August would read as a binding', () => {
    const messages = [
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Card', details: { path: '/var/log', call: 'audit' } }] } },
    ];
    expect(() => toAugustDialect(messages as unknown as A2uiMessage[])).toThrow(/no spelling in the 2026-08 dialect/);
  });
});
