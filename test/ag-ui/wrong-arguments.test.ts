/**
 * Catalogs and tool names of the wrong type give typed errors, never a `TypeError` (probe 17,
 * finding 7: "reading 'wireVersion'" for catalogs that are not catalogs, "is not iterable" for
 * `a2uiToolNames`).
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware, a2uiActivityHistory } from '../../src/ag-ui/index.js';
import { A2uiError, basicCatalog } from '../../src/index.js';
import { thrown } from '../support/thrown.js';

const entries = {
  middleware: (options: object) => new A2uiStreamMiddleware(options),
  a2uiActivityHistory: (options: object) => a2uiActivityHistory([], options),
};

describe.each(Object.entries(entries))('%s', (_, entry) => {
  it.each([
    ['a number', 5],
    ['a string', 'x'],
    ['a bigint', 10n],
    ['an empty object', {}],
    ['a list of numbers', [1]],
    ['a nested list', [[basicCatalog('0.9')]]],
  ])('catalogs: %s is a typed error', (_, catalogs) => {
    expect(thrown(() => entry({ catalogs }))).toBeInstanceOf(A2uiError);
  });

  it.each([
    ['a number', 5],
    ['a string', 'render_a2ui'],
    ['an object', {}],
    ['a list holding a number', ['render_a2ui', 1]],
  ])('a2uiToolNames: %s is a typed error', (_, a2uiToolNames) => {
    const error = thrown(() => entry({ a2uiToolNames }));
    expect(error).toBeInstanceOf(A2uiError);
    expect((error as A2uiError).details[0]?.path).toBe('a2uiToolNames');
  });

  it('a list of tool names is taken', () => {
    expect(() => entry({ a2uiToolNames: ['render_a2ui', 'show'] })).not.toThrow();
  });
});
