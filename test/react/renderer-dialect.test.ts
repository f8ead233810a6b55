/**
 * v1.0 components as web_core 0.11 reads them (`src/web-core/renderer-dialect.ts`), the `@index`
 * function of the v1.0 renderer catalogs, and the React store's `dialect` option: a current-dialect
 * answer reaches the renderer in the August spelling and resolves to the same values as its
 * August twin. (The Lit and React browser suites compare the drawn DOM.)
 */
import { DataContext, type SurfaceModel } from '@a2ui/web_core/v0_9';
import type { ReactComponentImplementation } from '@a2ui/react/v0_9';
import { describe, expect, it, vi } from 'vitest';
import { basicCatalogV10, basicCatalogV10Current, parseResponse, type A2uiError, type A2uiMessage, type Catalog, type V10Dialect } from '../../src/index.js';
import { SurfaceStore } from '../../src/react/surface-store.js';
import { rendererMessage } from '../../src/web-core/renderer-dialect.js';
import { DIALECT_TWINS } from '../browser/dialect-twins.js';

const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const components = (list: unknown[], version = 'v1.0') => ({ version, updateComponents: { surfaceId: 's', components: list } }) as unknown as A2uiMessage;
const surfaceCatalog = () => CATALOG;

/** The components of a converted message (the conversion applies: it is defined). */
function componentsOf(out: ReturnType<typeof rendererMessage>): unknown[] {
  if (out === undefined) throw new Error('not converted');
  return (out.message.updateComponents as { components: unknown[] }).components;
}

describe('rendererMessage', () => {
  it('current dialect: @path, @call and @@ keys in the August spelling, a call without args gets empty ones; the message given is unchanged', () => {
    const message = components([
      { id: 'a', component: 'Text', text: { '@path': '/name' } },
      { id: 'b', component: 'Text', text: { '@call': 'formatString', args: { value: { '@call': '@index', args: { offset: { '@path': '/o' } } } } } },
      { id: 'c', component: 'List', children: { componentId: 'a', path: '/items' } },
      { id: 'd', component: 'Button', child: 'a', action: { event: { name: 'go', context: { '@@raw': 1, at: { '@call': '@index' } } } } },
    ]);
    const before = JSON.stringify(message);
    const out = rendererMessage(message, 'current', surfaceCatalog);
    expect(JSON.stringify(message)).toBe(before);
    expect(out?.errors).toEqual([]);
    expect(componentsOf(out)).toEqual([
      { id: 'a', component: 'Text', text: { path: '/name' } },
      { id: 'b', component: 'Text', text: { call: 'formatString', args: { value: { call: '@index', args: { offset: { path: '/o' } } } } } },
      { id: 'c', component: 'List', children: { componentId: 'a', path: '/items' } },
      { id: 'd', component: 'Button', child: 'a', action: { event: { name: 'go', context: { '@raw': 1, at: { call: '@index', args: {} } } } } },
    ]);
  });

  it('current dialect: a literal {path}/{call} object and a component or call naming another catalog are left out with an error each; the rest is kept', () => {
    const out = rendererMessage(
      components([
        { id: 'literal', component: 'Button', child: 'ok', action: { event: { name: 'go', context: { where: { path: '/a', call: 'x' } } } } },
        { id: 'elsewhere', component: 'Text', text: 'x', catalogId: 'https://example.com/other.json' },
        { id: 'call_elsewhere', component: 'Text', text: { '@call': 'shout', catalogId: 'https://example.com/other.json', args: {} } },
        { id: 'ok', component: 'Text', text: 'kept', catalogId: CATALOG, metadata: { extensions: { vendor: 1 } } },
      ]),
      'current',
      surfaceCatalog,
    );
    expect(componentsOf(out)).toEqual([{ id: 'ok', component: 'Text', text: 'kept' }]);
    expect(out?.errors.map((e) => [e.name, e.details[0]?.path, e.details[0]?.code])).toEqual([
      ['A2uiValidationError', 'updateComponents.components.0.action.event.context.where', 'renderer_rejected'],
      ['A2uiValidationError', 'updateComponents.components.1.catalogId', 'renderer_rejected'],
      ['A2uiValidationError', 'updateComponents.components.2.text.catalogId', 'renderer_rejected'],
    ]);
    expect(out?.errors[0]?.message).toContain('Component \'literal\' of surface "s" is not drawn');
  });

  it('August dialect: plain keys stay (a {path} is a binding), a call without args gets empty ones; v0.9 and data models are not rewritten', () => {
    const out = rendererMessage(
      components([
        { id: 'a', component: 'Text', text: { call: '@index' }, metadata: {} },
        { id: 'b', component: 'Text', text: { path: '/x' } },
      ]),
      '2026-08',
      surfaceCatalog,
    );
    expect(componentsOf(out)).toEqual([
      { id: 'a', component: 'Text', text: { call: '@index', args: {} } },
      { id: 'b', component: 'Text', text: { path: '/x' } },
    ]);
    expect(rendererMessage(components([{ id: 'a', component: 'Text', text: { '@path': '/x' } }], 'v0.9'), 'current', surfaceCatalog)).toBeUndefined();
    const data = { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/', value: { path: '/literal' } } } as unknown as A2uiMessage;
    expect(rendererMessage(data, 'current', surfaceCatalog)).toBeUndefined();
  });
});

/** The twin read with `catalog`, applied by a store in `dialect`: the surface and the errors. */
function rendered(text: string, catalog: Catalog, dialect: V10Dialect | undefined) {
  const errors: A2uiError[] = [];
  const store = new SurfaceStore({ onError: (error) => errors.push(error), ...(dialect ? { dialect } : {}) });
  const parts = parseResponse(text, catalog);
  store.update(parts, false);
  store.flush();
  const surface = store.processor.model.getSurface('twin') as SurfaceModel<ReactComponentImplementation> | undefined;
  return { surface, errors, parts };
}

/** What a component's `text` resolves to at `path` (a template item's data path, or the root). */
function textAt(surface: SurfaceModel<ReactComponentImplementation>, id: string, path = '/'): unknown {
  return new DataContext(surface, path).resolveDynamicValue(surface.componentsModel.get(id)?.properties.text);
}

describe("the React store's dialect option", () => {
  it("a current-dialect answer with dialect: 'current' resolves to what its August twin does (bindings, formatString, @index with and without offset)", () => {
    const august = rendered(DIALECT_TWINS.august, basicCatalogV10(), undefined);
    const current = rendered(DIALECT_TWINS.current, basicCatalogV10Current(), 'current');
    expect(current.parts.some((p) => p.type === 'error')).toBe(false);
    expect(JSON.stringify(current.parts)).toContain('"@path"');
    for (const run of [august, current]) {
      expect(run.errors).toEqual([]);
      const surface = run.surface as SurfaceModel<ReactComponentImplementation>;
      expect([textAt(surface, 'name'), textAt(surface, 'greeting')]).toEqual(['Ada', 'Hello Ada, party of 4']);
      expect([textAt(surface, 'position', '/items/1'), textAt(surface, 'from_zero', '/items/1'), textAt(surface, 'label', '/items/1')]).toEqual([2, 1, 'Cake']);
    }
    const props = (run: typeof august) => [...(run.surface?.componentsModel.entries ?? [])].map(([id, c]) => [id, c.properties]);
    expect(props(current)).toEqual(props(august));
  });

  it("a v1.0 createSurface's own components and data model are drawn (web_core reads neither there), converted like any components", () => {
    const errors: A2uiError[] = [];
    const store = new SurfaceStore({ onError: (error) => errors.push(error), dialect: 'current' });
    const start = {
      version: 'v1.0',
      createSurface: {
        surfaceId: 'inline',
        catalogId: CATALOG,
        components: [{ id: 'root', component: 'Text', text: { '@path': '/name' } }],
        dataModel: { name: 'Ada' },
      },
    } as unknown as A2uiMessage;
    store.update([{ type: 'a2ui', messages: [start] }], false);
    store.flush();
    const surface = store.processor.model.getSurface('inline') as SurfaceModel<ReactComponentImplementation>;
    expect(errors).toEqual([]);
    expect(textAt(surface, 'root')).toBe('Ada');
    expect((start.createSurface as { components: unknown[] }).components).toEqual([{ id: 'root', component: 'Text', text: { '@path': '/name' } }]);
  });

  it('a current-dialect answer given to the default (August) store is rejected with a hint to pass the dialect, not drawn as unknown objects', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // web_core logs what it rejects
    const { errors } = rendered(DIALECT_TWINS.current, basicCatalogV10Current(), undefined);
    logged.mockRestore();
    expect(errors[0]?.details[0]?.code).toBe('renderer_rejected');
    expect(errors[0]?.message).toContain("dialect: 'current'");
  });
});
