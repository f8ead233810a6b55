/**
 * Issue #19 rule 2: placeholders the catalog accepts. The `placeholder` option (a type name or a
 * function), its default (`Row`, else the first type with no required property, else none), and
 * a parent that waits for its children when no placeholder is to be had.
 */
import { describe, expect, it } from 'vitest';
import { A2uiIntegrityError, A2uiValidationError } from '../../src/errors.js';
import type { Catalog } from '../../src/catalog/model.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { StreamParserOptions } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { NO_PLACEHOLDER_V09, NO_ROW_V08, NO_ROW_V09, PLAIN_V09 } from './custom-catalogs.js';
import { errorsOf, messagesOf, rethrow } from './helpers.js';

type Component = Record<string, unknown>;

const start = (catalog: Catalog) =>
  `<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalog.id}"}},` +
  '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[';
const ROOT = '{"id":"root","component":"Stack","children":["a"]},';
const CHILD = '{"id":"a","component":"Label","text":"A"}';
const END = ']}}]</a2ui-json>';

function sent(parts: readonly Part[]): Component[] {
  return messagesOf(parts).flatMap((m) => (m.updateComponents as { components: Component[] } | undefined)?.components ?? []);
}

describe.each(['full', 'delta'] as const)('placeholders (%s snapshots)', (snapshots) => {
  const pid = (id: string) => (snapshots === 'full' ? `loading_${id}` : id);
  const parser = (catalog: Catalog, options: StreamParserOptions = {}) => new A2uiStreamParser(catalog, { snapshots, ...options });

  it("default with Row: the reference's Row with no children", () => {
    const out = sent(parser(PLAIN_V09).push(start(PLAIN_V09) + ROOT));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: 'Row', children: [] });
  });

  it('default without Row: the first type a bare object satisfies', () => {
    const out = sent(parser(NO_ROW_V09).push(start(NO_ROW_V09) + ROOT));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: 'Box' });
    expect(out.find((c) => c.id === 'root')?.children).toEqual([pid('a')]);
  });

  it('a type name: that type, with its required child list empty', () => {
    const out = sent(parser(NO_ROW_V09, { placeholder: 'Stack' }).push(start(NO_ROW_V09) + ROOT));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: 'Stack', children: [] });
  });

  it('a function: its component under the placeholder id, told the parent type', () => {
    const calls: [string, string][] = [];
    const placeholder = (id: string, parentType: string) => {
      calls.push([id, parentType]);
      return { id: 'whatever', component: 'Spinner', size: 16 };
    };
    const out = sent(parser(NO_ROW_V09, { placeholder }).push(start(NO_ROW_V09) + ROOT));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: 'Spinner', size: 16 });
    expect(calls).toEqual([[pid('a'), 'Stack']]);
  });

  for (const [name, catalog, options] of [
    ['no default placeholder', NO_PLACEHOLDER_V09, {}],
    ['a function the catalog rejects', NO_ROW_V09, { placeholder: () => ({ component: 'Spinner' }) }],
    ['a type name the catalog rejects', NO_ROW_V09, { placeholder: 'Spinner' }],
  ] as const) {
    it(`${name}: the parent waits for its child, never goes out with a bare id`, () => {
      const p = parser(catalog, options);
      expect(sent(p.push(start(catalog) + ROOT))).toEqual([]);
      const out = sent(p.push(CHILD + END));
      expect(out.find((c) => c.id === 'root')).toEqual({ id: 'root', component: 'Stack', children: ['a'] });
      expect(out.find((c) => c.id === 'a')).toEqual({ id: 'a', component: 'Label', text: 'A' });
      expect(p.end()).toEqual([]);
    });

    it(`${name}: a parent still waiting when its block closes is reported, then sent when the child comes`, () => {
      const p = parser(catalog, options);
      p.push(start(catalog));
      const error = errorsOf(p.push(ROOT.slice(0, -1) + END))[0];
      expect(error).toBeInstanceOf(A2uiIntegrityError);
      expect((error as A2uiIntegrityError).details).toEqual([expect.objectContaining({ path: 's.root', code: 'missing_child' })]);
      expect((error as A2uiIntegrityError).message).toContain("refers to 'a'");
      const later = sent(p.push(`<a2ui-json>{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${CHILD}]}}</a2ui-json>`));
      expect(later.map((c) => c.id).sort()).toEqual(['a', 'root']);
    });
  }

  it('a function returning something other than an object is a clear error', () => {
    const p = parser(NO_ROW_V09, { placeholder: () => 'Spinner' as never });
    expect(() => rethrow(p.push(start(NO_ROW_V09) + ROOT))).toThrow(A2uiValidationError);
  });

  it('a function that throws: an internal error carrying what it threw, not bad JSON (issue #37)', () => {
    const fault = new TypeError('the app failed');
    const p = parser(NO_ROW_V09, {
      placeholder: () => {
        throw fault;
      },
    });
    const errors = errorsOf([...p.push(start(NO_ROW_V09) + ROOT.slice(0, -1) + END), ...p.end()]);
    expect(errors[0]?.category).toBe('CompileError');
    expect(errors[0]?.message).toBe('Internal error while parsing: the app failed');
    expect(errors[0]?.cause).toBe(fault);
    expect(errors.filter((e) => e.message.includes('Failed to parse JSON'))).toEqual([]);
  });
});

describe.each(['full', 'delta'] as const)('v0.8 placeholders (%s snapshots)', (snapshots) => {
  const pid = (id: string) => (snapshots === 'full' ? `loading_${id}` : id);
  const begin = '<a2ui-json>[{"beginRendering":{"surfaceId":"s","root":"root"}},{"surfaceUpdate":{"surfaceId":"s","components":[';
  const root = '{"id":"root","component":{"Column":{"children":{"explicitList":["a"]}}}},';
  const sent8 = (parts: readonly Part[]) => messagesOf(parts).flatMap((m) => (m.surfaceUpdate as { components: Component[] } | undefined)?.components ?? []);

  it('without Row: the first type with no required property, in the nested shape', () => {
    const out = sent8(new A2uiStreamParser(NO_ROW_V08, { snapshots }).push(begin + root));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: { Spacer: {} } });
  });

  it('a type name with a required child list: an empty explicitList', () => {
    const out = sent8(new A2uiStreamParser(NO_ROW_V08, { snapshots, placeholder: 'Column' }).push(begin + root));
    expect(out.find((c) => c.id === pid('a'))).toEqual({ id: pid('a'), component: { Column: { children: { explicitList: [] } } } });
  });
});
