/**
 * The main entry's face for the streaming core (issue #31): placeholder ids are recognised by a
 * public function, the snapshot mode has a public type, and the JSON layer's internals are not
 * exported (only `fixPayload` and the `maxDepth` default).
 */
import { expect, expectTypeOf, test } from 'vitest';
import * as entry from '../../src/index.js';
import { A2uiStreamParser, basicCatalog, isPlaceholderId, placeholderTarget, type SnapshotMode, type StreamParserOptions } from '../../src/index.js';
import { messagesOf } from './helpers.js';

const catalog = basicCatalog('0.9');
const response =
  `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}},` +
  '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["children_x","card"]}]}}]</a2ui-json>';

/** The ids of the components of every components message of `snapshots` mode for `response`. */
function sentIds(snapshots: SnapshotMode): string[] {
  const parser = new A2uiStreamParser(catalog, { snapshots });
  return messagesOf([...parser.push(response), ...parser.end()]).flatMap((m) =>
    ((m.updateComponents as { components?: { id: string }[] } | undefined)?.components ?? []).map((c) => c.id),
  );
}

test('isPlaceholderId tells the placeholders full snapshots make from the components the model wrote', () => {
  const ids = sentIds('full');
  expect(ids).toEqual(['root', 'loading_children_x', 'loading_card']);
  expect(ids.map(isPlaceholderId)).toEqual([false, true, true]);
  expect(ids.map(placeholderTarget)).toEqual([undefined, 'children_x', 'card']);
  // A child list still streaming stands as `loading_children_<parent>`.
  expect(isPlaceholderId('loading_children_root')).toBe(true);
  expect(placeholderTarget('loading_children_root')).toBe('children_root');
  expect([isPlaceholderId(''), isPlaceholderId('loading'), isPlaceholderId('Loading_a')]).toEqual([false, false, false]);
});

test('delta placeholders take the missing child’s own id', () => {
  const ids = sentIds('delta');
  expect(ids).toEqual(['root', 'children_x', 'card']);
  expect(ids.some(isPlaceholderId)).toBe(false);
});

test('the snapshot mode type is the option’s', () => {
  expectTypeOf<SnapshotMode>().toEqualTypeOf<'full' | 'delta'>();
  expectTypeOf<StreamParserOptions['snapshots']>().toEqualTypeOf<SnapshotMode | undefined>();
});

test("the JSON layer's internals are not on the main entry", () => {
  for (const name of ['JsonBlockReader', 'IncrementalBuilder', 'LenientRepairer', 'Expect', 'heal']) expect(name in entry, name).toBe(false);
  expect(typeof entry.fixPayload).toBe('function');
  expect(entry.DEFAULT_MAX_DEPTH).toBe(256);
});
