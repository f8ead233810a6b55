/** A catalog's documents: where the agent side reads them, and a catalog made from new ones. */
import {
  BASIC_CATALOG_ID_V08,
  BASIC_CATALOG_ID_V09,
  BASIC_CATALOG_ID_V10,
  catalogFromJsonSchema,
  catalogToJsonSchema,
  type Catalog,
  type CatalogDocuments,
  type ProtocolVersion,
} from '../index.js';
import { basicCatalogDocumentsV08, basicCatalogDocumentsV09, basicCatalogDocumentsV091, basicCatalogDocumentsV10 } from './spec/basic-documents.js';
import { checkCatalog, checkVersion } from './checks.js';
import { currentDialectDocuments } from './dialect-documents.js';

const BASIC: Readonly<Record<ProtocolVersion, { id: string; documents: () => CatalogDocuments }>> = {
  '0.8': { id: BASIC_CATALOG_ID_V08, documents: basicCatalogDocumentsV08 },
  '0.9': { id: BASIC_CATALOG_ID_V09, documents: basicCatalogDocumentsV09 },
  '0.9.1': { id: BASIC_CATALOG_ID_V09, documents: basicCatalogDocumentsV091 },
  '1.0': { id: BASIC_CATALOG_ID_V10, documents: basicCatalogDocumentsV10 },
};

/**
 * The basic catalog's documents of a protocol version: the specification's own catalog,
 * server-to-client schema and common types (their descriptions teach the model), embedded from
 * `@a2ui/web_core` 0.11.0 (v0.9.1: v0.9's with its published difference).
 *
 * @throws A2uiCatalogError `Unknown A2UI specification version: …` for any other version.
 */
export function basicCatalogDocuments(version: ProtocolVersion): CatalogDocuments {
  checkVersion(version);
  return BASIC[version].documents();
}

/** Whether `names` are exactly the keys of the `components` document. */
function sameNames(names: Iterable<string>, components: unknown): boolean {
  const list = [...names];
  const keys = typeof components === 'object' && components !== null ? Object.keys(components) : [];
  return list.length === keys.length && list.every((name) => Object.hasOwn(components as object, name));
}

/**
 * The JSON Schema documents of a catalog, as plain JSON: `{ catalog, serverToClient?,
 * commonTypes }`. A catalog built from documents (`catalogFromJsonSchema`, or selected or pruned
 * here) gives the ones it keeps; a basic catalog (the id of its version's basic catalog and its
 * component types, built from valibot schemas) gives the specification's documents
 * ({@link basicCatalogDocuments}); any other catalog built with `defineCatalog` (also one that
 * reuses the basic id with other component types) gives its `catalogToJsonSchema` export with the
 * version's server-to-client schema and common types. A v1.0 catalog of the current dialect
 * without documents of its own gets these respelt with `@path`/`@call` (the catalog's
 * instructions too), so a model reads the spelling it must write. Compiles nothing.
 *
 * @throws A2uiCatalogError when `catalog` is not a catalog or has an unknown version.
 */
export function catalogDocuments(catalog: Catalog): CatalogDocuments {
  checkCatalog(catalog);
  if (catalog.documents !== undefined) return catalog.documents;
  const documents = specOrExported(catalog);
  return catalog.version === '1.0' && catalog.dialect === 'current' ? currentDialectDocuments(documents) : documents;
}

/** The specification's documents for a basic catalog, else the catalog's export with the version's others. */
function specOrExported(catalog: Catalog): CatalogDocuments {
  const basic = BASIC[catalog.version];
  const spec = basic.documents();
  if (catalog.id === basic.id && sameNames(catalog.components.keys(), spec.catalog.components)) return spec;
  const { serverToClient, commonTypes } = spec;
  return { catalog: catalogToJsonSchema(catalog), ...(serverToClient === undefined ? {} : { serverToClient }), commonTypes };
}

/**
 * A catalog of `catalog`'s version, id and cuttable keys made from `documents` (compiled when
 * first used).
 */
export function catalogWithDocuments(catalog: Catalog, documents: CatalogDocuments): Catalog {
  return catalogFromJsonSchema({
    version: catalog.version,
    catalog: documents.catalog,
    ...(documents.serverToClient === undefined ? {} : { s2c: documents.serverToClient }),
    commonTypes: documents.commonTypes,
    id: catalog.id,
    cuttableKeys: catalog.cuttableKeys,
    ...(catalog.dialect === undefined ? {} : { dialect: catalog.dialect }),
  });
}
