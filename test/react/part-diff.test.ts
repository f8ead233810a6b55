import { describe, expect, it } from 'vitest';
import type { A2uiMessage, FlatComponent, JsonValue } from '../../src/index.js';
import { appliedIndex, diffAgainst } from '../../src/react/part-diff.js';

const v = 'v0.9';
const create = (surfaceId: string): A2uiMessage => ({ version: v, createSurface: { surfaceId, catalogId: 'c' } });
const remove = (surfaceId: string): A2uiMessage => ({ version: v, deleteSurface: { surfaceId } });
const components = (surfaceId: string, ...list: object[]): A2uiMessage => ({
  version: v,
  updateComponents: { surfaceId, components: list as FlatComponent[] },
});
/** The messages of `after` to apply on a renderer that applied `before`. */
const changedMessages = (before: A2uiMessage[], after: A2uiMessage[]) => diffAgainst(appliedIndex(before), after).messages;
const set = (surfaceId: string, path: string, value: JsonValue): A2uiMessage => ({ version: v, updateDataModel: { surfaceId, path, value } });

describe('changedMessages (a data part re-sent with other messages)', () => {
  it('a start message already applied is not applied again; components only where new or changed', () => {
    const before = [create('s'), components('s', { id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Row', children: [] })];
    const after = [
      create('s'),
      components(
        's',
        { id: 'root', component: 'Column', children: ['a'] },
        { id: 'a', component: 'Text', text: 'Hi' },
        { id: 'b', component: 'Text', text: 'B' },
      ),
    ];
    expect(changedMessages(before, after)).toEqual([components('s', { id: 'a', component: 'Text', text: 'Hi' }, { id: 'b', component: 'Text', text: 'B' })]);
    expect(changedMessages(after, after)).toEqual([]);
  });

  it('a set that changed is applied with every later set of its surface (an earlier set folded into it would otherwise undo them)', () => {
    const before = [create('s'), set('s', '/a', {}), set('s', '/a/b/c', 1), set('t', '/x', 1)];
    const after = [create('s'), set('s', '/a', { q: 5 }), set('s', '/a/b/c', 1), set('t', '/x', 1)];
    expect(changedMessages(before, after)).toEqual([set('s', '/a', { q: 5 }), set('s', '/a/b/c', 1)]);
  });

  it('a set dropped for a later one at its path: only the new one', () => {
    expect(changedMessages([create('s'), set('s', '/a/b', 1), set('s', '/z', 0)], [create('s'), set('s', '/z', 0), set('s', '/a', { b: 2 })])).toEqual([
      set('s', '/a', { b: 2 }),
    ]);
  });

  it('after a delete and a new start of the surface, its components count as new', () => {
    const before = [create('s'), components('s', { id: 'root', component: 'Text', text: 'x' })];
    const after = [...before, remove('s'), create('s'), components('s', { id: 'root', component: 'Text', text: 'x' })];
    expect(changedMessages(before, after)).toEqual(after.slice(2));
  });

  it('messages it does not understand are applied once', () => {
    // Not a protocol message: the type says so, the cast is the point of the test.
    const odd = { version: v, somethingElse: { surfaceId: 's' } } as unknown as A2uiMessage;
    expect(changedMessages([odd], [odd, odd])).toEqual([odd]);
  });

  it("a diff's index is the index of the messages it read, so the next version is diffed without reading this one again", () => {
    const first = [create('s'), components('s', { id: 'root', component: 'Column', children: ['a'] }), set('s', '/a', 1)];
    const second = [
      create('s'),
      components('s', { id: 'root', component: 'Column', children: ['a'] }, { id: 'a', component: 'Text', text: 'A' }),
      set('s', '/a', 2),
    ];
    const diff = diffAgainst(appliedIndex(first), second);
    expect(diff.index).toEqual(appliedIndex(second));
    expect(diffAgainst(diff.index, second).messages).toEqual([]);
  });
});
