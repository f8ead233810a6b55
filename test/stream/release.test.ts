/**
 * Delta snapshots let go of each component object once it was sent as it is and its block closed
 * (keeping its id and references). These tests check that what later blocks do with such
 * components still comes out right.
 */
import { expect, test } from 'vitest';
import { A2uiRecursionError } from '../../src/errors.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import { componentIds, messagesOf, V09, v09 } from './helpers.js';

const block = (...messages: unknown[]) => `<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`;
const create = v09('createSurface', { surfaceId: 's', catalogId: V09.id });
const update = (...components: unknown[]) => v09('updateComponents', { surfaceId: 's', components });
const column = (children: string[]) => ({ id: 'root', component: 'Column', children });
const text = (id: string, words = id) => ({ id, component: 'Text', text: words });

const delta = () => new A2uiStreamParser(V09, { snapshots: 'delta' });
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
  expect(() => parser.push(block(update(column(['a', 'root']))))).toThrow(A2uiRecursionError);
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
