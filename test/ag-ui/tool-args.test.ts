import { describe, expect, it } from 'vitest';
import { ToolArgsRewriter } from '../../src/ag-ui/tool-args.js';
import { chunks } from '../support/ag-ui-runs.js';

const context = { wireVersion: 'v0.9', catalogId: (argument: string | undefined) => argument ?? 'cat' };

/** The rewriter's whole output for `args` fed in `size`-character deltas. */
function rewrite(args: string, size: number | 'model'): { text: string; rewriter: ToolArgsRewriter } {
  const rewriter = new ToolArgsRewriter(context);
  const text = chunks(args, size, 3)
    .map((delta) => rewriter.push(delta))
    .join('');
  return { text, rewriter };
}

const create = (surfaceId: string, catalogId = 'cat') => ({ version: 'v0.9', createSurface: { surfaceId, catalogId } });
const components = (surfaceId: string, list: unknown) => ({ version: 'v0.9', updateComponents: { surfaceId, components: list } });
const data = (surfaceId: string, value: unknown) => ({ version: 'v0.9', updateDataModel: { surfaceId, path: '/', value } });

describe('ToolArgsRewriter', () => {
  const list = [
    { id: 'root', component: 'Column', children: ['t'] },
    { id: 't', component: 'Text', text: 'braces } ] { [ and "quotes" \\ too' },
  ];

  it.each([1, 2, 7, 'model', 10_000] as const)('writes createSurface, updateComponents and updateDataModel in order (deltas of %s)', (size) => {
    const args = JSON.stringify({ surfaceId: 'trip', components: list, data: { city: 'Lisbon', tags: ['a', '}'] } }, null, 2);
    const { text, rewriter } = rewrite(args, size);
    expect(JSON.parse(text)).toEqual([create('trip'), components('trip', list), data('trip', { city: 'Lisbon', tags: ['a', '}'] })]);
    expect(rewriter.finished).toBe(true);
  });

  it("keeps the model's order and waits for a surfaceId written after the components", () => {
    const args = JSON.stringify({ data: { n: 1 }, components: list, catalogId: 'custom', surfaceId: 'late' });
    for (const size of [1, 5, 'model'] as const) {
      const { text } = rewrite(args, size);
      expect(JSON.parse(text)).toEqual([create('late', 'custom'), data('late', { n: 1 }), components('late', list)]);
    }
  });

  it('streams the components before they close: the text so far ends inside the array', () => {
    const rewriter = new ToolArgsRewriter(context);
    const out = rewriter.push('{"surfaceId":"s","components":[{"id":"root","component":"Te');
    expect(out).toBe(
      '[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"cat"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Te',
    );
    expect(rewriter.finished).toBe(false);
  });

  it('skips other arguments, whatever they hold', () => {
    const args = JSON.stringify({ surfaceId: 's', items: [{ a: '}]' }], n: -1.5, ok: true, nothing: null, components: list });
    expect(JSON.parse(rewrite(args, 1).text)).toEqual([create('s'), components('s', list)]);
  });

  it('writes just the createSurface for arguments with only a surfaceId, and nothing without one', () => {
    expect(JSON.parse(rewrite('{"surfaceId":"bare"}', 1).text)).toEqual([create('bare')]);
    const { text, rewriter } = rewrite(JSON.stringify({ components: list }), 3);
    expect(text).toBe('');
    expect(rewriter.surface).toBeUndefined();
    expect(rewriter.finished).toBe(true);
  });

  it('skips arguments named like Object.prototype members (toString, constructor, __proto__)', () => {
    const args = `{"surfaceId":"s","toString":[1],"constructor":{"a":1},"__proto__":"x","hasOwnProperty":2,"components":${JSON.stringify(list)}}`;
    for (const size of [1, 7, 'model'] as const) expect(JSON.parse(rewrite(args, size).text)).toEqual([create('s'), components('s', list)]);
  });

  it('reads an escaped surface id', () => {
    const args = JSON.stringify({ surfaceId: 'a"b\\c\u00e9', components: list });
    expect(JSON.parse(rewrite(args, 1).text)[0]).toEqual(create('a"b\\c\u00e9'));
  });
});
