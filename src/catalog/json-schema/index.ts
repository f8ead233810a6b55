export {
  catalogFromJsonSchema,
  type JsonSchemaCatalog,
  type JsonSchemaCatalogOptions,
} from './catalog-from-json-schema.js';
export { isJsonSchemaIssue, type JsonSchemaIssue } from './issues.js';
export type { JsonSchemaValibotSchema } from './valibot-schema.js';
