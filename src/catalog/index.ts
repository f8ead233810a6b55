/**
 * The catalog layer: the model (`model.ts`), catalogs from valibot schemas and from JSON Schema,
 * the basic catalogs per version, reference fields. The main entry picks its public names from
 * this list; the rest is for the package itself (`src/internal.ts`).
 */
export {
  V08_SINGLE_REF_NAMES,
  V08_LIST_REF_NAMES,
  CONVENTIONAL_REF_NAMES,
  mapReferences,
  forEachReference,
  v08RefsFromPropertyNames,
  mapStreamReferences,
  forEachStreamReference,
  streamListFields,
  type ReferenceVisitor,
  type ReferenceReplacer,
} from './refs.js';
export {
  defineCatalog,
  resolveCatalogs,
  type ComponentSpec,
  type CatalogDefinition,
  type ResolvedCatalogs,
} from './catalog.js';
export {
  basicCatalog,
  basicCatalogV08,
  basicCatalogV09,
  basicCatalogV091,
  basicCatalogV10,
  basicCatalogV10Current,
  BASIC_CATALOG_ID_V08,
  BASIC_CATALOG_ID_V09,
  BASIC_CATALOG_ID_V10,
  type BasicComponentV08,
  type BasicComponentV09,
  type BasicComponentV10,
} from './basic/index.js';
export {
  catalogFromJsonSchema,
  isJsonSchemaIssue,
  type JsonSchemaCatalog,
  type JsonSchemaCatalogOptions,
  type JsonSchemaIssue,
  type JsonSchemaValibotSchema,
} from './json-schema/index.js';
export { catalogToJsonSchema } from './to-json-schema.js';
