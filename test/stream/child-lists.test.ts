import { expect, test } from 'vitest';
import * as v from 'valibot';
import { defineCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { A2uiMessage } from '../../src/types.js';
import { messagesOf, V08, V09 } from './helpers.js';

/** The components of the last components message in `messages`. */
function lastComponents(messages: readonly A2uiMessage[], key = 'updateComponents'): unknown[] {
  const bodies = messages.filter((message) => key in message).map((message) => message[key] as { components: unknown[] });
  return bodies[bodies.length - 1]?.components ?? [];
}

const START_V09 =
  '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "CAT"}}, {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [';

test("a child list still streaming is marked by the catalog's list fields, whatever their name", () => {
  const catalog = defineCatalog({
    id: 'lists',
    version: '0.9',
    components: {
      Stack: {
        schema: v.strictObject({ id: v.string(), component: v.literal('Stack'), items: v.array(v.string()) }),
        refs: { list: ['items'] },
      },
      Row: { schema: v.strictObject({ id: v.string(), component: v.literal('Row'), children: v.array(v.string()) }), refs: { list: ['children'] } },
    },
  });
  const input = `${START_V09.replace('CAT', 'lists')}{"id": "root", "component": "Stack", "items": [`;
  const parts = new A2uiStreamParser(catalog, { snapshots: 'full' }).push(input);
  expect(lastComponents(messagesOf(parts))).toEqual([
    { id: 'root', component: 'Stack', items: ['loading_children_root'] },
    { id: 'loading_children_root', component: 'Row', children: [] },
  ]);
  // Delta snapshots send the list as it stands: a renderer merging by id needs no marker.
  const delta = new A2uiStreamParser(catalog, { snapshots: 'delta' }).push(input);
  expect(lastComponents(messagesOf(delta))).toEqual([{ id: 'root', component: 'Stack', items: [] }]);
});

test('an open array that is not a child list leaves an empty child list as it is', () => {
  const catalog = defineCatalog({
    id: 'deep',
    version: '0.9',
    components: {
      Panel: {
        schema: v.strictObject({
          id: v.string(),
          component: v.literal('Panel'),
          children: v.array(v.string()),
          meta: v.optional(v.strictObject({ children: v.array(v.number()) })),
        }),
        refs: { list: ['children'] },
      },
    },
  });
  const parser = new A2uiStreamParser(catalog, { snapshots: 'full' });
  // `children` is closed and empty; the array still streaming is `meta.children`, which is data.
  const parts = parser.push(`${START_V09.replace('CAT', 'deep')}{"id": "root", "component": "Panel", "children": [], "meta": {"children": [1, `);
  expect(lastComponents(messagesOf(parts))).toEqual([{ id: 'root', component: 'Panel', children: [], meta: { children: [1] } }]);
});

test('v0.8: an explicitList still streaming under a list field is marked', () => {
  const parser = new A2uiStreamParser(V08, { snapshots: 'full' });
  const parts = parser.push(
    '<a2ui-json>[{"beginRendering": {"surfaceId": "s", "root": "root"}}, {"surfaceUpdate": {"surfaceId": "s", "components": [{"id": "root", "component": {"Column": {"children": {"explicitList": [',
  );
  expect(lastComponents(messagesOf(parts), 'surfaceUpdate')).toEqual([
    { id: 'root', component: { Column: { children: { explicitList: ['loading_children_root'] } } } },
    { id: 'loading_children_root', component: { Row: { children: { explicitList: [] } } } },
  ]);
});

test('v0.9 basic catalog: a streaming children list is marked, a closed empty one is not', () => {
  const start = START_V09.replace('CAT', V09.id);
  const open = new A2uiStreamParser(V09, { snapshots: 'full' }).push(`${start}{"id": "root", "component": "Column", "children": [`);
  expect(lastComponents(messagesOf(open))[0]).toEqual({ id: 'root', component: 'Column', children: ['loading_children_root'] });
  const closed = new A2uiStreamParser(V09, { snapshots: 'full' }).push(`${start}{"id": "root", "component": "Column", "children": [], `);
  expect(lastComponents(messagesOf(closed))[0]).toEqual({ id: 'root', component: 'Column', children: [] });
});
