/**
 * a2ui-stream: read A2UI (Agent-to-User Interface) messages out of language-model output while it
 * streams. The public API, listed name by name: what a user reads, streams, checks and types
 * (ARCHITECTURE.md has the layers). The layers beneath (the tag splitter, the JSON reader, the
 * validator's pieces, the versions as data) are internal; the other entries reach what they need
 * of them through `src/internal.ts`. `test/exports/` pins this list.
 */

// Errors: one class per category.
export {
  A2uiError,
  A2uiParseError,
  A2uiValidationError,
  A2uiCatalogError,
  A2uiIntegrityError,
  A2uiRecursionError,
  A2uiCompileError,
  A2uiLimitError,
  isA2uiError,
  type A2uiErrorCategory,
  type A2uiErrorCode,
  type A2uiErrorDetail,
} from './errors.js';

// Parts and JSON.
export type { Part, TextPart, A2uiPart, ErrorPart, RawPart, JsonValue, JsonObject } from './types.js';

// Messages, per protocol version, and their guards.
export type { A2uiMessage, A2uiMessageOf } from './types.js';
export { PROTOCOL_VERSIONS, isProtocolVersion, type ProtocolVersion } from './protocol/versions.js';
export type {
  A2uiMessageV08,
  NestedComponent,
  BeginRenderingMessageV08,
  SurfaceUpdateMessageV08,
  DataModelUpdateMessageV08,
  DeleteSurfaceMessageV08,
} from './protocol/messages-v08.js';
export type {
  MessageKey,
  FlatComponent,
  A2uiMessageV09,
  CreateSurfaceMessageV09,
  UpdateComponentsMessageV09,
  UpdateDataModelMessageV09,
  DeleteSurfaceMessageV09,
  A2uiMessageV10,
  CreateSurfaceMessageV10,
  UpdateComponentsMessageV10,
  UpdateDataModelMessageV10,
  DeleteSurfaceMessageV10,
  CallRendererFunctionMessageV10,
  AgentFunctionResponseMessageV10,
} from './protocol/messages-v09.js';
export type { A2uiUserAction } from './protocol/user-action.js';
export {
  isA2uiMessage,
  isV08Message,
  isV09Message,
  isV10Message,
  isCreateSurface,
  isUpdateComponents,
  isUpdateDataModel,
  isDeleteSurface,
  isBeginRendering,
  isSurfaceUpdate,
  isDataModelUpdate,
} from './protocol/guards.js';
export { toAugustDialect } from './protocol/dialect.js';

// Streaming.
export {
  A2uiJsonStreamParser,
  A2uiStreamParser,
  DEFAULT_MAX_BUFFER_SIZE,
  DEFAULT_MAX_COMPONENTS_PER_SURFACE,
  DEFAULT_MAX_SURFACES,
  isPlaceholderId,
  placeholderTarget,
  type StreamParserOptions,
  type KnownSurface,
  type SnapshotMode,
} from './stream/index.js';
export { DEFAULT_MAX_DEPTH } from './json/index.js';
export { A2uiStream, a2uiJsonStream, a2uiStream, type A2uiStreamOptions, type StreamErrorPolicy, type TextOrBytes } from './web/index.js';

// Whole responses.
export {
  parseResponse,
  RESPONSE_ERRORS,
  unwrap,
  hasA2ui,
  decompile,
  wrap,
  wrapDecompiledBlocks,
  type ParseResponseOptions,
  type HasA2uiOptions,
  type WrapPart,
} from './response/index.js';
export { fixPayload } from './json/index.js';

// Express: the compact notation between `<a2ui>` tags (the parser streams it; these read and write it whole).
export {
  compileExpress,
  decompileExpress,
  parseExpressResponse,
  ExpressReader,
  type CompileExpressOptions,
  type DecompileExpressOptions,
  type ExpressRepair,
  type ExpressReaderOptions,
  type ExpressSink,
} from './express/index.js';

// Catalogs and validation.
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
  defineCatalog,
  catalogFromJsonSchema,
  catalogToJsonSchema,
  isJsonSchemaIssue,
  forEachReference,
  mapReferences,
  type BasicComponentV08,
  type BasicComponentV09,
  type BasicComponentV10,
  type CatalogDefinition,
  type ComponentSpec,
  type JsonSchemaCatalog,
  type JsonSchemaCatalogOptions,
  type JsonSchemaIssue,
  type ReferenceVisitor,
  type ReferenceReplacer,
} from './catalog/index.js';
export {
  DEFAULT_CUTTABLE_KEYS,
  type Catalog,
  type CatalogDocuments,
  type ComponentDef,
  type ComponentRefs,
  type FunctionDef,
  type V10Dialect,
} from './catalog/model.js';
export { validateMessages, validateComponent, type ValidateOptions } from './validate/index.js';
