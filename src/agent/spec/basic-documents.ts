/**
 * The basic catalogs' documents, one function per version so a bundle keeps only the versions it
 * names. Each call parses fresh objects: callers may change what they get.
 */
import { BASIC_CATALOG_ID_V08, type CatalogDocuments } from '../../index.js';
import type { JsonRecord } from '../json.js';
import { V08_BASIC_CATALOG, V08_SERVER_TO_CLIENT } from './v0_8.js';
import { V09_BASIC_CATALOG, V09_COMMON_TYPES, V09_SERVER_TO_CLIENT } from './v0_9.js';
import { V10_BASIC_CATALOG, V10_COMMON_TYPES, V10_SERVER_TO_CLIENT } from './v1_0.js';

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

function parse(text: string): JsonRecord {
  return JSON.parse(text) as JsonRecord;
}

/**
 * The v0.8 standard catalog (`standard_catalog_definition.json`, which names no id: its
 * `catalogId` is set to `BASIC_CATALOG_ID_V08` and `$schema` to draft 2020-12, as the reference
 * does), the v0.8 server-to-client schema, and no common types.
 */
export function basicCatalogDocumentsV08(): CatalogDocuments {
  return {
    catalog: { $schema: DRAFT_2020_12, catalogId: BASIC_CATALOG_ID_V08, ...parse(V08_BASIC_CATALOG) },
    serverToClient: parse(V08_SERVER_TO_CLIENT),
    commonTypes: {},
  };
}

/** The v0.9 basic catalog, server-to-client schema and common types, as web_core ships them. */
export function basicCatalogDocumentsV09(): CatalogDocuments {
  return {
    catalog: parse(V09_BASIC_CATALOG),
    serverToClient: parse(V09_SERVER_TO_CLIENT),
    commonTypes: parse(V09_COMMON_TYPES),
  };
}

/** `value` with `key` replaced by `replacement`'s entries at the same position. */
function replaceKey(value: JsonRecord, key: string, replacement: JsonRecord): JsonRecord {
  const out: JsonRecord = {};
  for (const [name, child] of Object.entries(value)) {
    if (name === key) Object.assign(out, replacement);
    else out[name] = child;
  }
  return out;
}

/**
 * v0.9.1: web_core does not ship it. The spec publishes it as v0.9 with one difference in these
 * documents: every message's `version` accepts `v0.9.1` as well (`{"const": "v0.9"}` becomes
 * `{"enum": ["v0.9", "v0.9.1"]}`). The catalog (still with the v0.9 id) and the common types are
 * v0.9's.
 */
export function basicCatalogDocumentsV091(): CatalogDocuments {
  const { catalog, serverToClient, commonTypes } = basicCatalogDocumentsV09();
  const s2c = serverToClient as JsonRecord;
  const defs = s2c.$defs as Record<string, JsonRecord>;
  for (const def of Object.values(defs)) {
    const properties = def.properties as Record<string, JsonRecord> | undefined;
    const version = properties?.version;
    if (properties !== undefined && version?.const === 'v0.9') {
      properties.version = replaceKey(version, 'const', { enum: ['v0.9', 'v0.9.1'] });
    }
  }
  return { catalog, serverToClient: s2c, commonTypes };
}

/** The v1.0 basic catalog, agent-to-renderer schema (the v1.0 server-to-client) and common types. */
export function basicCatalogDocumentsV10(): CatalogDocuments {
  return {
    catalog: parse(V10_BASIC_CATALOG),
    serverToClient: parse(V10_SERVER_TO_CLIENT),
    commonTypes: parse(V10_COMMON_TYPES),
  };
}
