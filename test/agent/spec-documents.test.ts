/**
 * The embedded specification documents: the generated modules are what scripts/embed-spec.mjs
 * writes from the pinned @a2ui/web_core (so they are current), v0.9.1 is v0.9 with its published
 * difference, and every call hands out fresh objects. Equality with ../shared/a2ui-spec is in
 * test/conformance/spec-documents.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  basicCatalogDocuments,
  basicCatalogDocumentsV08,
  basicCatalogDocumentsV09,
  basicCatalogDocumentsV091,
  basicCatalogDocumentsV10,
  catalogDocuments,
} from '../../src/agent/index.js';
import { BASIC_CATALOG_ID_V08, BASIC_CATALOG_ID_V09, basicCatalog } from '../../src/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const webCore = (file: string) => JSON.parse(readFileSync(resolve(ROOT, 'node_modules/@a2ui/web_core/src', file), 'utf8')) as Record<string, unknown>;

describe('embedded specification documents', () => {
  it('the generated modules are current (scripts/embed-spec.mjs --check)', () => {
    expect(() => execFileSync(process.execPath, ['scripts/embed-spec.mjs', '--check'], { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
  });

  it('equal web_core 0.11.0 documents, key order included', () => {
    const v09 = basicCatalogDocumentsV09();
    expect(JSON.stringify(v09.catalog)).toBe(JSON.stringify(webCore('v0_9/schemas/catalogs/basic/catalog.json')));
    expect(JSON.stringify(v09.serverToClient)).toBe(JSON.stringify(webCore('v0_9/schemas/server_to_client.json')));
    expect(JSON.stringify(v09.commonTypes)).toBe(JSON.stringify(webCore('v0_9/schemas/common_types.json')));
    const v10 = basicCatalogDocumentsV10();
    expect(v10.serverToClient).toEqual(webCore('v1_0/schemas/agent_to_renderer.json'));
    expect(v10.catalog).toEqual(webCore('v1_0/schemas/catalogs/basic/catalog.json'));
    expect(v10.commonTypes).toEqual(webCore('v1_0/schemas/common_types.json'));
  });

  it('v0.8: the standard catalog gets its id and $schema; no common types', () => {
    const { catalog, serverToClient, commonTypes } = basicCatalogDocumentsV08();
    const { catalogId, $schema, ...rest } = catalog;
    expect(catalogId).toBe(BASIC_CATALOG_ID_V08);
    expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(rest).toEqual(webCore('v0_8/schemas/standard_catalog_definition.json'));
    expect(serverToClient).toEqual(webCore('v0_8/schemas/server_to_client.json'));
    expect(commonTypes).toEqual({});
  });

  it('v0.9.1 is v0.9 with every message version accepting v0.9.1, in the same key position', () => {
    const v09 = basicCatalogDocumentsV09();
    const v091 = basicCatalogDocumentsV091();
    expect(v091.catalog).toEqual(v09.catalog);
    expect(v091.catalog.catalogId).toBe(BASIC_CATALOG_ID_V09);
    expect(v091.commonTypes).toEqual(v09.commonTypes);
    const defs91 = (v091.serverToClient as { $defs: Record<string, { properties: Record<string, unknown> }> }).$defs;
    const defs09 = (v09.serverToClient as { $defs: Record<string, { properties?: Record<string, unknown> }> }).$defs;
    const changed = Object.keys(defs91).filter((name) => JSON.stringify(defs91[name]) !== JSON.stringify(defs09[name]));
    expect(changed).toEqual(['CreateSurfaceMessage', 'UpdateComponentsMessage', 'UpdateDataModelMessage', 'DeleteSurfaceMessage']);
    for (const name of changed) {
      const expected = JSON.stringify(defs09[name]).replace('"version":{"const":"v0.9"', '"version":{"enum":["v0.9","v0.9.1"]');
      expect(JSON.stringify(defs91[name])).toBe(expected);
    }
  });

  it('each call hands out fresh objects', () => {
    const a = basicCatalogDocuments('0.9');
    (a.catalog as Record<string, unknown>).catalogId = 'changed';
    expect(basicCatalogDocuments('0.9').catalog.catalogId).toBe(BASIC_CATALOG_ID_V09);
  });

  it('the basic catalogs give the specification documents', () => {
    for (const version of ['0.8', '0.9', '0.9.1', '1.0'] as const) {
      expect(catalogDocuments(basicCatalog(version))).toEqual(basicCatalogDocuments(version));
    }
  });
});
