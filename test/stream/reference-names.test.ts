/**
 * Issue #19 rule 1: `children`, `child`, `componentId`, … are child references for the streaming
 * core even when the catalog's schema does not type them (no `$ref …/ComponentId`).
 */
import { describe, expect, it } from 'vitest';
import { forEachStreamReference } from '../../src/catalog/refs.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { PLAIN_V08, PLAIN_V09, PLAIN_V10 } from './custom-catalogs.js';
import { messagesOf } from './helpers.js';

const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${PLAIN_V09.id}"}}`;
const update = (components: string) => `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${components}`;

function componentsSent(parts: ReturnType<A2uiStreamParser['push']>): Record<string, unknown>[][] {
  return messagesOf(parts)
    .filter((message) => 'updateComponents' in message)
    .map((message) => (message.updateComponents as { components: Record<string, unknown>[] }).components);
}

describe.each(['full', 'delta'] as const)('untyped reference fields (%s snapshots)', (snapshots) => {
  const placeholderId = (id: string) => (snapshots === 'full' ? `loading_${id}` : id);

  it('a plain string array `children` gets placeholders, and the child streams when it arrives', () => {
    const parser = new A2uiStreamParser(PLAIN_V09, { snapshots });
    parser.push(`<a2ui-json>[${create},`);
    const first = componentsSent(parser.push(update('{"id":"root","component":"Stack","children":["a","b"]},')));
    expect(first).toHaveLength(1);
    const root = first[0]!.find((c) => c.id === 'root')!;
    expect(root.children).toEqual(snapshots === 'full' ? ['loading_a', 'loading_b'] : ['a', 'b']);
    expect(first[0]!.filter((c) => c.id !== 'root').map((c) => [c.id, c.component])).toEqual([
      [placeholderId('a'), 'Row'],
      [placeholderId('b'), 'Row'],
    ]);
    const second = componentsSent(parser.push('{"id":"a","component":"Label","text":"A"}'));
    expect(second.flat().some((c) => c.id === 'a' && c.component === 'Label')).toBe(true);
  });

  it('an object `children: {componentId, path}` makes the template reachable', () => {
    const parser = new A2uiStreamParser(PLAIN_V09, { snapshots });
    parser.push(`<a2ui-json>[${create},`);
    parser.push(update('{"id":"root","component":"List","children":{"componentId":"row","path":"/items"}},'));
    const sent = componentsSent(parser.push('{"id":"row","component":"Label","text":"x"}]}}]</a2ui-json>'));
    expect(sent.flat().some((c) => c.id === 'row' && c.component === 'Label')).toBe(true);
  });

  it('a string `child` waits for its child with a placeholder, never a dangling id', () => {
    const parser = new A2uiStreamParser(PLAIN_V09, { snapshots });
    parser.push(`<a2ui-json>[${create},`);
    const sent = componentsSent(parser.push(update('{"id":"root","component":"Frame","child":"inner"},')));
    const ids = sent.flat().map((c) => c.id);
    expect(ids).toContain(placeholderId('inner'));
    expect(sent.flat().find((c) => c.id === 'root')!.child).toBe(placeholderId('inner'));
  });

  it('an empty `children` list still streaming is marked open (full snapshots) by the same rule', () => {
    const parser = new A2uiStreamParser(PLAIN_V09, { snapshots });
    parser.push(`<a2ui-json>[${create},`);
    const sent = componentsSent(parser.push(update('{"id":"root","component":"Stack","children":[')));
    const root = sent.flat().find((c) => c.id === 'root');
    if (snapshots === 'full') expect(root?.children).toEqual(['loading_children_root']);
    else expect(root?.children).toEqual([]); // delta never re-sends a parent: no marker
  });
});

describe('forEachStreamReference', () => {
  it('reads the conventional names anywhere, beside the schema-typed fields', () => {
    const found: [string, string][] = [];
    const def = { name: 'T', schema: undefined as never, required: [], refs: { single: ['trigger'], list: [], nested: {} } };
    forEachStreamReference(
      def,
      {
        trigger: 't',
        children: ['a', { child: 'b' }],
        body: { contentChild: 'c', label: 'not a reference', list: { componentId: 'd', path: '/x' } },
        child: { path: '/bound' },
      },
      (id, field) => found.push([id, field]),
    );
    expect(found).toEqual([
      ['t', 'trigger'],
      ['a', 'children'],
      ['b', 'children[1].child'],
      ['c', 'body.contentChild'],
      ['d', 'body.list.componentId'],
    ]);
  });
});

describe.each(['full', 'delta'] as const)('untyped reference fields in v1.0 and v0.8 (%s snapshots)', (snapshots) => {
  const placeholderId = (id: string) => (snapshots === 'full' ? `loading_${id}` : id);

  it('v1.0: a closed parent with a plain `children` array gets placeholders; the child follows', () => {
    const parser = new A2uiStreamParser(PLAIN_V10, { snapshots });
    parser.push(`<a2ui-json>[{"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"${PLAIN_V10.id}"}},`);
    const first = componentsSent(
      parser.push('{"version":"v1.0","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Stack","children":["a"]},'),
    );
    expect(first.flat().map((c) => c.id)).toEqual(['root', placeholderId('a')]);
    const second = componentsSent(parser.push('{"id":"a","component":"Label","text":"A"}]}}]</a2ui-json>'));
    expect(second.flat().some((c) => c.id === 'a' && c.component === 'Label')).toBe(true);
  });

  it('v0.8: `componentId` under an untyped property is a reference (reachability and placeholder)', () => {
    const parser = new A2uiStreamParser(PLAIN_V08, { snapshots });
    parser.push('<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},');
    const first = componentsSent8(
      parser.push('{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Box":{"content":{"componentId":"inner"}}}},'),
    );
    const root = first.flat().find((c) => c.id === 'root') as { component: { Box: { content: { componentId: string } } } };
    expect(root.component.Box.content.componentId).toBe(placeholderId('inner'));
    expect(first.flat().map((c) => c.id)).toContain(placeholderId('inner'));
    const second = componentsSent8(parser.push('{"id":"inner","component":{"Label":{"text":{"literalString":"hi"}}}}]}}]</a2ui-json>'));
    expect(second.flat().some((c) => c.id === 'inner')).toBe(true);
  });
});

function componentsSent8(parts: ReturnType<A2uiStreamParser['push']>): Record<string, unknown>[][] {
  return messagesOf(parts)
    .filter((message) => 'surfaceUpdate' in message)
    .map((message) => (message.surfaceUpdate as { components: Record<string, unknown>[] }).components);
}
