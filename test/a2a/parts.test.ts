import { describe, expect, it } from 'vitest';
import { A2UI_MIME_TYPE, a2uiDataPart, a2uiExtension, a2uiMimeType, isA2uiPart, LEGACY_A2UI_MIME_TYPE } from '../../src/a2a/index.js';
import { A2uiCatalogError, A2uiValidationError, type A2uiMessage } from '../../src/index.js';

/** Any object: a2uiDataPart holds the message as it is, without reading it. */
const ANY = {} as A2uiMessage;

describe('a2uiMimeType / a2uiDataPart: the mime type per version', () => {
  it.each([undefined, '', '  ', '0.8', 'v0.8', 'V0.8', '0.8.0', ' 0.8 ', '0.9', 'v0.9', '0.9.0', '0.9.0.0'])('gives the legacy type for %j', (version) => {
    expect(a2uiMimeType(version)).toBe(LEGACY_A2UI_MIME_TYPE);
    expect(a2uiDataPart(ANY, version === undefined ? {} : { version }).metadata.mimeType).toBe(LEGACY_A2UI_MIME_TYPE);
  });

  it.each(['0.9.1', 'v0.9.1', '0.10', '1.0', '1', '0.8.1', '2.0.0', '0.7'])('gives the current type for %j', (version) => {
    expect(a2uiMimeType(version)).toBe(A2UI_MIME_TYPE);
    expect(a2uiDataPart(ANY, { version }).metadata.mimeType).toBe(A2UI_MIME_TYPE);
  });

  it.each(['foo', '0.x', 'v', '1..2', '.9', '0.9-rc1', 'vv0.9'])('refuses %j with a CatalogError', (version) => {
    expect(() => a2uiDataPart(ANY, { version })).toThrow(A2uiCatalogError);
    expect(() => a2uiMimeType(version)).toThrow(/is not an A2UI version/);
  });

  it.each([5, null, {}])('refuses a version that is not a string (%j) with a CatalogError', (version) => {
    expect(() => a2uiDataPart(ANY, { version: version as never })).toThrow(A2uiCatalogError);
    expect(() => a2uiExtension({ version: version as never })).toThrow(/is not an A2UI version/);
  });
});

describe('a2uiDataPart', () => {
  it('is a plain A2A 0.3 data part holding the message itself', () => {
    const message: A2uiMessage = { version: 'v0.9', deleteSurface: { surfaceId: 's' } };
    const part = a2uiDataPart(message, { version: '0.9.1' });
    expect(part).toStrictEqual({ kind: 'data', data: message, metadata: { mimeType: 'application/a2ui+json' } });
    expect(part.data).toBe(message);
    expect(JSON.parse(JSON.stringify(part))).toEqual(part);
  });

  it('refuses what is not one JSON object, a list of messages included', () => {
    expect(() => a2uiDataPart([{ a: 1 }] as never)).toThrow(/one part per message/);
    for (const bad of [null, 'x', 3, undefined]) expect(() => a2uiDataPart(bad as never)).toThrow(A2uiValidationError);
    for (const options of [null, '0.9']) expect(() => a2uiDataPart({ a: 1 } as never, options as never)).toThrow(A2uiValidationError);
  });
});

describe('isA2uiPart', () => {
  it('recognises data parts with either A2UI mime type', () => {
    expect(isA2uiPart({ kind: 'data', data: {}, metadata: { mimeType: A2UI_MIME_TYPE } })).toBe(true);
    expect(isA2uiPart({ kind: 'data', data: {}, metadata: { mimeType: LEGACY_A2UI_MIME_TYPE, other: 1 } })).toBe(true);
    expect(isA2uiPart({ data: {}, metadata: { mimeType: A2UI_MIME_TYPE } })).toBe(true);
    expect(isA2uiPart(a2uiDataPart({ a: 1 } as never))).toBe(true);
  });

  it('rejects everything else without throwing', () => {
    const others: unknown[] = [
      { kind: 'text', text: 'hi', metadata: { mimeType: A2UI_MIME_TYPE } },
      { kind: 'file', file: {}, metadata: { mimeType: A2UI_MIME_TYPE } },
      { kind: 'data', data: {} },
      { kind: 'data', data: {}, metadata: {} },
      { kind: 'data', data: {}, metadata: null },
      { kind: 'data', data: {}, metadata: 'application/a2ui+json' },
      { kind: 'data', data: {}, metadata: { mimeType: 'application/json' } },
      { kind: 'data', data: {}, metadata: { mimeType: 'APPLICATION/A2UI+JSON' } },
      { metadata: { mimeType: A2UI_MIME_TYPE } },
      null,
      undefined,
      'application/a2ui+json',
      [],
    ];
    for (const part of others) expect(isA2uiPart(part), JSON.stringify(part)).toBe(false);
  });

  it('rejects a data part labelled A2UI whose data is not an object (A2A 0.3 data is one)', () => {
    for (const data of [undefined, null, [], [{ a: 1 }], 'x', 1]) {
      const part = { kind: 'data', data, metadata: { mimeType: A2UI_MIME_TYPE } };
      expect(isA2uiPart(part), JSON.stringify(part)).toBe(false);
    }
    expect(isA2uiPart({ kind: 'data', metadata: { mimeType: A2UI_MIME_TYPE } })).toBe(false);
  });

  it('answers false, never throws, for a value whose getter or Proxy throws (probe 15)', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const values = [
      Object.defineProperty({ kind: 'data', metadata: { mimeType: A2UI_MIME_TYPE } }, 'data', { get: boom }),
      {
        kind: 'data',
        data: {},
        metadata: {
          get mimeType(): string {
            return boom();
          },
        },
      },
      new Proxy({}, { get: boom }),
      new Proxy({ kind: 'data', data: {}, metadata: { mimeType: A2UI_MIME_TYPE } }, { get: boom }),
      revoked.proxy,
      { kind: 'data', data: revoked.proxy, metadata: { mimeType: A2UI_MIME_TYPE } },
    ];
    for (const value of values) expect(isA2uiPart(value)).toBe(false);
  });
});
