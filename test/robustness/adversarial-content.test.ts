/**
 * Adversarial content, each with its documented outcome (docs/robustness.md): prototype keys,
 * control characters, lone surrogates, invalid UTF-8, stray or uppercase tags, tags inside JSON
 * strings, and recovery after a garbage block.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiParseError } from '../../src/errors.js';
import { parseResponse } from '../../src/response/index.js';
import type { Part } from '../../src/types.js';
import { applyParts, finalState } from '../support/apply-messages.js';
import { runParser, runStream, textOf } from '../support/robust.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const catalog = basicCatalog('0.9');
const create = (surfaceId = 's') => `{"version":"v0.9","createSurface":{"surfaceId":${JSON.stringify(surfaceId)},"catalogId":"${CATALOG}"}}`;
const textRoot = (textJson: string, surfaceId = 's') =>
  `{"version":"v0.9","updateComponents":{"surfaceId":${JSON.stringify(surfaceId)},"components":[{"id":"root","component":"Text","text":${textJson}}]}}`;
const block = (...messages: string[]) => `<a2ui-json>[${messages.join(',')}]</a2ui-json>`;
const messagesOf = (parts: readonly Part[]) => parts.flatMap((p) => (p.type === 'a2ui' ? p.messages : []));
const prototypeShape = () => [Object.prototype, Array.prototype].map((p) => Object.getOwnPropertyNames(p).join());

describe('prototype keys are data', () => {
  const shape = prototypeShape();
  afterEach(() => {
    expect(prototypeShape()).toEqual(shape);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  });

  const value = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"prototype":{"polluted":3}}';
  const text = block(
    create('__proto__'),
    textRoot('{"path":"/__proto__/polluted"}', '__proto__'),
    `{"version":"v0.9","updateDataModel":{"surfaceId":"__proto__","value":${value}}}`,
  );

  it('streamed in small chunks, __proto__/constructor/prototype end up as own keys of the data model', () => {
    const { parts, errors } = runParser(catalog, text.match(/[\s\S]{1,7}/g) ?? []);
    // The Text bound through `__proto__` is left out: the renderers' data model refuses that path (probe 17 finding 2).
    expect(errors.map((error) => error.details.map((item) => `${item.code} ${item.path}`))).toEqual([
      ['invalid_value messages.1.updateComponents.components.0.text.path'],
    ]);
    const state = finalState(applyParts(new Map(), parts));
    expect(Object.keys(state)).toEqual(['__proto__']);
    const model = Object.getOwnPropertyDescriptor(state, '__proto__')?.value.dataModel;
    expect(JSON.stringify(model)).toBe(JSON.stringify(JSON.parse(value)));
  });

  it('in one chunk, the data model message carries the keys as own properties', () => {
    const message = messagesOf(runParser(catalog, [text]).parts).at(-1) as { updateDataModel: { value: object } };
    const own = message.updateDataModel.value;
    expect(Object.keys(own)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getPrototypeOf(own)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(own, '__proto__')?.value).toEqual({ polluted: 1 });
  });

  it('parseResponse keeps them too', () => {
    const parts = parseResponse(text, catalog);
    const own = (messagesOf(parts).at(-1) as { updateDataModel: { value: object } }).updateDataModel.value;
    expect(Object.keys(own)).toEqual(['__proto__', 'constructor', 'prototype']);
  });
});

describe('characters', () => {
  it('NUL and other control characters in text pass through verbatim', () => {
    const text = 'a\u0000b\u0007c\u001bd\u007f';
    expect(textOf(runParser(catalog, text.split('')).parts)).toBe(text);
  });

  it('raw control characters inside a JSON string are kept in the value', () => {
    const { parts, errors } = runParser(catalog, [block(create(), textRoot('"x\u0000\u0001y"'))]);
    expect(errors).toEqual([]);
    expect(JSON.stringify(messagesOf(parts).at(-1))).toContain('x\\u0000\\u0001y');
  });

  it('a control character between JSON tokens fails the block with a ParseError; text after it arrives', () => {
    const { parts, errors } = runParser(catalog, [`${block(create(), '\u0000')}after`]);
    expect(errors.map((e) => e.constructor)).toEqual([A2uiParseError]);
    expect(messagesOf(parts)).toHaveLength(1);
    expect(textOf(parts)).toBe('after');
  });

  it('a lone surrogate in text is passed through; inside a JSON string it becomes U+FFFD', () => {
    const { parts, errors } = runParser(catalog, [`a\ud800b ${block(create(), textRoot('"x\udc00y"'))}`]);
    expect(errors).toEqual([]);
    expect(textOf(parts)).toBe('a\ud800b ');
    expect(JSON.stringify(messagesOf(parts).at(-1))).toContain('x\ufffdy');
  });

  it('invalid UTF-8 in byte input becomes U+FFFD, in text and in values, at any byte split', async () => {
    const encoder = new TextEncoder();
    const [head, tail] = block(create(), textRoot('"v|"')).split('|') as [string, string];
    const bytes = [...encoder.encode('caf'), 0xc3, 0x28, ...encoder.encode(` ${head}`), 0xff, ...encoder.encode(tail), 0xe2, 0x82];
    const whole = await runStream(catalog, [Uint8Array.from(bytes)]);
    const split = await runStream(
      catalog,
      bytes.map((b) => Uint8Array.of(b)),
    );
    for (const { parts, streamError } of [whole, split]) {
      expect(streamError).toBeUndefined();
      expect(textOf(parts)).toBe('caf\ufffd( \ufffd');
      expect(JSON.stringify(messagesOf(parts).at(-1))).toContain('"v\ufffd"');
    }
  });
});

describe('tags', () => {
  it('an open tag with no close: messages completed so far arrive, then end() throws a ParseError', () => {
    const { parts, errors } = runParser(catalog, ['hi ', `<a2ui-json>[${create()},`, '{"version":']);
    expect(textOf(parts)).toBe('hi ');
    expect(messagesOf(parts)).toHaveLength(1);
    // The cut names where it fell: in a message whose key was not read yet.
    expect(errors.map((e) => e.message)).toEqual(["A2UI close tag '</a2ui-json>' not found in response. The stream ended inside a message."]);
  });

  it('a close tag with no open is text', () => {
    const text = 'hello </a2ui-json> world </A2UI-JSON>';
    expect(runParser(catalog, text.split('')).parts.every((p) => p.type === 'text')).toBe(true);
    expect(textOf(runParser(catalog, text.split('')).parts)).toBe(text);
  });

  it('tags inside JSON strings are part of the value, not tags', () => {
    const text = `${block(create(), textRoot('"x </a2ui-json> <a2ui-json> y"'))}after`;
    const { parts, errors } = runParser(catalog, text.split(''));
    expect(errors).toEqual([]);
    expect(textOf(parts)).toBe('after');
    expect(JSON.stringify(messagesOf(parts).at(-1))).toContain('x </a2ui-json> <a2ui-json> y');
  });

  it('uppercase and mixed-case tags, with attributes, are tags', () => {
    const text = `a <A2UI-JSON type="x">[${create()}]</A2ui-Json> b`;
    const { parts, errors } = runParser(catalog, text.split(''));
    expect(errors).toEqual([]);
    expect(textOf(parts)).toBe('a  b');
    expect(messagesOf(parts)).toHaveLength(1);
  });

  it('a block of pure garbage: one ParseError at its close, then the text and later blocks still arrive', async () => {
    const text = `x <a2ui-json>}}]] garbage ,,, "unterminated </a2ui-json> text ${block(create(), textRoot('"ok"'))} end`;
    const { parts, errors } = runParser(catalog, text.split(''));
    expect(errors.map((e) => e.constructor)).toEqual([A2uiParseError]);
    expect(textOf(parts)).toBe('x  text  end');
    expect(finalState(applyParts(new Map(), parts))).toEqual({
      s: { root: 'root', components: { root: { id: 'root', component: 'Text', text: 'ok' } }, dataModel: undefined },
    });
    const streamed = await runStream(catalog, [text]);
    expect(streamed.parts.map((p) => p.type)).toEqual(['text', 'error', 'text', 'a2ui', 'text']);
  });
});
