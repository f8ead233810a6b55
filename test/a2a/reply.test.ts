import { describe, expect, it } from 'vitest';
import { A2UI_MIME_TYPE, LEGACY_A2UI_MIME_TYPE, replyToA2aParts, type A2aPart, type A2uiMimeType } from '../../src/a2a/index.js';
import { A2uiCatalogError, A2uiValidationError, basicCatalog, isA2uiError } from '../../src/index.js';

const V09 = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const create = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: V09 } };
const update = {
  version: 'v0.9',
  updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Hi' }] },
};
const data = (message: object, mimeType: A2uiMimeType = A2UI_MIME_TYPE): A2aPart => ({ kind: 'data', data: message as never, metadata: { mimeType } });

describe('replyToA2aParts', () => {
  it('gives nothing for an empty reply and one trimmed text part for a reply without a block', () => {
    expect(replyToA2aParts('')).toEqual([]);
    expect(replyToA2aParts(' \n\t ')).toEqual([]);
    expect(replyToA2aParts('  Just text.\n')).toEqual([{ kind: 'text', text: 'Just text.' }]);
  });

  it('refuses a reply that is not a string with an A2uiValidationError', () => {
    expect(() => replyToA2aParts(undefined as never)).toThrow(A2uiValidationError);
    expect(() => replyToA2aParts(null as never)).toThrow(/the reply must be a string, got null/);
  });

  it('reads a reply whose only block never closes as plain text, not as a block that does not read', () => {
    const reply = 'An open tag <a2ui-json>[{"a":1}] never closed';
    const onError = () => [{ kind: 'text' as const, text: 'onError was called' }];
    expect(replyToA2aParts(reply, { onError })).toEqual([{ kind: 'text', text: reply }]);
  });

  it('gives text runs trimmed and one data part per message, in order', () => {
    const reply = `Here:\n<a2ui-json>${JSON.stringify([create, update])}</a2ui-json>\n  Done.  `;
    expect(replyToA2aParts(reply)).toEqual([{ kind: 'text', text: 'Here:' }, data(create), data(update), { kind: 'text', text: 'Done.' }]);
  });

  it('leaves out blank text between blocks and reads several blocks', () => {
    const reply = `<a2ui-json>${JSON.stringify(create)}</a2ui-json>  \n <a2ui-json>${JSON.stringify([update])}</a2ui-json>`;
    expect(replyToA2aParts(reply)).toEqual([data(create), data(update)]);
  });

  it('reads blocks leniently (curly quotes, trailing commas)', () => {
    const reply = 'A\n<a2ui-json>[{“beginRendering”: {“surfaceId”: “x”,},},]</a2ui-json>';
    expect(replyToA2aParts(reply)).toEqual([{ kind: 'text', text: 'A' }, data({ beginRendering: { surfaceId: 'x' } })]);
  });

  it('labels data parts by version when one is given, else with the current mime type', () => {
    const reply = `<a2ui-json>${JSON.stringify(create)}</a2ui-json>`;
    expect(replyToA2aParts(reply)).toEqual([data(create, A2UI_MIME_TYPE)]);
    expect(replyToA2aParts(reply, { version: '0.9' })).toEqual([data(create, LEGACY_A2UI_MIME_TYPE)]);
    expect(replyToA2aParts(reply, { version: '1.0' })).toEqual([data(create, A2UI_MIME_TYPE)]);
    expect(() => replyToA2aParts(reply, { version: 'newest' })).toThrow(A2uiCatalogError);
  });

  it('reads a blank version as none: the current mime type', () => {
    const reply = `<a2ui-json>${JSON.stringify(create)}</a2ui-json>`;
    for (const version of ['', '  ']) expect(replyToA2aParts(reply, { version })).toEqual([data(create, A2UI_MIME_TYPE)]);
  });

  it('gives the whole trimmed reply as one text part when a block does not read', () => {
    for (const reply of [
      ' Look:\n<a2ui-json>{ this is bad json }</a2ui-json>\nBye ',
      'Look:<a2ui-json></a2ui-json>',
      `Two:<a2ui-json>${JSON.stringify(create)}</a2ui-json><a2ui-json>[{"x":1}`,
      'Scalar:<a2ui-json>[1, 2]</a2ui-json>',
    ]) {
      expect(replyToA2aParts(reply), reply).toEqual([{ kind: 'text', text: reply.trim() }]);
    }
  });

  it('validates against catalogs when given, and treats rejected messages as a block that does not read', () => {
    const catalog = basicCatalog('0.9');
    const good = `<a2ui-json>${JSON.stringify([create, update])}</a2ui-json>`;
    expect(replyToA2aParts(good, { catalogs: catalog })).toHaveLength(2);
    const bad = `<a2ui-json>${JSON.stringify([create, { ...update, updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Nope' }] } }])}</a2ui-json>`;
    expect(replyToA2aParts(bad)).toHaveLength(2);
    expect(replyToA2aParts(bad, { catalogs: catalog })).toEqual([{ kind: 'text', text: bad }]);
  });

  it('throws a catalog configuration error rather than hiding it', () => {
    const reply = `<a2ui-json>${JSON.stringify(create)}</a2ui-json>`;
    expect(() => replyToA2aParts(reply, { catalogs: [] })).toThrow(A2uiCatalogError);
  });

  it('refuses bad catalogs, options and onError at once, whatever the reply (not only once a reply holds a block)', () => {
    for (const reply of ['', 'Just text.']) {
      expect(() => replyToA2aParts(reply, { catalogs: [] }), reply).toThrow(A2uiCatalogError);
      expect(() => replyToA2aParts(reply, { catalogs: null as never }), reply).toThrow(A2uiCatalogError);
      expect(() => replyToA2aParts(reply, { onError: 'text' as never }), reply).toThrow(A2uiValidationError);
      expect(() => replyToA2aParts(reply, null as never), reply).toThrow(A2uiValidationError);
    }
  });

  it('refuses catalogs that are not catalogs with an A2uiCatalogError, not a TypeError', () => {
    const reply = `<a2ui-json>${JSON.stringify(create)}</a2ui-json>`;
    for (const catalogs of [null, {}, 'basic', [null], [basicCatalog('0.9'), 7]]) {
      expect(() => replyToA2aParts(reply, { catalogs: catalogs as never }), JSON.stringify(catalogs)).toThrow(A2uiCatalogError);
    }
  });

  it('lets the caller choose what a reply that does not read becomes', () => {
    const reply = 'Hi <a2ui-json>{bad</a2ui-json>';
    const seen: unknown[] = [];
    const parts = replyToA2aParts(reply, {
      onError: (error, text) => {
        seen.push(error, text);
        return [{ kind: 'text', text: 'Sorry, the UI could not be shown.' }];
      },
    });
    expect(parts).toEqual([{ kind: 'text', text: 'Sorry, the UI could not be shown.' }]);
    expect(isA2uiError(seen[0])).toBe(true);
    expect((seen[0] as { category: string }).category).toBe('ParseError');
    expect(seen[1]).toBe(reply);
    expect(() =>
      replyToA2aParts(reply, {
        onError: (error) => {
          throw error;
        },
      }),
    ).toThrow(/Failed to parse JSON/);
  });
});
