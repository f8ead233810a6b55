/**
 * The documents `a2ui-stream/agent` embeds (from @a2ui/web_core 0.11.0; v0.9.1 derived from
 * v0.9) equal the specification's in ../shared/a2ui-spec, except where web_core 0.11.0 ships a
 * later revision than that copy. Those places are declared below: everything outside them must be
 * equal, and each of them must still differ (a declaration that no longer holds fails).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import { basicCatalogDocuments } from '../../src/agent/index.js';
import type { CatalogDocuments, ProtocolVersion } from '../../src/index.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

interface Pair {
  readonly version: ProtocolVersion;
  readonly document: keyof CatalogDocuments;
  readonly file: string;
  /** JSON pointers under which web_core 0.11.0 differs from the shared spec copy. */
  readonly differs?: readonly string[];
  /** Rewrites the spec's document before comparing (a difference of form, not content). */
  readonly normalise?: (text: string) => string;
}

/** v0.9 web_core rewords three message descriptions (the surface's catalog comes from createSurface). */
const V09_DESCRIPTIONS = [
  '/$defs/UpdateComponentsMessage/properties/updateComponents/description',
  '/$defs/UpdateDataModelMessage/properties/updateDataModel/description',
  '/$defs/DeleteSurfaceMessage/properties/deleteSurface/description',
];

const PAIRS: readonly Pair[] = [
  { version: '0.8', document: 'serverToClient', file: 'v0_8/json/server_to_client.json' },
  { version: '0.9', document: 'serverToClient', file: 'v0_9/json/server_to_client.json', differs: V09_DESCRIPTIONS },
  { version: '0.9', document: 'commonTypes', file: 'v0_9/json/common_types.json' },
  { version: '0.9', document: 'catalog', file: 'v0_9/catalogs/basic/catalog.json' },
  { version: '0.9.1', document: 'serverToClient', file: 'v0_9_1/json/server_to_client.json', differs: V09_DESCRIPTIONS },
  { version: '0.9.1', document: 'commonTypes', file: 'v0_9_1/json/common_types.json' },
  { version: '0.9.1', document: 'catalog', file: 'v0_9_1/catalogs/basic/catalog.json' },
  { version: '1.0', document: 'serverToClient', file: 'v1_0/json/agent_to_renderer.json' },
  // web_core 0.11.0 factors the function envelope into FunctionCommon (allOf) ...
  { version: '1.0', document: 'commonTypes', file: 'v1_0/json/common_types.json', differs: ['/$defs/FunctionCommon', '/$defs/FunctionCall'] },
  // ... which every catalog function then uses; its refs are relative where the copy's are full URLs.
  {
    version: '1.0',
    document: 'catalog',
    file: 'v1_0/catalogs/basic/catalog.json',
    differs: ['/functions'],
    normalise: (text) => text.replaceAll('https://a2ui.org/specification/v1_0/common_types.json#', 'common_types.json#'),
  },
];

/** Pointers of the leaves where `a` and `b` differ. */
function differences(a: unknown, b: unknown, pointer = ''): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  const objects = typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && Array.isArray(a) === Array.isArray(b);
  if (!objects) return [pointer];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${pointer}/${key}`));
}

sharedSuite('embedded documents equal the specification', SPEC_DIR, () => {
  for (const pair of PAIRS) {
    it(`${pair.version} ${pair.document} = ${pair.file}`, () => {
      const text = readFileSync(join(SPEC_DIR, pair.file), 'utf8');
      const spec: unknown = JSON.parse(pair.normalise?.(text) ?? text);
      const ours = basicCatalogDocuments(pair.version)[pair.document];
      const declared = pair.differs ?? [];
      const found = differences(ours, spec);
      const undeclared = found.filter((p) => !declared.some((d) => p === d || p.startsWith(`${d}/`)));
      expect(undeclared, 'differences outside the declared places').toEqual([]);
      for (const place of declared) {
        expect(
          found.some((p) => p === place || p.startsWith(`${place}/`)),
          `${place} still differs`,
        ).toBe(true);
      }
    });
  }

  it('v0.8: the standard catalog, plus the id and $schema the agent gives it', () => {
    const spec = JSON.parse(readFileSync(join(SPEC_DIR, 'v0_8/json/standard_catalog_definition.json'), 'utf8')) as object;
    const { catalogId, $schema, ...rest } = basicCatalogDocuments('0.8').catalog;
    expect(rest).toEqual(spec);
    expect([catalogId, $schema]).toEqual([
      'https://a2ui.org/specification/v0_8/standard_catalog_definition.json',
      'https://json-schema.org/draft/2020-12/schema',
    ]);
  });
});
