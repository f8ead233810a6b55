import { describe, expect, it } from 'vitest';
import { A2UI_EXTENSION_BASE_URI, a2uiExtension, activateA2ui, newestA2uiExtension } from '../../src/a2a/index.js';
import { A2uiCatalogError, A2uiValidationError } from '../../src/index.js';

const uri = (version: string) => `${A2UI_EXTENSION_BASE_URI}/v${version}`;

describe('a2uiExtension', () => {
  it('has the versioned URI and the description, and no params when there are none', () => {
    const extension = a2uiExtension({ version: '0.8' });
    expect(extension).toStrictEqual({
      uri: 'https://a2ui.org/a2a-extension/a2ui/v0.8',
      description: 'Provides agent driven UI using the A2UI JSON format.',
    });
    expect(a2uiExtension({ version: '0.9', acceptsInlineCatalogs: false, supportedCatalogIds: [] })).not.toHaveProperty('params');
  });

  it('does not double a leading v, and keeps the digits as written', () => {
    expect(a2uiExtension({ version: 'v0.9' }).uri).toBe(uri('0.9'));
    expect(a2uiExtension({ version: '0.9.1' }).uri).toBe(uri('0.9.1'));
    expect(a2uiExtension({ version: '1.0' }).uri).toBe(uri('1.0'));
  });

  it('puts acceptsInlineCatalogs and supportedCatalogIds in params only when they say something', () => {
    expect(a2uiExtension({ version: '0.8', acceptsInlineCatalogs: true }).params).toStrictEqual({ acceptsInlineCatalogs: true });
    const ids = ['https://example.com/catalog.json'];
    const extension = a2uiExtension({ version: '0.9', supportedCatalogIds: ids });
    expect(extension.params).toStrictEqual({ supportedCatalogIds: ids });
    ids.push('changed later');
    expect(extension.params?.supportedCatalogIds).toEqual(['https://example.com/catalog.json']);
    expect(a2uiExtension({ version: '0.9', acceptsInlineCatalogs: true, supportedCatalogIds: ['a'] }).params).toStrictEqual({
      acceptsInlineCatalogs: true,
      supportedCatalogIds: ['a'],
    });
  });

  it('refuses a version that is not one', () => {
    expect(() => a2uiExtension({ version: 'latest' })).toThrow(A2uiCatalogError);
    expect(() => a2uiExtension({ version: '' })).toThrow(A2uiCatalogError);
  });

  it('refuses options that are not an object and catalog ids that are not a list of strings', () => {
    for (const options of [undefined, null, '0.9']) expect(() => a2uiExtension(options as never), String(options)).toThrow(A2uiCatalogError);
    for (const supportedCatalogIds of ['abc', [1], [null], { 0: 'a' }]) {
      expect(() => a2uiExtension({ version: '0.9', supportedCatalogIds: supportedCatalogIds as never }), JSON.stringify(supportedCatalogIds)).toThrow(
        /supportedCatalogIds/,
      );
    }
  });
});

describe('newestA2uiExtension', () => {
  it('takes the numerically newest URI both sides list', () => {
    const requested = [uri('0.1.0'), uri('1.2.0'), uri('0.8.0'), uri('1.10.0')];
    const advertised = [uri('0.1.0'), uri('1.2.0'), uri('1.10.0'), uri('2.0.0')];
    expect(newestA2uiExtension(requested, advertised)).toBe(uri('1.10.0'));
    expect(newestA2uiExtension([uri('0.9'), uri('0.10')], [uri('0.10'), uri('0.9')])).toBe(uri('0.10'));
  });

  it('gives a tie (0.9 and 0.9.0) to the first requested', () => {
    const both = [uri('0.9.0'), uri('0.9')];
    expect(newestA2uiExtension(both, both)).toBe(uri('0.9.0'));
    expect(newestA2uiExtension([...both].reverse(), both)).toBe(uri('0.9'));
  });

  it('needs an exact match on both sides', () => {
    expect(newestA2uiExtension([uri('0.9')], [uri('0.9.0')])).toBeUndefined();
    expect(newestA2uiExtension([uri('2.0')], [uri('0.8')])).toBeUndefined();
    expect(newestA2uiExtension([], [uri('0.8')])).toBeUndefined();
    expect(newestA2uiExtension([uri('0.8')], [])).toBeUndefined();
  });

  it('ignores other extensions and A2UI URIs whose tail is not a version, without throwing', () => {
    const odd = [
      `${A2UI_EXTENSION_BASE_URI}/vfoo`,
      `${A2UI_EXTENSION_BASE_URI}/other`,
      `${A2UI_EXTENSION_BASE_URI}/v0.9/`,
      `${A2UI_EXTENSION_BASE_URI}-foo/v9`,
      `${A2UI_EXTENSION_BASE_URI}v9`,
      'https://example.com/ext/v9',
    ];
    expect(newestA2uiExtension([...odd, uri('0.8')], [...odd, uri('0.8')])).toBe(uri('0.8'));
    expect(newestA2uiExtension(odd, odd)).toBeUndefined();
  });

  it('reads agent card extensions (objects with a uri) as well as URIs', () => {
    const card = [a2uiExtension({ version: '0.8' }), a2uiExtension({ version: '0.9', acceptsInlineCatalogs: true })];
    expect(newestA2uiExtension([uri('0.8'), uri('0.9')], card)).toBe(uri('0.9'));
  });
});

describe('activateA2ui', () => {
  it('activates the newest common version once and returns its version', () => {
    const calls: string[] = [];
    expect(activateA2ui([uri('0.8'), uri('0.9')], [uri('0.9'), uri('0.8')], (u) => calls.push(u))).toBe('0.9');
    expect(calls).toEqual([uri('0.9')]);
  });

  it('activates nothing when nothing is in common', () => {
    const calls: string[] = [];
    expect(activateA2ui([], [uri('0.8')], (u) => calls.push(u))).toBeUndefined();
    expect(activateA2ui([uri('0.8')], [], (u) => calls.push(u))).toBeUndefined();
    expect(activateA2ui(['https://example.com/other'], ['https://example.com/other'], (u) => calls.push(u))).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('returns the version as the URI spells it', () => {
    expect(activateA2ui([uri('0.9.0')], [uri('0.9.0')], () => {})).toBe('0.9.0');
  });

  it('refuses lists that are not lists (a lone URI included) and an activate that is not a function', () => {
    for (const bad of [undefined, null, 5, {}, uri('0.8')]) {
      expect(() => newestA2uiExtension(bad as never, [uri('0.8')]), String(bad)).toThrow(A2uiValidationError);
      expect(() => newestA2uiExtension([uri('0.8')], bad as never), String(bad)).toThrow(A2uiValidationError);
      expect(() => activateA2ui(bad as never, [uri('0.8')], () => {}), String(bad)).toThrow(A2uiValidationError);
    }
    expect(() => activateA2ui([], [], undefined as never)).toThrow(A2uiValidationError);
    expect(newestA2uiExtension(new Set([uri('0.8')]), [{ uri: uri('0.8') }])).toBe(uri('0.8'));
  });
});
