import { expect, test } from 'vitest';
import * as v from 'valibot';
import { defineCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { componentIds, messagesOf } from './helpers.js';

const START =
  '<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "short"}}, {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [';

/** The texts of every emitted form of component `root`. */
function textsOf(parts: ReturnType<A2uiStreamParser['push']>[]): unknown[] {
  return messagesOf(parts.flat())
    .flatMap((message) => (message.updateComponents as { components: { id: string; text?: unknown }[] } | undefined)?.components ?? [])
    .filter((component) => component.id === 'root')
    .map((component) => component.text);
}

test('a cut text is checked again as it grows: past a limit of the catalog it is no longer shown', () => {
  const catalog = defineCatalog({
    id: 'short',
    version: '0.9',
    components: {
      Text: v.strictObject({ id: v.string(), component: v.literal('Text'), text: v.pipe(v.string(), v.maxLength(8)) }),
    },
  });
  // Full snapshots show a cut text at every chunk (delta ones once it grew by CUT_STEP characters).
  const parser = new A2uiStreamParser(catalog, { snapshots: 'full' });
  const parts = [parser.push(`${START}{"id": "root", "component": "Text", "text": "Hel`), parser.push('lo'), parser.push(', world')];
  expect(textsOf(parts)).toEqual(['Hel', 'Hello']);
});

test("each placeholder's id is checked: one the catalog's id rule rejects holds its parent back (issue #19 rule 2)", () => {
  const id = v.pipe(v.string(), v.regex(/^[a-z]+$/));
  const catalog = defineCatalog({
    id: 'short',
    version: '0.9',
    components: {
      Column: { schema: v.strictObject({ id, component: v.literal('Column'), children: v.array(v.string()) }), refs: { list: ['children'] } },
      Row: { schema: v.strictObject({ id, component: v.literal('Row'), children: v.array(v.string()) }), refs: { list: ['children'] } },
    },
  });
  const parser = new A2uiStreamParser(catalog, { snapshots: 'delta' });
  const parts = parser.push(`${START}{"id": "root", "component": "Column", "children": ["abc", "Bad1", "def"]}, `);
  // The parent would go out with a bare id `Bad1` (no placeholder the catalog accepts): it waits.
  expect(componentIds(messagesOf(parts)).flat()).toEqual([]);
  const next = parser.push('{"id": "abc", "component": "Row", "children": []}, ');
  expect(componentIds(messagesOf(next)).flat()).toEqual(['abc']);
});
