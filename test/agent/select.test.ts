import { describe, expect, it } from 'vitest';
import { catalogError as error } from './catalog-error.js';
import { catalogDocuments, removeStrictValidation, selectCatalog, type SchemaModifier } from '../../src/agent/index.js';
import { basicCatalog, catalogFromJsonSchema, type Catalog } from '../../src/index.js';

const doc = (catalogId: string, components: Record<string, unknown> = {}) => ({ catalogId, components });
const catalog = (catalogId: string, components?: Record<string, unknown>, version: '0.9' | '0.8' = '0.9') =>
  catalogFromJsonSchema({ version, catalog: doc(catalogId, components) });

const [a, b, c] = [catalog('a'), catalog('b'), catalog('c')];

describe('selectCatalog: by capabilities', () => {
  it('no capabilities, null or {} picks the first catalog, the same object', () => {
    for (const capabilities of [undefined, null, {}]) expect(selectCatalog([a, b], capabilities)).toBe(a);
    expect(selectCatalog(a)).toBe(a);
    expect(selectCatalog([a, b], { supportedCatalogIds: [] })).toBe(a);
  });

  it("the client's order wins over the agent's", () => {
    expect(selectCatalog([a, b, c], { supportedCatalogIds: ['x', 'c', 'b'] })).toBe(c);
    expect(selectCatalog([a, b, c], { supported_catalog_ids: ['b'] } as never)).toBe(b);
  });

  it("capabilities by version (as clients send them): the entry of the catalogs' version", () => {
    expect(selectCatalog([a, b, c], { 'v0.9': { supportedCatalogIds: ['c'] } })).toBe(c);
    expect(selectCatalog([a, b, c], { 'v0.9': { supportedCatalogIds: ['b'] }, 'v1.0': { supportedCatalogIds: ['c'] } })).toBe(b);
    expect(selectCatalog([a, b], { 'v0.9': undefined })).toBe(a);
    const v091 = [catalog('a', {}, '0.9.1' as never), catalog('b', {}, '0.9.1' as never)];
    // v0.9.1 reads its own key first, else v0.9 (its specification's capabilities use "v0.9").
    expect(selectCatalog(v091, { 'v0.9': { supportedCatalogIds: ['b'] } })).toBe(v091[1]);
    expect(selectCatalog(v091, { 'v0.9': { supportedCatalogIds: ['a'] }, 'v0.9.1': { supportedCatalogIds: ['b'] } })).toBe(v091[1]);
  });

  it('no match is a CatalogError listing the agent catalogs', () => {
    const e = error(() => selectCatalog([a, b], { supportedCatalogIds: ['x'] }));
    expect(e.message).toBe('No client-supported catalog found on the agent side. Agent-supported catalogs are: [a, b]');
    expect(e.details[0]?.path).toBe('supportedCatalogIds');
  });

  it('no catalogs, duplicate ids and mixed versions are CatalogErrors', () => {
    expect(error(() => selectCatalog([])).message).toBe('No supported catalogs found.');
    expect(error(() => selectCatalog([a, catalog('a')])).message).toMatch(/Duplicate catalog id: a/);
    expect(error(() => selectCatalog([a, catalog('v8', {}, '0.8')])).message).toMatch(/mix protocol versions/);
    expect(error(() => selectCatalog([a, null as never])).message).toMatch(/^catalogs\.1 is not a catalog/);
    expect(error(() => selectCatalog(null as never)).message).toMatch(/^catalogs\.0 is not a catalog/);
  });

  it.each([
    ['a string', 'ids', /expected an object/],
    ['an unknown field', { supportedCatalogIds: [], extra: 1 }, /unknown field 'extra'/],
    ['only another version', { 'v1.0': { supportedCatalogIds: ['a'] } }, /expected capabilities under 'v0\.9'; the client sent 'v1\.0'/],
    ['a field beside the version keys', { 'v0.9': { supportedCatalogIds: ['a'] }, extra: 1 }, /unknown field 'extra' beside the version keys/],
    ['a malformed versioned entry', { 'v0.9': { supportedCatalogIds: 'a' } }, /supportedCatalogIds must be a list/],
    ['a versioned entry not an object', { 'v0.9': ['a'] }, /expected an object under the version key/],
    ['ids not a list', { supportedCatalogIds: 'a' }, /supportedCatalogIds must be a list/],
    ['ids null', { supportedCatalogIds: null }, /supportedCatalogIds must be a list/],
    ['an id not a string', { supportedCatalogIds: ['a', 3] }, /supportedCatalogIds\.1 must be a string/],
    ['an inline catalog without id', { inlineCatalogs: [{ components: {} }] }, /inlineCatalogs\.0\.catalogId must be a string/],
    ['an inline catalog with an unknown field', { inlineCatalogs: [{ catalogId: 'i', styles: {} }] }, /unknown field 'styles'/],
    ['inline components not an object', { inlineCatalogs: [{ catalogId: 'i', components: [] }] }, /components must be an object/],
  ])('malformed capabilities (%s) are a CatalogError', (_, capabilities, pattern) => {
    const e = error(() => selectCatalog([a], capabilities as never, { acceptsInlineCatalogs: true }));
    expect(e.message).toMatch(/^Invalid client capabilities format: /);
    expect(e.message).toMatch(pattern);
  });
});

describe('selectCatalog: inline catalogs', () => {
  const base = catalogFromJsonSchema({ version: '0.9', catalog: doc('base', { Text: { type: 'object' } }), cuttableKeys: ['text'] });

  it('are refused before anything else unless accepted', () => {
    const e = error(() => selectCatalog([base], { supportedCatalogIds: ['base'], inlineCatalogs: [{ catalogId: 'i' }] }));
    expect(e.message).toMatch(/the agent does not accept inline catalogs/);
  });

  it('merge their components over a copy of the base, later ones winning, keeping its id and keys', () => {
    const before = structuredClone(base.documents);
    const merged = selectCatalog(
      [a, base],
      {
        supportedCatalogIds: ['nope', 'base'],
        inlineCatalogs: [
          { catalogId: 'i1', components: { Text: { type: 'object', title: 'one' }, Button: {} } },
          { catalogId: 'i2', components: { Text: { title: 'two' } } },
          { catalogId: 'i3' },
        ],
      },
      { acceptsInlineCatalogs: true },
    );
    expect(merged.id).toBe('base');
    expect(merged.cuttableKeys).toEqual(new Set(['text']));
    expect(catalogDocuments(merged).catalog).toEqual(doc('base', { Text: { title: 'two' }, Button: {} }));
    expect(base.documents).toEqual(before);
    expect([...merged.components.keys()]).toEqual(['Text', 'Button']);
  });

  it('merge over the first catalog when no id matches, and over a base without components', () => {
    const bare = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'bare' } });
    const merged = selectCatalog(
      [bare, a],
      { supportedCatalogIds: ['x'], inlineCatalogs: [{ catalogId: 'i', components: { B: {} } }] },
      { acceptsInlineCatalogs: true },
    );
    expect(catalogDocuments(merged).catalog).toEqual({ catalogId: 'bare', components: { B: {} } });
  });

  it('merge over a basic catalog without compiling anything', () => {
    const inline = { catalogId: 'i', components: { Odd: { type: 'object', dependentSchemas: {} } } };
    const merged = selectCatalog(basicCatalog('0.9'), { inlineCatalogs: [inline] }, { acceptsInlineCatalogs: true });
    const components = catalogDocuments(merged).catalog.components as Record<string, unknown>;
    expect(Object.keys(components)).toContain('Odd');
    expect(Object.keys(components)).toContain('Text');
    expect(() => merged.components).toThrow(/dependentSchemas/);
  });
});

describe('selectCatalog: modifiers', () => {
  const strict = catalogFromJsonSchema({
    version: '0.9',
    catalog: doc('s', { Text: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false } }),
  });

  it('apply to the selected catalog, in order, as a new catalog', () => {
    const tag: SchemaModifier = (schema) => ({ ...schema, tagged: true });
    const selected = selectCatalog(strict, undefined, { modifiers: [removeStrictValidation, tag] });
    expect(selected).not.toBe(strict);
    expect(catalogDocuments(selected).catalog).toEqual({ ...doc('s', { Text: { type: 'object', properties: { text: { type: 'string' } } } }), tagged: true });
    expect(catalogDocuments(selected).commonTypes).toEqual({ tagged: true });
  });

  it('apply to inline catalogs before they merge', () => {
    const inline = { catalogId: 'i', components: { Box: { type: 'object', additionalProperties: false } } };
    const merged = selectCatalog(strict, { inlineCatalogs: [inline] }, { acceptsInlineCatalogs: true, modifiers: [removeStrictValidation] });
    expect((catalogDocuments(merged).catalog.components as Record<string, unknown>).Box).toEqual({ type: 'object' });
  });

  it('turn a strict schema lenient for validation', () => {
    const message = { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'hi', extra: 1 }] } };
    const lenient = selectCatalog(strict, undefined, { modifiers: [removeStrictValidation] }) as Catalog;
    const schema = lenient.components.get('Text')!.schema;
    const strictSchema = strict.components.get('Text')!.schema;
    const component = message.updateComponents.components[0] as unknown;
    expect(schema['~standard'].validate(component)).not.toHaveProperty('issues');
    expect(strictSchema['~standard'].validate(component)).toHaveProperty('issues');
  });
});

describe('selectCatalog: odd keys', () => {
  it('an inline component named __proto__ is merged as a component, not a prototype', () => {
    const inline = JSON.parse('{"catalogId":"i","components":{"__proto__":{"title":"p"},"B":{}}}') as never;
    const merged = selectCatalog(catalog('base', { A: {} }), { inlineCatalogs: [inline] }, { acceptsInlineCatalogs: true });
    const components = catalogDocuments(merged).catalog.components as Record<string, unknown>;
    expect(Object.keys(components)).toEqual(['A', '__proto__', 'B']);
    expect(Object.getPrototypeOf(components)).toBe(Object.prototype);
  });
});
