import { describe, expect, it } from 'vitest';
import { catalogError as error } from './catalog-error.js';
import { catalogDocuments, pruneCatalog } from '../../src/agent/index.js';
import { rethrow } from '../stream/helpers.js';
import { A2uiStreamParser, basicCatalog, catalogFromJsonSchema, validateMessages, type Catalog } from '../../src/index.js';

const defsOf = (catalog: Catalog, key: 'commonTypes' | 'serverToClient') => Object.keys((catalogDocuments(catalog)[key] as { $defs?: object }).$defs ?? {});

describe('pruneCatalog: components', () => {
  it('keeps the allowed components in the catalog order, and in anyComponent', () => {
    const catalog = catalogFromJsonSchema({
      version: '0.9',
      catalog: {
        catalogId: 'c',
        components: { A: {}, B: {}, C: {} },
        $defs: {
          anyComponent: {
            oneOf: [{ $ref: '#/components/A' }, { $ref: '#/components/B' }, { $ref: 'other.json#/x' }, { type: 'null' }],
            discriminator: { propertyName: 'component' },
          },
        },
      },
    });
    const pruned = pruneCatalog(catalog, { allowedComponents: ['C', 'A'] });
    expect(catalogDocuments(pruned).catalog).toEqual({
      catalogId: 'c',
      components: { A: {}, C: {} },
      $defs: {
        anyComponent: { oneOf: [{ $ref: '#/components/A' }, { $ref: 'other.json#/x' }, { type: 'null' }], discriminator: { propertyName: 'component' } },
      },
    });
    expect(Object.keys(catalogDocuments(pruned).catalog.components as object)).toEqual(['A', 'C']);
  });

  it('an allowed component the catalog does not have is a CatalogError naming it, not an empty schema', () => {
    const e = error(() => pruneCatalog(basicCatalog('0.9'), { allowedComponents: ['Text', 'Buton', 'Carousel'] }));
    expect(e.message).toMatch(/^Unknown components 'Buton', 'Carousel' in allowedComponents of catalog/);
    expect(e.message).toContain('Known: Text, Image');
    expect(e.details[0]?.path).toBe('allowedComponents');
  });

  it('empty or absent lists cut nothing: the catalog itself comes back', () => {
    for (const version of ['0.8', '0.9', '0.9.1'] as const) {
      const basic = basicCatalog(version);
      expect(pruneCatalog(basic)).toBe(basic);
      expect(pruneCatalog(basic, { allowedComponents: [], allowedMessages: [] })).toBe(basic);
    }
  });
});

describe('pruneCatalog: messages', () => {
  it('v0.8: the allowed properties and those they refer to; other keys stay', () => {
    const s2c = {
      type: 'object',
      required: ['x'],
      properties: { beginRendering: { $ref: '#/properties/shared' }, surfaceUpdate: {}, shared: {}, deleteSurface: {} },
    };
    const catalog = catalogFromJsonSchema({ version: '0.8', catalog: { components: {} }, s2c });
    const pruned = catalogDocuments(pruneCatalog(catalog, { allowedMessages: ['beginRendering'] })).serverToClient;
    expect(pruned).toEqual({ type: 'object', required: ['x'], properties: { beginRendering: { $ref: '#/properties/shared' }, shared: {} } });
    expect(error(() => pruneCatalog(catalog, { allowedMessages: ['createSurface'] })).message).toMatch(
      /Unknown message 'createSurface'.*Known: beginRendering/,
    );
  });

  it('v0.9: by $defs name or by message key; the $defs they reach stay', () => {
    const basic = basicCatalog('0.9');
    const byDef = pruneCatalog(basic, { allowedMessages: ['CreateSurfaceMessage', 'UpdateComponentsMessage'] });
    const byKey = pruneCatalog(basic, { allowedMessages: ['createSurface', 'updateComponents'] });
    expect(catalogDocuments(byKey)).toEqual(catalogDocuments(byDef));
    const s2c = catalogDocuments(byDef).serverToClient as { oneOf: unknown[] };
    expect(s2c.oneOf).toEqual([{ $ref: '#/$defs/CreateSurfaceMessage' }, { $ref: '#/$defs/UpdateComponentsMessage' }]);
    expect(defsOf(byDef, 'serverToClient')).toEqual(['CreateSurfaceMessage', 'UpdateComponentsMessage']);
    const e = error(() => pruneCatalog(basic, { allowedMessages: ['beginRendering'] }));
    expect(e.message).toMatch(/Unknown message 'beginRendering'.*Known: CreateSurfaceMessage, createSurface/);
  });
});

describe('pruneCatalog: messages, refs of what stays', () => {
  it('v0.9: an inline oneOf item stays, and so do the $defs it refers to', () => {
    const s2c = {
      oneOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }, { type: 'object', properties: { ping: { $ref: '#/$defs/Ping' } } }],
      $defs: { A: {}, B: {}, Ping: { properties: { at: { $ref: '#/$defs/Time' } } }, Time: {} },
    };
    const catalog = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'c', components: {} }, s2c });
    const pruned = catalogDocuments(pruneCatalog(catalog, { allowedMessages: ['A'] })).serverToClient;
    expect(pruned).toEqual({
      oneOf: [{ $ref: '#/$defs/A' }, { type: 'object', properties: { ping: { $ref: '#/$defs/Ping' } } }],
      $defs: { A: {}, Ping: { properties: { at: { $ref: '#/$defs/Time' } } }, Time: {} },
    });
  });
});

describe('pruneCatalog: common types', () => {
  it('keeps what the catalog and messages reach, following refs by file name, URL and into a def', () => {
    const commonTypes = {
      $defs: {
        A: { $ref: 'common_types.json#/$defs/B' },
        B: { properties: { c: { $ref: 'https://a2ui.org/specification/v0_9/common_types.json#/$defs/C' } } },
        C: {},
        D: { properties: { e: {} } },
        E: {},
        Unused: {},
      },
    };
    const catalog = catalogFromJsonSchema({
      version: '0.9',
      catalog: {
        catalogId: 'c',
        components: {
          X: { properties: { a: { $ref: '../../common_types.json#/$defs/A' }, d: { $ref: 'common_types.json#/$defs/D/properties/e' } } },
          Y: { $ref: 'common_types.json#/$defs/E' },
        },
      },
      commonTypes,
    });
    expect(defsOf(pruneCatalog(catalog, { allowedComponents: ['X'] }), 'commonTypes')).toEqual(['A', 'B', 'C', 'D']);
    expect(defsOf(pruneCatalog(catalog), 'commonTypes')).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('the v0.9 basic catalog pruned to Text keeps 9 of its 14 common types', () => {
    const basic = basicCatalog('0.9');
    expect(defsOf(basic, 'commonTypes')).toHaveLength(14);
    expect(defsOf(pruneCatalog(basic, { allowedComponents: ['Text'] }), 'commonTypes')).toHaveLength(9);
  });
});

describe('a pruned catalog is a working catalog', () => {
  const surface = (component: Record<string, unknown>) => [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog('0.9').id } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', ...component },
          { id: 't', component: 'Text', text: 'hi' },
        ],
      },
    },
  ];
  const text = { component: 'Column', children: ['t'] };
  const button = { component: 'Button', child: 't', action: { event: { name: 'go' } } };

  const variants: [string, Catalog][] = [
    ['the valibot basic catalog', basicCatalog('0.9')],
    [
      'a catalog compiled from the same documents',
      catalogFromJsonSchema({
        version: '0.9',
        ...(() => {
          const d = catalogDocuments(basicCatalog('0.9'));
          return { catalog: d.catalog, s2c: d.serverToClient!, commonTypes: d.commonTypes };
        })(),
      }),
    ],
  ];
  for (const [name, full] of variants) {
    it(`validateMessages and the stream parser reject what it cut (${name})`, () => {
      const pruned = pruneCatalog(full, { allowedComponents: ['Text', 'Column'] });
      expect(() => validateMessages(surface(text), pruned)).not.toThrow();
      expect(() => validateMessages(surface(button), full)).not.toThrow();
      expect(() => validateMessages(surface(button), pruned)).toThrow(/Button/);
      for (const snapshots of ['full', 'delta'] as const) {
        const parser = new A2uiStreamParser(pruned, { snapshots });
        const response = `<a2ui-json>${JSON.stringify(surface(button))}</a2ui-json>`;
        expect(() => rethrow([...parser.push(response), ...parser.end()])).toThrow(/Button/);
      }
    });
  }

  it('cut messages leave only the schema: validateMessages and the parser still accept them (as documented)', () => {
    const pruned = pruneCatalog(basicCatalog('0.9'), { allowedMessages: ['createSurface', 'updateComponents'] });
    const messages = [surface(text)[0]!, { version: 'v0.9', deleteSurface: { surfaceId: 's' } }];
    expect(() => validateMessages(messages, pruned)).not.toThrow();
    const parser = new A2uiStreamParser(pruned, { snapshots: 'delta' });
    const parts = [...parser.push(`<a2ui-json>${JSON.stringify(messages)}</a2ui-json>`), ...parser.end()];
    expect(parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []))).toEqual(messages);
  });

  it('pruning compiles nothing', () => {
    const odd = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'o', components: { A: { dependentSchemas: {} }, B: {} } } });
    const pruned = pruneCatalog(odd, { allowedComponents: ['B'] });
    expect(Object.keys(catalogDocuments(pruned).catalog.components as object)).toEqual(['B']);
    expect(() => odd.components).toThrow(/dependentSchemas/);
    expect([...pruned.components.keys()]).toEqual(['B']);
  });
});
