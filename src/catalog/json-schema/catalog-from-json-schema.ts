import type { GenericSchema } from 'valibot';
import { A2uiCatalogError } from '../../errors.js';
import { isProtocolVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../protocol/versions.js';
import { checkDialect } from '../catalog.js';
import { DEFAULT_CUTTABLE_KEYS, type Catalog, type CatalogDocuments, type ComponentDef, type FunctionDef, type V10Dialect } from '../model.js';
import { CURRENT_COMMON_TYPES } from './current-common-types.js';
import { v08RefsFromPropertyNames } from '../refs.js';
import { at, type CompileContext } from './check.js';
import { createCompiler } from './compiler.js';
import { childPointer, isRecord, SchemaDocuments, schemaAt, type SchemaDocument, type SchemaLocation } from './documents.js';
import { refsFromSchema, requiredFromSchema } from './schema-refs.js';
import { v08MessageSchema } from './v08-envelope.js';
import { toValibotSchema } from './valibot-schema.js';

/** What {@link catalogFromJsonSchema} compiles. */
export interface JsonSchemaCatalogOptions {
  /** Protocol version of the catalog. */
  readonly version: ProtocolVersion;
  /**
   * The catalog document: `catalogId`, `components: {Name: schema}`, optional `functions`,
   * `theme` (or `$defs.theme`; v0.8 `styles: {name: schema}`) and `$defs`. Its `$ref`s may point
   * into itself, into `commonTypes` (`…/common_types.json#…`) and into `s2c`.
   */
  readonly catalog: Readonly<Record<string, unknown>>;
  /**
   * The server-to-client message schema, resolved as `…/server_to_client.json` (or by its own
   * `$id`). Default: the catalog document's `s2c_schema` object (conformance-suite format) if
   * any, else none, and then the catalog has no {@link JsonSchemaCatalog.messageSchema}.
   */
  readonly s2c?: Readonly<Record<string, unknown>>;
  /** The common types document, resolved as `…/common_types.json`. Default: none. */
  readonly commonTypes?: Readonly<Record<string, unknown>>;
  /** Catalog id. Default: the document's `catalogId`, else `'test_catalog'`. */
  readonly id?: string;
  /** Cuttable keys; replaces (does not extend) the default set. Default: {@link DEFAULT_CUTTABLE_KEYS}. */
  readonly cuttableKeys?: Iterable<string>;
  /**
   * v1.0 only: how bindings and calls are spelled ({@link V10Dialect}). Default `'2026-08'`. Under
   * `'current'`, `commonTypes` defaults to the library's current-dialect common types (upstream's
   * are not published), functions are told apart by `@call`, and without `s2c` each component is
   * closed over its own properties and the common ones (`id`, `component`, `catalogId`,
   * `accessibility`, `weight`, `metadata`), as the current v1.0 envelope closes it.
   */
  readonly dialect?: V10Dialect;
}

/** A {@link Catalog} compiled from JSON Schema, with the message envelope when `s2c` was given. */
export interface JsonSchemaCatalog extends Catalog {
  /** The catalog document it was compiled from. */
  readonly jsonSchema: Readonly<Record<string, unknown>>;
  /**
   * Validates one whole message against the server-to-client schema with this catalog's
   * components in it (v0.8: the s2c schema's free-form `component` and `styles` objects are
   * replaced by the catalog's, as the reference validator does); `undefined` when no `s2c` was
   * given. Its issues are `JsonSchemaIssue`s with paths from the message root.
   */
  readonly messageSchema: GenericSchema | undefined;
}

const DEFAULT_ID = 'test_catalog';

function catalogError(message: string, path: string): A2uiCatalogError {
  return new A2uiCatalogError(message, { details: [{ path, code: 'invalid_value', message }] });
}

function entriesOf(doc: SchemaDocument, key: string): [string, SchemaLocation][] {
  const value = (doc.root as Record<string, unknown>)[key];
  if (value === undefined) return [];
  if (!isRecord(value)) throw catalogError(`Catalog '${key}' must be an object mapping names to schemas`, key);
  return Object.keys(value).map((name) => [name, at({ doc, pointer: '' }, key, name)]);
}

/**
 * The whole-component schema of a v0.9+ component: the s2c schema's `$defs/Component` (v1.0 puts
 * the common properties and `unevaluatedProperties: false` there) with `anyComponent` narrowed to
 * this component, else the catalog's component schema itself.
 */
function flatComponentCheck(ctx: CompileContext, s2c: SchemaDocument | undefined, loc: SchemaLocation, closed: boolean) {
  const name = loc.pointer.slice(loc.pointer.lastIndexOf('/') + 1);
  if (s2c === undefined && closed) {
    const wrapper = {
      allOf: [{ $ref: 'common_types.json#/$defs/ComponentCommon' }, { $ref: `#${childPointer('/components', name)}` }],
      unevaluatedProperties: false,
    };
    return ctx.compile(wrapper, { doc: loc.doc, pointer: '' });
  }
  const wrapper = s2c === undefined ? undefined : schemaAt(s2c, '/$defs/Component');
  if (!isRecord(wrapper) || !Array.isArray(wrapper.allOf)) return ctx.compileAt(loc);
  const narrowed = wrapper.allOf.map((member) =>
    isRecord(member) && typeof member.$ref === 'string' && member.$ref.endsWith('/anyComponent') ? { $ref: `catalog.json#/components/${name}` } : member,
  );
  return ctx.compile({ ...wrapper, allOf: narrowed }, { doc: s2c as SchemaDocument, pointer: '/$defs/Component' });
}

function functionArgs(ctx: CompileContext, loc: SchemaLocation): GenericSchema {
  const schema = schemaAt(loc.doc, loc.pointer);
  const candidates = isRecord(schema) ? [{ schema, loc }] : [];
  if (isRecord(schema) && Array.isArray(schema.allOf)) {
    schema.allOf.forEach((member, index) => candidates.push({ schema: member, loc: at(loc, 'allOf', index) }));
  }
  for (const candidate of candidates) {
    if (isRecord(candidate.schema) && isRecord(candidate.schema.properties) && 'args' in candidate.schema.properties) {
      return toValibotSchema(ctx.compileAt(at(candidate.loc, 'properties', 'args')));
    }
  }
  return toValibotSchema(ctx.compile(true, loc));
}

/** A component schema's `allowedParents` / `allowedChildren` (lists of type names), when given. */
function compositionOf(schema: unknown): Pick<ComponentDef, 'allowedParents' | 'allowedChildren'> {
  if (!isRecord(schema)) return {};
  const names = (value: unknown) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined);
  const allowedParents = names(schema.allowedParents);
  const allowedChildren = names(schema.allowedChildren);
  return {
    ...(allowedParents === undefined ? {} : { allowedParents }),
    ...(allowedChildren === undefined ? {} : { allowedChildren }),
  };
}

function themeCheck(ctx: CompileContext, doc: SchemaDocument, version: ProtocolVersion): GenericSchema | undefined {
  const root = doc.root as Record<string, unknown>;
  if (version === '0.8') {
    if (!isRecord(root.styles)) return undefined;
    const properties = Object.fromEntries(Object.keys(root.styles).map((name) => [name, { $ref: `#${childPointer('/styles', name)}` }]));
    const styles = { type: 'object', properties, additionalProperties: false };
    return toValibotSchema(ctx.compile(styles, { doc, pointer: '/styles' }));
  }
  if (root.theme !== undefined) return toValibotSchema(ctx.compileAt({ doc, pointer: '/theme' }));
  if (isRecord(root.$defs) && root.$defs.theme !== undefined) {
    return toValibotSchema(ctx.compileAt({ doc, pointer: '/$defs/theme' }));
  }
  return undefined;
}

function unionOf(entries: unknown, key: string, tag: string): unknown {
  const names = isRecord(entries) ? Object.keys(entries) : [];
  if (names.length === 0) return false;
  const oneOf = names.map((name) => ({ $ref: `#${childPointer(`/${key}`, name)}` }));
  return { oneOf, discriminator: { propertyName: tag } };
}

/**
 * The catalog as `$ref`s see it: the server-to-client schema and the common types refer to
 * `catalog.json#/$defs/anyComponent` and `…/anyFunction`; a catalog that does not define them
 * (the conformance suite's small catalogs) gets them as unions of its components and functions.
 */
function withCatalogUnions(catalog: Readonly<Record<string, unknown>>, callKey: string): Readonly<Record<string, unknown>> {
  const defs = isRecord(catalog.$defs) ? catalog.$defs : {};
  const added: Record<string, unknown> = {};
  if (!('anyComponent' in defs)) added.anyComponent = unionOf(catalog.components, 'components', 'component');
  if (!('anyFunction' in defs)) added.anyFunction = unionOf(catalog.functions, 'functions', callKey);
  return Object.keys(added).length === 0 ? catalog : { ...catalog, $defs: { ...defs, ...added } };
}

interface Compiled {
  readonly components: ReadonlyMap<string, ComponentDef>;
  readonly functions: ReadonlyMap<string, FunctionDef>;
  readonly theme: GenericSchema | undefined;
  readonly messageSchema: GenericSchema | undefined;
}

function compile(options: JsonSchemaCatalogOptions, s2cSchema: Readonly<Record<string, unknown>> | undefined): Compiled {
  const { version, catalog } = options;
  const current = options.dialect === 'current';
  const documents = new SchemaDocuments();
  const commonTypes = options.commonTypes ?? (current ? CURRENT_COMMON_TYPES : undefined);
  if (commonTypes !== undefined) documents.add('common_types.json', commonTypes);
  const s2c = s2cSchema === undefined ? undefined : documents.add('server_to_client.json', s2cSchema);
  const doc = documents.add('catalog.json', version === '0.8' ? catalog : withCatalogUnions(catalog, current ? '@call' : 'call'));
  const ctx = createCompiler(documents);

  const components = new Map<string, ComponentDef>();
  for (const [name, loc] of entriesOf(doc, 'components')) {
    const schema = schemaAt(loc.doc, loc.pointer);
    const def: ComponentDef =
      version === '0.8'
        ? {
            name,
            schema: toValibotSchema(ctx.compileAt(loc)),
            required: requiredFromSchema(documents, loc, new Set()),
            refs: v08RefsFromPropertyNames(isRecord(schema) ? schema : {}),
          }
        : {
            name,
            schema: toValibotSchema(flatComponentCheck(ctx, s2c, loc, current)),
            required: requiredFromSchema(documents, loc),
            refs: refsFromSchema(documents, loc),
            ...compositionOf(schema),
          };
    components.set(name, def);
  }
  const functions = new Map<string, FunctionDef>();
  if (version !== '0.8') {
    for (const [name, loc] of entriesOf(doc, 'functions')) functions.set(name, { name, args: functionArgs(ctx, loc) });
  }
  const theme = themeCheck(ctx, doc, version);
  const messageSchema =
    s2c === undefined ? undefined : toValibotSchema(version === '0.8' ? v08MessageSchema(ctx, s2c, doc) : ctx.compileAt({ doc: s2c, pointer: '' }));
  return { components, functions, theme, messageSchema };
}

function checkMap(catalog: Readonly<Record<string, unknown>>, key: string): void {
  const value = catalog[key];
  if (value !== undefined && !isRecord(value)) {
    throw catalogError(`Catalog '${key}' must be an object mapping names to schemas`, key);
  }
}

/**
 * Builds a {@link Catalog} from an A2UI catalog written in JSON Schema (the specification's catalog
 * format and the conformance suite's). The catalog is its documents first: the validators are
 * compiled, without `eval`, on the first read of `components`, `functions`, `theme` or
 * `messageSchema` (the stream parser and `validateMessages` read them on entry), so documents
 * this compiler cannot compile can still be selected, pruned and shown to a model. Compiled: every
 * component's schema, required properties and references, the functions' argument schemas and the
 * theme. Supported keywords:
 * `type`, `properties`, `required`, `additionalProperties`, `patternProperties`,
 * `unevaluatedProperties`, `propertyNames`, `min/maxProperties`, `const`, `enum`, `items`,
 * `prefixItems`, `min/maxItems`, `uniqueItems`, `contains`, `minimum`, `maximum`,
 * `exclusiveMinimum/Maximum`, `multipleOf`, `min/maxLength`, `pattern`, `format` (`date-time`,
 * `date`, `time`, `uri`, `uri-reference`, `email`, `uuid`), `$ref`, `$defs`, `allOf`, `anyOf`,
 * `oneOf`, `discriminator`, `not`, `if`/`then`/`else`, and annotations.
 *
 * @throws A2uiCatalogError at once when the version is unknown or the document (or its
 *   `components`/`functions`) is not an object; on first use of the validators when a `$ref` (also
 *   in `s2c` or `commonTypes`, as far as the catalog and the envelope reach) cannot be resolved,
 *   or a schema uses a keyword that is not supported (naming it and its JSON pointer). A failed
 *   compilation throws the same error on every later use.
 */
export function catalogFromJsonSchema(options: JsonSchemaCatalogOptions): JsonSchemaCatalog {
  const { version, catalog } = options;
  if (!isProtocolVersion(version)) {
    const supported = PROTOCOL_VERSIONS.join(', ');
    throw catalogError(`Unknown A2UI specification version: ${String(version)}. Supported: ${supported}`, 'version');
  }
  checkDialect(options.dialect, version);
  if (!isRecord(catalog)) throw catalogError('The catalog document must be an object', 'catalog');
  checkMap(catalog, 'components');
  if (version !== '0.8') checkMap(catalog, 'functions');
  const s2cSchema = options.s2c ?? (isRecord(catalog.s2c_schema) ? catalog.s2c_schema : undefined);
  let compiled: Compiled | undefined;
  let failure: { error: unknown } | undefined;
  const use = (): Compiled => {
    if (failure !== undefined) throw failure.error;
    try {
      compiled ??= compile(options, s2cSchema);
    } catch (error) {
      failure = { error };
      throw error;
    }
    return compiled;
  };
  const documents: CatalogDocuments = {
    catalog,
    ...(s2cSchema === undefined ? {} : { serverToClient: s2cSchema }),
    commonTypes: options.commonTypes ?? (options.dialect === 'current' ? CURRENT_COMMON_TYPES : {}),
  };
  return {
    id: options.id ?? (typeof catalog.catalogId === 'string' ? catalog.catalogId : DEFAULT_ID),
    version,
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
    get components() {
      return use().components;
    },
    get functions() {
      return use().functions;
    },
    get theme() {
      return use().theme;
    },
    cuttableKeys: options.cuttableKeys === undefined ? DEFAULT_CUTTABLE_KEYS : new Set(options.cuttableKeys),
    jsonSchema: catalog,
    documents,
    get messageSchema() {
      return use().messageSchema;
    },
  };
}
