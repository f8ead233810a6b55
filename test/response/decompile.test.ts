import { describe, expect, it } from 'vitest';
import { decompile } from '../../src/response/decompile.js';
import type { A2uiMessage } from '../../src/types.js';
import { wrap, wrapDecompiledBlocks } from '../../src/response/wrap.js';

/** Keys of every object in `json` in the order they are written. */
function keyOrders(json: string): string[][] {
  const orders: string[][] = [];
  JSON.parse(json, function (this: unknown, _key, value: unknown) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) orders.push(Object.keys(value));
    return value;
  });
  return orders;
}

describe('decompile', () => {
  it('writes v0.9 messages in protocol key order', () => {
    const messages = [
      { createSurface: { theme: { primaryColor: '#f00' }, catalogId: 'c', surfaceId: 's' }, version: 'v0.9' },
      {
        updateComponents: {
          components: [{ text: 'Hi', component: 'Text', id: 't' }],
          surfaceId: 's',
        },
        version: 'v0.9',
      },
      { updateDataModel: { value: { a: 1 }, path: '/x', surfaceId: 's' }, version: 'v0.9' },
    ] as const satisfies readonly A2uiMessage[];
    const out = decompile(messages);
    expect(JSON.parse(out)).toEqual(messages);
    const orders = keyOrders(out);
    expect(orders).toContainEqual(['version', 'createSurface']);
    expect(orders).toContainEqual(['surfaceId', 'catalogId', 'theme']);
    expect(orders).toContainEqual(['id', 'component', 'text']);
    expect(orders).toContainEqual(['surfaceId', 'components']);
    expect(orders).toContainEqual(['surfaceId', 'path', 'value']);
    expect(out.indexOf('"version"')).toBeLessThan(out.indexOf('"createSurface"'));
  });

  it('writes v0.8 messages in protocol key order', () => {
    const messages = [
      { beginRendering: { root: 'r', surfaceId: 's' } },
      { surfaceUpdate: { components: [{ component: { Text: { text: { literalString: 'x' } } }, id: 'r' }], surfaceId: 's' } },
      { dataModelUpdate: { contents: [{ key: 'k', valueString: 'v' }], path: '/', surfaceId: 's' } },
    ];
    const orders = keyOrders(decompile(messages));
    expect(orders).toContainEqual(['surfaceId', 'root']);
    expect(orders).toContainEqual(['id', 'component']);
    expect(orders).toContainEqual(['surfaceId', 'components']);
    expect(orders).toContainEqual(['surfaceId', 'path', 'contents']);
  });

  it('keeps unknown keys after the known ones, in their own order', () => {
    const out = decompile({ zeta: 1, deleteSurface: { surfaceId: 's' }, alpha: 2, version: 'v1.0' });
    expect(keyOrders(out)).toContainEqual(['version', 'deleteSurface', 'zeta', 'alpha']);
  });

  it('indents by 2 spaces, keeps non-ASCII as is, and does not change its input', () => {
    const message: A2uiMessage = { deleteSurface: { surfaceId: 'é😀' }, version: 'v0.9' };
    const out = decompile(message);
    expect(out).toBe('{\n  "version": "v0.9",\n  "deleteSurface": {\n    "surfaceId": "é😀"\n  }\n}');
    expect(Object.keys(message)).toEqual(['deleteSurface', 'version']);
  });
});

describe('wrap and wrapDecompiledBlocks', () => {
  it('encloses decompiled blocks in one pair of tags', () => {
    expect(wrapDecompiledBlocks(['[1]', '[2]'])).toBe('<a2ui-json>\n[1]\n[2]\n</a2ui-json>');
  });

  it('writes text as is, raw blocks verbatim and messages decompiled, joined by newlines', () => {
    const messages: A2uiMessage[] = [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }];
    expect(
      wrap([
        { type: 'text', text: 'Hi' },
        { type: 'block', raw: '[1]' },
        { type: 'a2ui', messages },
        { type: 'block', raw: '[2', closed: false },
      ]),
    ).toBe(`Hi\n<a2ui-json>[1]</a2ui-json>\n<a2ui-json>\n${decompile(messages)}\n</a2ui-json>\n<a2ui-json>[2`);
  });
});

describe('decompile keeps an own __proto__ key as data', () => {
  it('in a message, its body and a component', () => {
    const text =
      '[{"version":"v0.9","__proto__":{"m":1},"updateComponents":{"surfaceId":"s","__proto__":{"b":2},"components":[{"id":"t","component":"Text","__proto__":{"c":3},"text":"x"}]}}]';
    const messages = JSON.parse(text) as A2uiMessage[];
    const [message] = JSON.parse(decompile(messages)) as Record<string, Record<string, unknown>>[];
    const own = (object: unknown) => Object.getOwnPropertyDescriptor(object, '__proto__')?.value;
    const body = message?.['updateComponents'];
    expect([own(message), own(body), own(((body?.['components'] ?? []) as unknown[])[0])]).toEqual([{ m: 1 }, { b: 2 }, { c: 3 }]);
    expect(({} as Record<string, unknown>)['c']).toBeUndefined();
  });
});
