import { describe, expect, it } from 'vitest';
import { basicCatalog, basicCatalogV10, basicCatalogV10Current } from '../../src/catalog/index.js';
import { validateMessages } from '../../src/validate/index.js';
import { validateLoneComponent } from '../../src/validate/validate-messages.js';
import { VERSION_SPECS } from '../../src/protocol/versions.js';
import { isA2uiError, type A2uiError } from '../../src/errors.js';

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

function start(components: unknown[], extra: Record<string, unknown> = {}) {
  return [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, components, ...extra } }];
}
import { customCatalog } from './catalogs.js';

function errorOf(fn: () => void): A2uiError {
  try {
    fn();
  } catch (error) {
    if (isA2uiError(error)) return error;
    throw error;
  }
  throw new Error('expected an A2uiError');
}

describe('current v1.0 dialect: reserved keys', () => {
  const current = basicCatalogV10Current();

  it('is what basicCatalog("1.0", { dialect: "current" }) returns; the default stays August', () => {
    expect(basicCatalog('1.0', { dialect: 'current' })).toBe(current);
    expect(basicCatalog('1.0')).toBe(basicCatalogV10());
    expect(current.dialect).toBe('current');
    expect(basicCatalogV10().dialect).toBeUndefined();
    expect(current.id).toBe(basicCatalogV10().id);
    expect(() => basicCatalog('0.9', { dialect: 'current' })).toThrow(/v1.0 only/);
  });

  it('accepts @path, @call with args, and @index', () => {
    expect(() =>
      validateMessages(
        start([
          { id: 'root', component: 'Column', children: { componentId: 'item', path: '/items' } },
          { id: 'item', component: 'Text', text: { '@call': 'formatString', args: { value: { '@path': '/name' } } } },
          { id: 'n', component: 'Text', text: { '@call': '@index', args: { offset: 1 } } },
        ]),
        current,
        { allowOrphans: true },
      ),
    ).not.toThrow();
  });

  it('rejects a plain path where a binding is expected, saying what to write', () => {
    const error = errorOf(() => validateMessages(start([{ id: 'root', component: 'Text', text: { path: '/name' } }]), current));
    expect(error.category).toBe('ValidationError');
    expect(error.message).toMatch(/did you mean "@path" instead of "path"/);
  });

  it('the August catalog rejects @path, saying what to write', () => {
    const error = errorOf(() => validateMessages(start([{ id: 'root', component: 'Text', text: { '@path': '/name' } }]), basicCatalogV10()));
    expect(error.message).toMatch(/did you mean "path" instead of "@path"/);
  });

  it('a v0.9 catalog names the plain spelling too', () => {
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { '@path': '/name' } }] } },
    ];
    expect(errorOf(() => validateMessages(messages, basicCatalog('0.9'))).message).toMatch(/in this catalog a binding is written \{"path": …\}/);
  });

  it('rejects an unknown single-@ key and accepts @@ escapes', () => {
    const card = (details: unknown) =>
      start([
        { id: 'root', component: 'Button', child: 'l', action: { event: { name: 'go', context: { details } } } },
        { id: 'l', component: 'Text', text: 'Go' },
      ]);
    expect(() => validateMessages(card({ '@@path': '/static' }), current)).not.toThrow();
    expect(() => validateMessages(card({ path: '/var/log', call: 'audit' }), current)).not.toThrow();
    expect(errorOf(() => validateMessages(card({ '@if': true }), current)).message).toMatch(/'@if' is a reserved key/);
    expect(errorOf(() => validateMessages(card({ '@': 1 }), current)).category).toBe('ValidationError');
  });

  it('rejects @foo as a function and checks a call against its catalog', () => {
    expect(errorOf(() => validateMessages(start([{ id: 'root', component: 'Text', text: { '@call': '@foo' } }]), current)).message).toMatch(/@foo/);
    expect(errorOf(() => validateMessages(start([{ id: 'root', component: 'Text', text: { '@call': 'nope', args: {} } }]), current)).message).toMatch(
      /Unrecognized function 'nope'/,
    );
    expect(errorOf(() => validateMessages(start([{ id: 'root', component: 'Text', text: { '@call': 'formatString', args: {} } }]), current)).message).toMatch(
      /formatString/,
    );
  });

  it('requires identifier component ids', () => {
    const error = errorOf(() =>
      validateMessages(
        start([
          { id: 'root', component: 'Column', children: ['1x'] },
          { id: '1x', component: 'Text', text: 'a' },
        ]),
        current,
      ),
    );
    expect(error.message).toMatch(/Component id '1x' must be a valid identifier/);
    // The August dialect keeps accepting any string id.
    expect(() =>
      validateMessages(
        start([
          { id: 'root', component: 'Column', children: ['a-b'] },
          { id: 'a-b', component: 'Text', text: 'a' },
        ]),
        basicCatalogV10(),
      ),
    ).not.toThrow();
  });
});

describe('current v1.0 dialect: strict catalog resolution', () => {
  const current = basicCatalogV10Current();
  const custom = customCatalog;
  const both = [current, custom];

  it('a component and a call use the catalog they name, else the surface default', () => {
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's' } },
      {
        version: 'v1.0',
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', catalogId: BASIC, children: ['b'] },
            { id: 'b', component: 'Badge', catalogId: 'custom', label: { '@call': 'shout', catalogId: 'custom', args: { value: 'hi' } } },
          ],
        },
      },
    ];
    expect(() => validateMessages(messages, both)).not.toThrow();
  });

  it('no catalogId on a surface without a default is a CatalogError, with no fallback', () => {
    const messages = [
      { version: 'v1.0', createSurface: { surfaceId: 's' } },
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Hi' }] } },
    ];
    const error = errorOf(() => validateMessages(messages, both));
    expect(error.category).toBe('CatalogError');
    expect(error.message).toMatch(/has no default catalogId/);
  });

  it('a nested call resolves its own catalog; an unknown one is a CatalogError', () => {
    const text = (inner: unknown) => start([{ id: 'root', component: 'Text', text: { '@call': 'formatString', args: { value: inner } } }]);
    expect(() => validateMessages(text({ '@call': 'shout', catalogId: 'custom', args: { value: 'x' } }), both)).not.toThrow();
    // Without catalogId the nested call resolves to the surface default (basic), which has no shout.
    expect(errorOf(() => validateMessages(text({ '@call': 'shout', args: { value: 'x' } }), both)).message).toMatch(/Unrecognized function 'shout'/);
    const missing = errorOf(() => validateMessages(text({ '@call': 'shout', catalogId: 'missing', args: { value: 'x' } }), both));
    expect(missing.category).toBe('CatalogError');
    expect(missing.message).toMatch(/Catalog not found: missing/);
    const empty = errorOf(() => validateMessages(text({ '@call': 'shout', catalogId: '', args: { value: 'x' } }), both));
    expect(empty.category).toBe('CatalogError');
  });

  it('a lone component (as the streaming core checks it) resolves its calls in the scope it is given', () => {
    const component = { id: 'root', component: 'Text', text: { '@call': 'shout', catalogId: 'custom', args: { value: 'x' } } };
    const spec = VERSION_SPECS['1.0'];
    expect(() => validateLoneComponent(component, current, spec)).toThrow(/Catalog not found: custom/);
    const scope = { byId: (id: string) => both.find((catalog) => catalog.id === id), surfaceDefault: current };
    expect(() => validateLoneComponent(component, current, spec, false, undefined, scope)).not.toThrow();
  });

  it('catalogs of both dialects cannot be mixed', () => {
    expect(() => validateMessages([], [basicCatalogV10(), custom])).toThrow(/mix v1.0 dialects/);
  });
});

describe('v1.0 envelope', () => {
  it('current: updateDataModel.path is an absolute JSON Pointer', () => {
    const update = (path: string) => [{ version: 'v1.0', updateDataModel: { surfaceId: 's', path, value: 1 } }];
    expect(() => validateMessages(update('/a/b'), basicCatalogV10Current())).not.toThrow();
    expect(errorOf(() => validateMessages(update('invalid path [0]'), basicCatalogV10Current())).category).toBe('ValidationError');
  });

  it('metadata extension keys are identifiers and metadata holds only extensions', () => {
    const meta = (metadata: unknown) => [{ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC, metadata } }];
    expect(() => validateMessages(meta({ extensions: { a2ui_experimental: {} } }), basicCatalogV10())).not.toThrow();
    expect(() => validateMessages(meta({ extensions: { 'a2ui:experimental': {} } }), basicCatalogV10())).toThrow(/valid identifier/);
    expect(() => validateMessages(meta({ owner: 'me' }), basicCatalogV10())).toThrow(/owner/);
  });

  it('callRendererFunction: call in August, @call or call in current', () => {
    const rpc = (callFunction: unknown) => [{ version: 'v1.0', callRendererFunction: { functionCallId: 'c1', callFunction } }];
    expect(() => validateMessages(rpc({ call: 'openUrl', catalogId: BASIC }), basicCatalogV10())).not.toThrow();
    expect(() => validateMessages(rpc({ '@call': 'openUrl', catalogId: BASIC }), basicCatalogV10())).toThrow(/did you mean "call"/);
    expect(() => validateMessages(rpc({ '@call': 'openUrl', catalogId: BASIC }), basicCatalogV10Current())).not.toThrow();
    expect(() => validateMessages(rpc({ catalogId: BASIC }), basicCatalogV10Current())).toThrow(/@call/);
  });
});
