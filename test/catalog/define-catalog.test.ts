import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineCatalog, resolveCatalogs } from '../../src/catalog/catalog.js';
import { DEFAULT_CUTTABLE_KEYS, type Catalog } from '../../src/catalog/model.js';
import { forEachReference, v08RefsFromPropertyNames } from '../../src/catalog/refs.js';
import { basicCatalog } from '../../src/catalog/basic/index.js';
import { A2uiCatalogError } from '../../src/errors.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';

const Badge = v.strictObject({
  id: v.string(),
  component: v.literal('Badge'),
  label: v.string(),
  tone: v.optional(v.picklist(['info', 'warn'])),
});
const Panel = v.strictObject({
  id: v.string(),
  component: v.literal('Panel'),
  header: v.string(),
  body: v.array(v.string()),
});

function customV09(): Catalog {
  return defineCatalog({
    id: 'https://example.com/custom.json',
    version: '0.9',
    components: {
      Badge,
      Panel: { schema: Panel, refs: { single: ['header'], list: ['body'] } },
    },
    functions: { shout: v.strictObject({ value: v.string() }) },
    theme: v.object({ accent: v.optional(v.string()) }),
  });
}

function thrownBy(run: () => unknown): A2uiCatalogError {
  try {
    run();
  } catch (error) {
    return error as A2uiCatalogError;
  }
  throw new Error('expected an error');
}

function ids(catalog: Catalog, type: string, props: object): string[] {
  const out: string[] = [];
  forEachReference(catalog.components.get(type)!, props, (id) => out.push(id));
  return out;
}

describe('defineCatalog', () => {
  it('builds a v0.9 catalog with required properties and explicit refs', () => {
    const catalog = customV09();
    expect(catalog.version).toBe('0.9');
    expect([...catalog.components.keys()]).toEqual(['Badge', 'Panel']);
    expect(catalog.components.get('Badge')!.required).toEqual(['label']);
    expect(catalog.components.get('Panel')!.required).toEqual(['header', 'body']);
    expect(catalog.components.get('Badge')!.refs).toEqual({ single: [], list: [], nested: {} });
    expect(ids(catalog, 'Panel', { id: 'p', component: 'Panel', header: 'h', body: ['a', 'b'] })).toEqual(['h', 'a', 'b']);
    expect(catalog.functions.get('shout')!.name).toBe('shout');
    expect(catalog.cuttableKeys).toBe(DEFAULT_CUTTABLE_KEYS);
  });

  it('validates and rejects components with its valibot schemas', () => {
    const catalog = customV09();
    const badge = catalog.components.get('Badge')!.schema;
    expect(v.safeParse(badge, { id: 'b', component: 'Badge', label: 'New' }).success).toBe(true);
    expect(v.safeParse(badge, { id: 'b', component: 'Badge' }).success).toBe(false);
    expect(v.safeParse(badge, { id: 'b', component: 'Badge', label: 'x', extra: 1 }).success).toBe(false);
    expect(v.safeParse(badge, { id: 'b', component: 'Badge', label: 'x', tone: 'loud' }).success).toBe(false);
    const args = catalog.functions.get('shout')!.args;
    expect(v.safeParse(args, { value: 'hi' }).success).toBe(true);
    expect(v.safeParse(args, { value: 3 }).success).toBe(false);
    expect(v.safeParse(catalog.theme!, { accent: '#fff' }).success).toBe(true);
  });

  it('derives v0.8 refs by property name, including tab items', () => {
    const catalog = defineCatalog({
      id: 'v08',
      version: '0.8',
      components: {
        Frame: v.strictObject({ child: v.string(), title: v.optional(v.string()) }),
        Stack: v.strictObject({ children: v.strictObject({ explicitList: v.array(v.string()) }) }),
        Tabs: v.strictObject({
          tabItems: v.array(v.strictObject({ title: v.string(), child: v.string() })),
        }),
      },
    });
    expect(catalog.components.get('Frame')!.refs).toEqual({ single: ['child'], list: [], nested: {} });
    expect(catalog.components.get('Frame')!.required).toEqual(['child']);
    expect(catalog.components.get('Stack')!.refs.list).toEqual(['children']);
    expect(catalog.components.get('Tabs')!.refs.nested).toEqual({ tabItems: ['child'] });
    expect(ids(catalog, 'Tabs', { tabItems: [{ title: 'A', child: 'x' }] })).toEqual(['x']);
  });

  it('derives v0.8 refs as from the schema converted by @valibot/to-json-schema', () => {
    const tab = v.strictObject({ title: v.string(), child: v.string() });
    const schemas: Record<string, v.GenericSchema> = {
      wrappedItems: v.object({ tabItems: v.optional(v.array(v.exactOptional(tab))), child: v.string() }),
      nullableItems: v.object({ tabItems: v.nullable(v.array(tab)), contentChild: v.optional(v.string()) }),
      piped: v.pipe(
        v.looseObject({
          items: v.array(
            v.pipe(
              tab,
              v.check(() => true),
            ),
          ),
        }),
        v.check(() => true),
      ),
      optionalTop: v.optional(v.objectWithRest({ children: v.array(v.string()) }, v.string())),
      undefinedable: v.object({ panes: v.undefinedable(v.array(v.object({ entryPointChild: v.string() }))) }),
      lazyItems: v.object({ tabItems: v.array(v.lazy(() => tab)), template: v.string() }),
      tupleItems: v.object({ pair: v.tuple([tab, tab]), explicitList: v.array(v.string()) }),
      union: v.union([v.object({ child: v.string() }), v.object({ children: v.array(v.string()) })]),
      intersect: v.intersect([v.object({ child: v.string() }), v.object({ title: v.string() })]),
      record: v.record(v.string(), v.string()),
    };
    for (const def of basicCatalog('0.8').components.values()) schemas[def.name] = def.schema;
    for (const [name, schema] of Object.entries(schemas)) {
      const catalog = defineCatalog({ id: 'v08', version: '0.8', components: { [name]: schema } });
      const converted = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
      expect(catalog.components.get(name)!.refs, name).toEqual(v08RefsFromPropertyNames(converted));
    }
    const shapes = (name: string) => defineCatalog({ id: 'v08', version: '0.8', components: { [name]: schemas[name]! } }).components.get(name)!.refs;
    expect(shapes('wrappedItems')).toEqual({ single: ['child'], list: [], nested: { tabItems: ['child'] } });
    expect(shapes('piped').nested).toEqual({ items: ['child'] });
    expect(shapes('nullableItems')).toEqual({ single: ['contentChild'], list: [], nested: {} });
    expect(shapes('lazyItems')).toEqual({ single: [], list: ['template'], nested: {} });
  });

  it('keeps given refs and required lists and replaces cuttable keys', () => {
    const catalog = defineCatalog({
      id: 'c',
      version: '1.0',
      components: { Box: { schema: v.object({ slot: v.string() }), refs: { single: ['slot'] }, required: [] } },
      cuttableKeys: ['caption'],
    });
    const box = catalog.components.get('Box')!;
    expect(box.refs).toEqual({ single: ['slot'], list: [], nested: {} });
    expect(box.required).toEqual([]);
    expect([...catalog.cuttableKeys]).toEqual(['caption']);
  });

  it('rejects malformed definitions with CatalogError', () => {
    const bad = [
      () => defineCatalog({ id: '', version: '0.9', components: {} }),
      () => defineCatalog({ id: 'x', version: '2.0' as ProtocolVersion, components: {} }),
      () => defineCatalog({ id: 'x', version: '0.8', components: {}, functions: { f: v.object({}) } }),
      () => defineCatalog({ id: 'x', version: '0.9', components: { A: { schema: {} as v.GenericSchema } } }),
    ];
    for (const run of bad) {
      const error = thrownBy(run);
      expect(error).toBeInstanceOf(A2uiCatalogError);
      expect(error.category).toBe('CatalogError');
      expect(error.details.length).toBe(1);
    }
  });
});

describe('resolveCatalogs', () => {
  const make = (id: string, version: ProtocolVersion) => defineCatalog({ id, version, components: { T: v.object({}) } });

  it('uses the first catalog as default and finds others by id', () => {
    const a = make('a', '0.9');
    const b = make('b', '0.9');
    const resolved = resolveCatalogs([a, b]);
    expect(resolved.default).toBe(a);
    expect(resolved.byId('b')).toBe(b);
    expect(resolved.byId('c')).toBeUndefined();
    expect(resolved.version).toBe('0.9');
    expect(resolved.all).toEqual([a, b]);
    expect(resolveCatalogs(b).default).toBe(b);
  });

  it('rejects an empty list, duplicate ids and mixed versions', () => {
    expect(() => resolveCatalogs([])).toThrow(/No catalogs configured/);
    expect(() => resolveCatalogs([make('a', '0.9'), make('a', '0.9')])).toThrow(/Duplicate catalog id: a/);
    expect(() => resolveCatalogs([make('a', '0.9'), make('b', '0.8')])).toThrow(/mix protocol versions/);
    const error = thrownBy(() => resolveCatalogs([make('a', '0.9'), make('b', '1.0')]));
    expect(error).toBeInstanceOf(A2uiCatalogError);
    expect(error.details[0]!.path).toBe('catalogs.1.version');
  });

  it('rejects an entry that is not a catalog with an A2uiCatalogError naming it', () => {
    for (const [catalogs, path] of [
      [null, 'catalogs.0'],
      ['basic', 'catalogs.0'],
      [{ id: 'x', version: '2.0' }, 'catalogs.0'],
      [[make('a', '0.9'), {}], 'catalogs.1'],
      // Probe 17 finding 7: an id and a version alone threw a TypeError on every entry.
      [{ id: 'x', version: '0.9' }, 'catalogs.0'],
      [{ id: 'x', version: '0.9', components: 1, functions: new Map() }, 'catalogs.0'],
    ] as const) {
      const error = thrownBy(() => resolveCatalogs(catalogs as never));
      expect(error, JSON.stringify(catalogs)).toBeInstanceOf(A2uiCatalogError);
      expect(error.details[0]!.path).toBe(path);
    }
  });
});
