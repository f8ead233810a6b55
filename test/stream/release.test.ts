/**
 * When a block closes, each component object sent as it is is let go of (its id and references
 * kept; full snapshots keep it as JSON text and read it back when the surface next changes). These
 * tests check that what later blocks do with such components still comes out right.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, test, vi } from 'vitest';
import { A2uiRecursionError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { Reachability } from '../../src/stream/reachability.js';
import { FullSnapshots } from '../../src/stream/full-snapshots.js';
import { Surface } from '../../src/stream/surface.js';
import { componentIds, messagesOf, rethrow, V08, V09, v09 } from './helpers.js';

const block = (...messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const create = v09('createSurface', { surfaceId: 's', catalogId: V09.id });
const update = (...components: unknown[]) => v09('updateComponents', { surfaceId: 's', components });
const column = (children: string[]) => ({ id: 'root', component: 'Column', children });
const text = (id: string, words = id) => ({ id, component: 'Text', text: words });

const delta = () => new A2uiStreamParser(V09, { snapshots: 'delta' });
const full = () => new A2uiStreamParser(V09, { snapshots: 'full' });
const sentIds = (parser: A2uiStreamParser, input: string) => componentIds(messagesOf(parser.push(input))).flat();

test('a component sent in an earlier block is not sent again when it becomes reachable again', () => {
  const parser = delta();
  expect(sentIds(parser, block(create, update(column(['a']), text('a'))))).toEqual(['a', 'root']);
  expect(sentIds(parser, block(update(column([]))))).toEqual(['root']);
  expect(sentIds(parser, block(update(column(['a']))))).toEqual(['root']);
});

test('an orphan of an earlier block is kept whole and sent once a later block reaches it', () => {
  const parser = delta();
  expect(sentIds(parser, block(create, update(column([]), text('x', 'kept'))))).toEqual(['root']);
  const later = messagesOf(parser.push(block(update(column(['x'])))));
  expect(later).toEqual([update(column(['x']), text('x', 'kept'))]);
});

test('after a failing update, a released component is back with its references', () => {
  const parser = delta();
  parser.push(block(create, update(column(['a']), text('a'))));
  // root now refers to itself: the update fails and is rolled back to the released root.
  expect(() => rethrow(parser.push(block(update(column(['a', 'root'])))))).toThrow(A2uiRecursionError);
  // `a` is still reachable through the released root, so its new form is sent.
  expect(messagesOf(parser.push(block(update(text('a', 'new')))))).toEqual([update(text('a', 'new'))]);
});

test('an identical component sent again in a later block is sent again', () => {
  const parser = delta();
  parser.push(block(create, update(column(['a']), text('a'))));
  expect(sentIds(parser, block(update(text('a'))))).toEqual(['a']);
});

test('within a block, an identical component is not sent twice', () => {
  const parser = delta();
  parser.push('<a2ui-json>[');
  parser.push(`${JSON.stringify(create)}, ${JSON.stringify(update(column(['a']), text('a')))}`);
  expect(sentIds(parser, `, ${JSON.stringify(update(text('a')))}]</a2ui-json>`)).toEqual([]);
});

test('a block lets go of only the surfaces it looked at (many surfaces cost linear time)', () => {
  const compact = vi.spyOn(Surface.prototype, 'release');
  try {
    const parser = delta();
    const blocks = Array.from({ length: 40 }, (_, i) => {
      const surfaceId = `s${i}`;
      return block(v09('createSurface', { surfaceId, catalogId: V09.id }), v09('updateComponents', { surfaceId, components: [text('root')] }));
    });
    for (const input of blocks) expect(sentIds(parser, input)).toEqual(['root']);
    expect(compact).toHaveBeenCalledTimes(40);
    // A surface of an earlier block changed by a later one is let go of again after it.
    expect(sentIds(parser, block(v09('updateComponents', { surfaceId: 's0', components: [text('root', 'new')] })))).toEqual(['root']);
    expect(compact).toHaveBeenCalledTimes(41);
    expect(sentIds(parser, block(v09('updateComponents', { surfaceId: 's0', components: [text('root', 'new')] })))).toEqual(['root']);
  } finally {
    compact.mockRestore();
  }
});

test('a surface that block after block changes is parked and walked whole again only once it goes idle', () => {
  const park = vi.spyOn(FullSnapshots.prototype, 'park');
  const dropGraph = vi.spyOn(Reachability.prototype, 'pack');
  try {
    const parser = full();
    const other = (id: string) =>
      block(v09('createSurface', { surfaceId: id, catalogId: V09.id }), v09('updateComponents', { surfaceId: id, components: [text('root')] }));
    expect(sentIds(parser, block(create, update(column(['a']), text('a', 'one'))))).toEqual(['a', 'root']);
    expect([park.mock.calls.length, dropGraph.mock.calls.length]).toEqual([1, 0]); // parked at once
    expect(sentIds(parser, block(update(text('a', 'two'))))).toEqual(['a', 'root']);
    expect(sentIds(parser, block(update(text('a', 'three'))))).toEqual(['a', 'root']);
    expect([park.mock.calls.length, dropGraph.mock.calls.length]).toEqual([1, 0]); // busy: kept as it is
    expect(sentIds(parser, other('t'))).toEqual(['root']);
    expect([park.mock.calls.length, dropGraph.mock.calls.length]).toEqual([3, 1]); // s idle; t parked at once
    const [message] = messagesOf(parser.push(block(update(text('a', 'four')))));
    expect(message).toEqual(update(text('a', 'four'), column(['a'])));
  } finally {
    park.mockRestore();
    dropGraph.mockRestore();
  }
});

test('full snapshots: a later block re-sends the whole tree, the released components read back', () => {
  const parser = full();
  parser.push(block(create, update(column(['a', 'b']), text('a'), text('b'))));
  expect(messagesOf(parser.push(block(update(text('b', 'new')))))).toEqual([update(text('a'), text('b', 'new'), column(['a', 'b']))]);
  // The tree read back counts as sent: the same components again change nothing.
  expect(messagesOf(parser.push(block(update(text('a'), column(['a', 'b'])))))).toEqual([]);
  expect(messagesOf(parser.push(block(update(column(['b'])))))).toEqual([update(text('b', 'new'), column(['b']))]);
});

test('full snapshots: after a failing update, the released components are back whole', () => {
  const parser = full();
  parser.push(block(create, update(column(['a']), text('a'))));
  expect(() => rethrow(parser.push(block(update(column(['a', 'root'])))))).toThrow(A2uiRecursionError);
  expect(messagesOf(parser.push(block(update(text('a', 'new')))))).toEqual([update(text('a', 'new'), column(['a']))]);
});

describe('the data model as sent is put aside between blocks and read back', () => {
  test('v0.9: a later block sending the same model sends nothing, a changed one is sent', () => {
    const parser = delta();
    const model = (value: unknown) => v09('updateDataModel', { surfaceId: 's', value });
    expect(messagesOf(parser.push(block(create, model({ user: { name: 'Ada', tags: ['a'] } }))))).toHaveLength(2);
    expect(messagesOf(parser.push(block(model({ user: { name: 'Ada', tags: ['a'] } }))))).toEqual([]);
    expect(messagesOf(parser.push(block(model({ user: { name: 'Bo', tags: ['a'] } }))))).toEqual([model({ user: { name: 'Bo', tags: ['a'] } })]);
  });

  test('v0.8: entries already sent are not sent again by a later block', () => {
    const parser = new A2uiStreamParser(V08, { snapshots: 'full' });
    const begin = { beginRendering: { surfaceId: 's', root: 'root' } };
    const contents = (value: string) => ({ dataModelUpdate: { surfaceId: 's', contents: [{ key: 'name', valueString: value }] } });
    expect(messagesOf(parser.push(block(begin, contents('Ada'))))).toHaveLength(2);
    expect(messagesOf(parser.push(block(contents('Ada'))))).toEqual([]);
    expect(messagesOf(parser.push(block(contents('Bo'))))).toEqual([contents('Bo')]);
  });
});

test('full snapshots: parked components keep every string exactly (lone surrogates, emoji, NUL)', () => {
  const parser = full();
  const odd = { id: 'a', component: 'Text', text: 'x\ud800y \u{1f600} \u0000' };
  parser.push(block(create, update(column(['a', 'b']), odd, text('b'))));
  const [message] = messagesOf(parser.push(block(update(text('b', 'new')))));
  const sent = (message!.updateComponents as unknown as { components: { id: string; text: string }[] }).components;
  expect(sent.find((component) => component.id === 'a')?.text).toBe(odd.text);
});

test('the parser keeps no reference to the parts it returned', async () => {
  // A test may use Node built-ins (the library may not): expose the collector for this check.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const parser = delta();
  const returned = new WeakRef(parser.push(`Hello ${'x'.repeat(64)} ${block(create, update(column([])))}`));
  // A weak reference keeps its target alive until the current job ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  expect(returned.deref()).toBeUndefined();
});
