/**
 * One test per reference bug the streaming core fixes (reference-parser.md §7). Each expectation
 * fails on the reference's behaviour.
 */
import { describe, expect, test } from 'vitest';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { type A2uiError, A2uiParseError } from '../../src/errors.js';
import type { A2uiMessage } from '../../src/types.js';
import { componentIds, errorsOf, rethrow, messagesOf, parseChunks, pushAll, textOf, V08, V09, v09 } from './helpers.js';
import { applyMessages, finalState } from '../support/apply-messages.js';

const create = (surfaceId: string) => JSON.stringify(v09('createSurface', { surfaceId, catalogId: V09.id }));
const update = (surfaceId: string, components: unknown[]) => JSON.stringify(v09('updateComponents', { surfaceId, components }));
const text = (id: string, value: string) => ({ id, component: 'Text', text: value });
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });

function surfacesOf(messages: readonly A2uiMessage[], key = 'updateComponents'): Map<string, string[]> {
  const bySurface = new Map<string, string[]>();
  for (const message of messages) {
    const body = message[key] as { surfaceId: string; components: { id: string }[] } | undefined;
    if (body) bySurface.set(body.surfaceId, [...(bySurface.get(body.surfaceId) ?? []), ...body.components.map((c) => c.id)]);
  }
  return bySurface;
}

describe('per-surface state', () => {
  test("a surface whose root id equals another surface's root never receives the other's tree", () => {
    const parts = parseChunks(V09, [
      `<a2ui-json>[${create('a')}, ${update('a', [column('root', ['x']), text('x', 'A')])}, ${create('b')}, `,
      '{"version": "v0.9", "updateComponents": {"surfaceId": "b", "components": [{"id": "y", "component": "Text", "text": "B"}',
      `, ${JSON.stringify(column('root', ['y']))}]}}]</a2ui-json>`,
    ]);
    const bySurface = surfacesOf(messagesOf(parts));
    expect(new Set(bySurface.get('a'))).toEqual(new Set(['root', 'x']));
    expect(new Set(bySurface.get('b'))).toEqual(new Set(['root', 'y']));
  });

  test('identical data-model updates for two surfaces are both sent', () => {
    const model = (surfaceId: string) => JSON.stringify(v09('updateDataModel', { surfaceId, value: { n: 1 } }));
    const messages = messagesOf(parseChunks(V09, [`<a2ui-json>[${model('a')}, ${model('b')}]</a2ui-json>`]));
    expect(messages.map((m) => (m.updateDataModel as { surfaceId: string }).surfaceId)).toEqual(['a', 'b']);
  });
});

describe('deleteSurface', () => {
  test('v0.8: deleteSurface is emitted and the surface can be started again', () => {
    const begin = '{"beginRendering": {"surfaceId": "s", "root": "r"}}';
    const components = '{"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "r", "component": {"Text": {"text": {"literalString": "hi"}}}}]}}';
    const messages = messagesOf(
      parseChunks(V08, [`<a2ui-json>[${begin}, ${components}, {"deleteSurface": {"surfaceId": "s"}}, ${begin}, ${components}]</a2ui-json>`]),
    );
    expect(messages.map((m) => Object.keys(m)[0])).toEqual(['beginRendering', 'surfaceUpdate', 'deleteSurface', 'beginRendering', 'surfaceUpdate']);
  });

  test('v0.9: after deleteSurface, createSurface for the same id is emitted again', () => {
    const messages = messagesOf(
      parseChunks(V09, [
        `<a2ui-json>[${create('s')}, ${JSON.stringify(v09('deleteSurface', { surfaceId: 's' }))}, ${create('s')}, ${update('s', [text('root', 'again')])}]</a2ui-json>`,
      ]),
    );
    expect(messages.map((m) => Object.keys(m).find((k) => k !== 'version'))).toEqual(['createSurface', 'deleteSurface', 'createSurface', 'updateComponents']);
  });
});

test('a repeated start message does not linger and open another surface', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'full' });
  const messages = messagesOf(parser.push(`<a2ui-json>[${create('a')}, ${create('a')}, ${update('b', [text('root', 'B')])}]</a2ui-json>`));
  expect(messages).toEqual([JSON.parse(create('a'))]);
  // Surface `b` was never created: its components are not sent, and the end says so (issue #19).
  expect(() => rethrow(parser.end())).toThrow("Components of surface 'b' were not sent: the surface was not created in this response");
});

test('a snapshot dropped as invalid is not recorded as sent (delta snapshots)', () => {
  const parser = new A2uiStreamParser(V09, { snapshots: 'delta' });
  const first = parser.push(
    `<a2ui-json>[${create('s')}, {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [${JSON.stringify(column('root', ['t']))}, {"id": "t", "component": "Text", "text": "x", "variant": "h9"`,
  );
  // The Text is not valid yet (bad variant), so no snapshot with the root went out.
  expect(componentIds(messagesOf(first))).toEqual([]);
  const second = parser.push(', "variant": "h1"}]}}]</a2ui-json>');
  expect(new Set(componentIds(messagesOf(second)).flat())).toEqual(new Set(['root', 't']));
});

test('v0.9 data-model partials keep the path they belong to', () => {
  const parser = new A2uiStreamParser(V09);
  const parts = pushAll(parser, [
    `<a2ui-json>[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/user", "value": {"name": "Ada", "ci`,
    'ty": "Paris"}}}]</a2ui-json>',
  ]);
  const bodies = messagesOf(parts).map((m) => m.updateDataModel as { path?: string; value: unknown });
  expect(bodies).toEqual([
    { surfaceId: 's', path: '/user', value: { name: 'Ada' } },
    { surfaceId: 's', path: '/user/city', value: 'Paris' },
  ]);
});

test('the root comes from the start message, never from a "root" key in data', () => {
  const model = JSON.stringify(v09('updateDataModel', { surfaceId: 's', value: { root: 'zzz' } }));
  const messages = messagesOf(parseChunks(V09, [`<a2ui-json>[${create('s')}, ${model}, ${update('s', [text('root', 'ok')])}]</a2ui-json>`]));
  expect(componentIds(messages)).toEqual([['root']]);
});

test('a close tag inside a JSON string does not end the block', () => {
  const parts = parseChunks(V09, [`Before <a2ui-json>[${create('s')}, ${update('s', [text('root', 'see </a2ui-json> here')])}]</a2ui-json> after`]);
  expect(textOf(parts)).toBe('Before  after');
  expect(messagesOf(parts)[1]).toMatchObject({ updateComponents: { components: [{ text: 'see </a2ui-json> here' }] } });
});

test('partial numbers and booleans are never emitted', () => {
  const parser = new A2uiStreamParser(V09);
  const parts = pushAll(parser, [
    '<a2ui-json>[{"version": "v0.9", "updateDataModel": {"surfaceId": "s", "value": {"a": "x", "count": 12',
    '34, "flag": tr',
    'ue}}}]</a2ui-json>',
  ]);
  const values = messagesOf(parts).map((m) => (m.updateDataModel as { value: unknown }).value);
  expect(values).not.toContainEqual(12);
  expect(values).not.toContainEqual(expect.objectContaining({ count: 12 }));
  expect(values).toContain(1234);
  expect(values).toContain(true);
});

describe('end()', () => {
  test('emits held-back text', () => {
    const parser = new A2uiStreamParser(V09);
    expect(textOf(parser.push('Done <a2u'))).toBe('Done ');
    expect(textOf(parser.end())).toBe('<a2u');
  });

  test('reports an unclosed block as a ParseError part after the flushed parts', () => {
    const parser = new A2uiStreamParser(V09);
    parser.push(`Hi <a2ui-json>[${create('s')}`);
    const error = errorsOf(parser.end())[0] as A2uiError;
    expect(error).toBeInstanceOf(A2uiParseError);
    expect(error.message).toBe("A2UI close tag '</a2ui-json>' not found in response.");
  });
});

test('after an error part, the parser stays usable and the parts before the error are kept', () => {
  const parser = new A2uiStreamParser(V09);
  const cycle = update('s', [column('root', ['a']), column('a', ['root'])]);
  const parts = parser.push(`Intro <a2ui-json>[${create('s')}, ${cycle}, ${update('s', [text('x', 'lost')])}]</a2ui-json> Outro <a2ui-json>[`);
  const at = parts.findIndex((part) => part.type === 'error');
  const error = errorsOf(parts)[0];
  expect(error?.category).toBe('RecursionError');
  expect(textOf(parts.slice(0, at))).toBe('Intro ');
  expect(messagesOf(parts.slice(0, at))).toEqual([JSON.parse(create('s'))]);
  expect(errorsOf(parts)).toHaveLength(1);
  const after = [...parts.slice(at + 1), ...parser.push(`${create('t')}]</a2ui-json> End.`), ...parser.end()];
  expect(textOf(after)).toBe(' Outro  End.');
  expect(messagesOf(after)).toEqual([JSON.parse(create('t'))]);
});

test('after a failing block the parser reads what followed it in the same call', () => {
  const parser = new A2uiStreamParser(V09);
  const parts = parser.push('A <a2ui-json>junk</a2ui-json> B <a2ui-json>more junk</a2ui-json> C');
  const errors = errorsOf(parts);
  expect(errors).toHaveLength(2);
  for (const error of errors) expect(error).toBeInstanceOf(A2uiParseError);
  expect(textOf(parts.slice(parts.findIndex((part) => part.type === 'error') + 1))).toBe(' B  C');
  expect(textOf(parts.slice(parts.map((part) => part.type).lastIndexOf('error') + 1))).toBe(' C');
  expect(parser.end()).toEqual([]);
});

describe('a repeated v0.8 beginRendering (the reference keeps it as a lingering buffered start)', () => {
  const begin = (root: string) => JSON.stringify({ beginRendering: { surfaceId: 's', root, styles: { primaryColor: root === 'b' ? '#0000ff' : '#ff0000' } } });
  const textV08 = (id: string, value: string) => ({ id, component: { Text: { text: { literalString: value } } } });
  const columnV08 = (id: string, children: string[]) => ({ id, component: { Column: { children: { explicitList: children } } } });
  const updateV08 = (components: unknown[]) => JSON.stringify({ surfaceUpdate: { surfaceId: 's', components } });
  const response =
    `<a2ui-json>[${begin('a')}, ${updateV08([columnV08('a', ['x']), textV08('x', 'A'), columnV08('b', ['y']), textV08('y', 'B')])}, ` +
    `${begin('b')}]</a2ui-json>`;

  test.each(['full', 'delta'] as const)('goes out, and a renderer draws the tree of its new root (%s)', (snapshots) => {
    for (const size of [1, 7, response.length]) {
      const chunks = Array.from({ length: Math.ceil(response.length / size) }, (_, i) => response.slice(i * size, (i + 1) * size));
      const messages = messagesOf(pushAll(new A2uiStreamParser(V08, { snapshots }), chunks));
      const begins = messages.filter((m) => 'beginRendering' in m);
      expect(begins).toEqual([JSON.parse(begin('a')), JSON.parse(begin('b'))]);
      const state = finalState(applyMessages(new Map(), messages));
      expect(state.s?.root).toBe('b');
      expect(Object.keys(state.s?.components ?? {}).sort()).toEqual(['b', 'y']);
    }
  });

  test('a second createSurface (v0.9) is not sent: renderers refuse it for a live surface', () => {
    const messages = messagesOf(parseChunks(V09, [`<a2ui-json>[${create('s')}, ${create('s')}]</a2ui-json>`]));
    expect(messages).toEqual([JSON.parse(create('s'))]);
  });
});

test('a v0.8 beginRendering repeated as it was is not sent again (the reference sends it once)', () => {
  const begin = JSON.stringify({ beginRendering: { surfaceId: 's', root: 'a' } });
  const update = JSON.stringify({ surfaceUpdate: { surfaceId: 's', components: [{ id: 'a', component: { Text: { text: { literalString: 'A' } } } }] } });
  const messages = messagesOf(parseChunks(V08, [`<a2ui-json>[${begin}, ${update}, ${begin}]</a2ui-json>`]));
  expect(messages.filter((m) => 'beginRendering' in m)).toHaveLength(1);
});
