import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { basicCatalog, defineCatalog } from '../../src/catalog/index.js';
import { A2uiError } from '../../src/errors.js';
import { parseResponse, RESPONSE_ERRORS } from '../../src/response/index.js';

function errorOf(fn: () => unknown): A2uiError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(A2uiError);
    return error as A2uiError;
  }
  throw new Error('expected an error');
}

const del = (id: string) => ({ version: 'v0.9', deleteSurface: { surfaceId: id } });

describe('parseResponse', () => {
  it('returns trimmed text and the messages of each block', () => {
    const input = `  Intro\n<a2ui-json>\n[${JSON.stringify(del('a'))}]\n</a2ui-json>\n\nMiddle <a2ui-json>${JSON.stringify(del('b'))}</a2ui-json>`;
    expect(parseResponse(input)).toEqual([
      { type: 'text', text: 'Intro' },
      { type: 'a2ui', messages: [del('a')] },
      { type: 'text', text: 'Middle' },
      { type: 'a2ui', messages: [del('b')] },
    ]);
  });

  it('strips fences at the edges of text and of blocks', () => {
    const input = 'Here:\n```json\n<a2ui-json>```json\n[{"id": 1}]\n```</a2ui-json>```\nBye';
    expect(parseResponse(input)).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'a2ui', messages: [{ id: 1 }] },
      { type: 'text', text: 'Bye' },
    ]);
  });

  it('reads blocks leniently: trailing commas and a single object', () => {
    expect(parseResponse('<a2ui-json>{"a": [1, 2,],}</a2ui-json>')).toEqual([{ type: 'a2ui', messages: [{ a: [1, 2] }] }]);
  });

  it('keeps a close tag inside a string as data', () => {
    expect(parseResponse('<a2ui-json>[{"t": "</a2ui-json>"}]</a2ui-json>')).toEqual([{ type: 'a2ui', messages: [{ t: '</a2ui-json>' }] }]);
  });

  it('words shape errors as the reference, as ParseErrors', () => {
    for (const [input, message] of [
      ['', RESPONSE_ERRORS.tagsNotFound],
      ['just text </a2ui-json>', RESPONSE_ERRORS.tagsNotFound],
      ['a <a2ui-json>[1', RESPONSE_ERRORS.closeTagNotFound],
      ['<a2ui-json> \n```json\n```\n </a2ui-json>', RESPONSE_ERRORS.emptyBlock],
    ] as const) {
      const error = errorOf(() => parseResponse(input));
      expect(error.category).toBe('ParseError');
      expect(error.message).toBe(message);
    }
    expect(RESPONSE_ERRORS.tagsNotFound).toBe("A2UI tags '<a2ui-json>' and '</a2ui-json>' not found in response.");
    expect(RESPONSE_ERRORS.closeTagNotFound).toBe("A2UI close tag '</a2ui-json>' not found in response.");
  });

  it('checks every block shape before reading any block', () => {
    const error = errorOf(() => parseResponse('<a2ui-json>not json</a2ui-json><a2ui-json></a2ui-json>'));
    expect(error.message).toBe(RESPONSE_ERRORS.emptyBlock);
  });

  it('reports JSON that does not read with its position', () => {
    const error = errorOf(() => parseResponse('<a2ui-json>\ninvalid_json\n</a2ui-json>'));
    expect(error.category).toBe('ParseError');
    expect(error.message).toMatch(/^Failed to parse JSON: /);
    expect(error.line).toBeTypeOf('number');
    expect(error.column).toBeTypeOf('number');
  });

  it('rejects items that are not objects', () => {
    const error = errorOf(() => parseResponse('<a2ui-json>[{"a": 1}, 2]</a2ui-json>'));
    expect(error.category).toBe('ValidationError');
    expect(error.details).toContainEqual(expect.objectContaining({ path: 'messages.1', code: 'type_mismatch' }));
  });

  it('with wrapped: false reads the whole response as one block', () => {
    expect(parseResponse('```json\n[{"a": 1}]\n```', undefined, { wrapped: false })).toEqual([{ type: 'a2ui', messages: [{ a: 1 }] }]);
    expect(parseResponse(' <a2ui-json>[{}]</a2ui-json> ', undefined, {})).toEqual([{ type: 'a2ui', messages: [{}] }]);
    expect(errorOf(() => parseResponse('  ', undefined, { wrapped: false })).message).toBe(RESPONSE_ERRORS.emptyBlock);
    expect(errorOf(() => parseResponse('Hi <a2ui-json>[]</a2ui-json>', undefined, { wrapped: false })).message).toMatch(/^Failed to parse JSON: /);
  });

  describe('with catalogs', () => {
    const catalog = defineCatalog({
      id: 'test_catalog',
      version: '0.9',
      components: {
        Text: v.looseObject({ id: v.string(), component: v.literal('Text'), text: v.string() }),
      },
    });
    const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'test_catalog' } };
    const text = (value: unknown) => ({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: value }] },
    });

    it('returns messages that validate', () => {
      const messages = [create, text('hello')];
      expect(parseResponse(`Hi<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`, [catalog])).toEqual([
        { type: 'text', text: 'Hi' },
        { type: 'a2ui', messages },
      ]);
      expect(parseResponse(`<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`, catalog)).toHaveLength(1);
    });

    it('reports a component the catalog rejects in an error part, as the stream does, naming the message by its index in the block', () => {
      const parts = parseResponse(`<a2ui-json>${JSON.stringify([create, text(42)])}</a2ui-json>`, [catalog]);
      const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
      expect(errors.map((error) => error.category)).toEqual(['ValidationError']);
      expect(errors[0]?.message.split('\n')[0]).toBe(
        "Validation failed: Text 'root' (surface 's'), property 'text': 42 is not of type 'string' (at messages.1.updateComponents.components.0.text)",
      );
      // The surface was made; the invalid component is left out.
      expect(parts.filter((part) => part.type === 'a2ui').flatMap((part) => (part.type === 'a2ui' ? part.messages : []))).toEqual([create]);
    });

    it("with the basic catalog, a union's miss says what it expected (issue #38: errors a user can act on)", () => {
      const basic = basicCatalog('0.9');
      const start = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basic.id } };
      const parts = parseResponse(`<a2ui-json>${JSON.stringify([start, text(42)])}</a2ui-json>`, basic);
      const errors = parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
      expect(errors[0]?.message.split('\n')[0]).toBe(
        "Validation failed: Text 'root' (surface 's'), property 'text': 42 is not valid under any of the given schemas (expected a string or an object) (at messages.1.updateComponents.components.0.text)",
      );
      expect(errors[0]?.details[0]).toMatchObject({ code: 'type_mismatch', expected: 'a string or an object', componentId: 'root', componentType: 'Text' });
    });

    it('reads as the stream does: a response without a block is its text, an unclosed block is an error part', () => {
      expect(parseResponse('  Just text. ', catalog)).toEqual([{ type: 'text', text: 'Just text.' }]);
      const parts = parseResponse(`Hi <a2ui-json>${JSON.stringify([create])}`, catalog);
      expect(parts.map((part) => part.type)).toEqual(['text', 'a2ui', 'error']);
    });

    it('rejects an empty catalog list', () => {
      expect(errorOf(() => parseResponse('<a2ui-json>[]</a2ui-json>', [])).category).toBe('CatalogError');
    });
  });
});
