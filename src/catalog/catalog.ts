/**
 * Building catalogs from valibot schemas, and choosing among several catalogs.
 */
import type { GenericSchema } from 'valibot';
import { A2uiCatalogError } from '../errors.js';
import { isProtocolVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../protocol/versions.js';
import { DEFAULT_CUTTABLE_KEYS, type Catalog, type ComponentDef, type ComponentRefs, type FunctionDef, type V10Dialect } from './model.js';
import { v08RefsFromPropertyNames } from './refs.js';

/** One component type given to {@link defineCatalog} with more than its schema. */
export interface ComponentSpec {
  /** Validates the component: v0.8 the object under `component.<Type>`, v0.9+ the flat component. */
  readonly schema: GenericSchema;
  /**
   * Where the type refers to other components; missing fields are empty. Default: v0.8 derives
   * them by property name ({@link v08RefsFromPropertyNames}); v0.9+ has none, since a valibot
   * schema does not say which strings are component ids.
   */
  readonly refs?: Partial<ComponentRefs>;
  /** Required properties (v0.9+: without `id`, `component`). Default: read from the object schema. */
  readonly required?: readonly string[];
  /** Parent types that may contain this type (`Surface` for the top of a surface). Default: any. */
  readonly allowedParents?: readonly string[];
  /** Child types this type may contain. Default: any. */
  readonly allowedChildren?: readonly string[];
}

/** What {@link defineCatalog} needs to build a {@link Catalog}. */
export interface CatalogDefinition {
  /** Catalog id, as `catalogId` names it in messages. */
  readonly id: string;
  /** Protocol version the catalog belongs to. */
  readonly version: ProtocolVersion;
  /** Component types by name: a valibot schema, or a {@link ComponentSpec}. */
  readonly components: Readonly<Record<string, GenericSchema | ComponentSpec>>;
  /** Functions by name (v0.9+ only), each a schema for the call's `args`. Default: none. */
  readonly functions?: Readonly<Record<string, GenericSchema>>;
  /** Validates `createSurface.theme` / v0.8 `beginRendering.styles`. Default: any object. */
  readonly theme?: GenericSchema;
  /** String properties that may be streamed before they close. Default: {@link DEFAULT_CUTTABLE_KEYS}. */
  readonly cuttableKeys?: Iterable<string>;
  /**
   * v1.0 only: how bindings and calls are spelled (see {@link V10Dialect}). Default `'2026-08'`.
   * Under `'current'` the function schemas validate `args`, and a call names its function by `@call`.
   */
  readonly dialect?: V10Dialect;
}

const OPTIONAL_SCHEMA_TYPES: ReadonlySet<string> = new Set(['optional', 'exact_optional', 'nullish']);
const NO_REFS: ComponentRefs = { single: [], list: [], nested: {} };
const FLAT_COMPONENT_KEYS: ReadonlySet<string> = new Set(['id', 'component']);

interface SchemaShape {
  readonly kind?: unknown;
  readonly type?: unknown;
  readonly entries?: Readonly<Record<string, { readonly type: string }>>;
  readonly options?: readonly SchemaShape[];
}

function isValibotSchema(value: unknown): value is GenericSchema {
  return typeof value === 'object' && value !== null && (value as SchemaShape).kind === 'schema';
}

/** Keys an object schema (or an intersection of object schemas) requires. */
function requiredKeysOf(schema: SchemaShape): string[] {
  if (schema.entries !== undefined) {
    return Object.keys(schema.entries).filter((key) => !OPTIONAL_SCHEMA_TYPES.has(schema.entries![key]!.type));
  }
  if (schema.type === 'intersect' && schema.options !== undefined) {
    return [...new Set(schema.options.flatMap(requiredKeysOf))];
  }
  return [];
}

interface ShapeNode {
  readonly type?: unknown;
  readonly wrapped?: ShapeNode;
  readonly item?: ShapeNode;
  readonly entries?: Readonly<Record<string, ShapeNode>>;
}

const OBJECT_SCHEMA_TYPES: ReadonlySet<string> = new Set(['object', 'object_with_rest', 'loose_object', 'strict_object']);
/** Wrappers `@valibot/to-json-schema` converts as their wrapped schema (nullable and nullish become `anyOf`). */
const TRANSPARENT_WRAPPERS: ReadonlySet<string> = new Set(['optional', 'exact_optional', 'undefinedable']);

function unwrapped(schema: ShapeNode): ShapeNode {
  let node = schema;
  while (typeof node.type === 'string' && TRANSPARENT_WRAPPERS.has(node.type) && node.wrapped !== undefined) {
    node = node.wrapped;
  }
  return node;
}

function objectEntries(schema: ShapeNode): Readonly<Record<string, ShapeNode>> | undefined {
  const node = unwrapped(schema);
  return typeof node.type === 'string' && OBJECT_SCHEMA_TYPES.has(node.type) ? node.entries : undefined;
}

/**
 * The part of a component's JSON Schema that {@link v08RefsFromPropertyNames} reads (`properties`,
 * and an array property's item `properties`), read straight off the valibot schema as
 * `@valibot/to-json-schema` would convert it, so defining a catalog does not pull the converter
 * into a browser bundle. A `lazy` schema converts to a `$ref`, which is not looked into.
 */
function propertyShape(schema: GenericSchema): Record<string, unknown> {
  const entries = objectEntries(schema as ShapeNode) ?? {};
  const properties: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const node = unwrapped(entry);
    const items = node.type === 'array' && node.item !== undefined ? objectEntries(node.item) : undefined;
    properties[name] = items === undefined ? {} : { items: { properties: items } };
  }
  return { properties };
}

function v08RefsOf(schema: GenericSchema): ComponentRefs {
  return v08RefsFromPropertyNames(propertyShape(schema));
}

function componentDef(name: string, input: GenericSchema | ComponentSpec, version: ProtocolVersion, catalogId: string): ComponentDef {
  const spec: ComponentSpec = isValibotSchema(input) ? { schema: input } : input;
  if (!isValibotSchema(spec.schema)) {
    throw new A2uiCatalogError(`Catalog '${catalogId}': component '${name}' has no valibot schema`, {
      details: [{ path: `components.${name}`, code: 'invalid_value', message: 'expected a valibot schema' }],
    });
  }
  const flat = version !== '0.8';
  const required = spec.required ?? requiredKeysOf(spec.schema as SchemaShape).filter((key) => !flat || !FLAT_COMPONENT_KEYS.has(key));
  const base = spec.refs === undefined && !flat ? v08RefsOf(spec.schema) : NO_REFS;
  const refs: ComponentRefs = { ...base, ...spec.refs };
  return {
    name,
    schema: spec.schema,
    required,
    refs,
    ...(spec.allowedParents === undefined ? {} : { allowedParents: spec.allowedParents }),
    ...(spec.allowedChildren === undefined ? {} : { allowedChildren: spec.allowedChildren }),
  };
}

/**
 * Builds a {@link Catalog} from valibot schemas.
 *
 * @throws A2uiCatalogError when the id is empty, the version unknown, a component has no valibot
 *   schema, a v0.8 catalog declares functions, or a catalog other than v1.0 names a dialect.
 */
export function defineCatalog(definition: CatalogDefinition): Catalog {
  const { id, version } = definition;
  checkDialect(definition.dialect, version);
  if (typeof id !== 'string' || id === '') {
    throw new A2uiCatalogError('A catalog needs a non-empty id', {
      details: [{ path: 'id', code: 'invalid_value', message: 'expected a non-empty string' }],
    });
  }
  if (!isProtocolVersion(version)) {
    throw new A2uiCatalogError(`Unknown A2UI specification version: ${String(version)}. Supported: ${PROTOCOL_VERSIONS.join(', ')}`, {
      details: [{ path: 'version', code: 'invalid_value', message: `unknown version ${String(version)}` }],
    });
  }
  const functionEntries = Object.entries(definition.functions ?? {});
  if (version === '0.8' && functionEntries.length > 0) {
    throw new A2uiCatalogError(`Catalog '${id}': v0.8 catalogs have no functions`, {
      details: [{ path: 'functions', code: 'extra_field', message: 'v0.8 has no functions' }],
    });
  }
  const components = new Map<string, ComponentDef>();
  for (const [name, input] of Object.entries(definition.components)) {
    components.set(name, componentDef(name, input, version, id));
  }
  const functions = new Map<string, FunctionDef>();
  for (const [name, args] of functionEntries) functions.set(name, { name, args });
  const catalog: Catalog = {
    id,
    version,
    components,
    functions,
    cuttableKeys: definition.cuttableKeys === undefined ? DEFAULT_CUTTABLE_KEYS : new Set(definition.cuttableKeys),
    ...(definition.theme === undefined ? {} : { theme: definition.theme }),
    ...(definition.dialect === undefined ? {} : { dialect: definition.dialect }),
  };
  return catalog;
}

const DIALECTS: readonly V10Dialect[] = ['2026-08', 'current'];

/**
 * Checks a catalog's `dialect` option: one of {@link V10Dialect}, and only for v1.0.
 *
 * @throws A2uiCatalogError otherwise.
 */
export function checkDialect(dialect: unknown, version: ProtocolVersion): void {
  if (dialect === undefined) return;
  if (!DIALECTS.includes(dialect as V10Dialect) || version !== '1.0') {
    const message = `A catalog's dialect is '2026-08' or 'current', for v1.0 only (got ${String(dialect)} for ${version})`;
    throw new A2uiCatalogError(message, { details: [{ path: 'dialect', code: 'invalid_value', message }] });
  }
}

/** Several catalogs of one protocol version, as a parser or validator uses them. */
export interface ResolvedCatalogs {
  /** The first catalog, used when a surface names no (or no known) catalog. */
  readonly default: Catalog;
  /** All catalogs, in the order given. */
  readonly all: readonly Catalog[];
  /** The protocol version every catalog shares. */
  readonly version: ProtocolVersion;
  /** v1.0: the dialect every catalog shares (`'2026-08'` when they name none). */
  readonly dialect: V10Dialect;
  /** The catalog with this id, if any. */
  byId(id: string): Catalog | undefined;
}

/** Whether `value` is a map as the validators read it (`get`, `has`, `values`). */
const isMapLike = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && ['get', 'has', 'values'].every((key) => typeof (value as Record<string, unknown>)[key] === 'function');

/**
 * Whether `value` has a map under `key`: a data property holding one, or a getter (a catalog
 * compiled from its documents on first use is not compiled here).
 */
function hasMap(value: object, key: string): boolean {
  if (!(key in value)) return false;
  const own = Object.getOwnPropertyDescriptor(value, key);
  return own === undefined || own.get !== undefined || isMapLike(own.value);
}

/**
 * Whether `value` has a catalog's string `id`, protocol `version` and maps of components and
 * functions (what the checks below and the validators read: `{ id, version }` alone threw a
 * `TypeError` on every entry, probe 17 finding 7).
 */
function isCatalogLike(value: unknown): value is Catalog {
  if (typeof value !== 'object' || value === null) return false;
  const { id, version } = value as { id?: unknown; version?: unknown };
  return typeof id === 'string' && isProtocolVersion(version) && hasMap(value, 'components') && hasMap(value, 'functions');
}

/**
 * Checks a catalog list and indexes it by id. The first catalog is the default.
 *
 * @throws A2uiCatalogError when the list is empty, an entry is not a catalog (`null`, a string,
 *   an object without a string `id` and a protocol `version`), two catalogs share an id, the
 *   catalogs belong to different protocol versions or v1.0 dialects, or a catalog's validators do
 *   not compile.
 */
export function resolveCatalogs(catalogs: Catalog | readonly Catalog[]): ResolvedCatalogs {
  const all: readonly Catalog[] = Array.isArray(catalogs) ? catalogs : [catalogs as Catalog];
  const first = all[0];
  if (first === undefined) {
    throw new A2uiCatalogError('No catalogs configured: pass at least one catalog', {
      details: [{ path: 'catalogs', code: 'missing_field', message: 'the catalog list is empty' }],
    });
  }
  const byId = new Map<string, Catalog>();
  all.forEach((catalog: unknown, index) => {
    if (!isCatalogLike(catalog)) {
      const message = `catalogs.${index} is not a catalog (make one with basicCatalog, defineCatalog or catalogFromJsonSchema)`;
      throw new A2uiCatalogError(message, { details: [{ path: `catalogs.${index}`, code: 'type_mismatch', message }] });
    }
    if (byId.has(catalog.id)) {
      throw new A2uiCatalogError(`Duplicate catalog id: ${catalog.id}`, {
        details: [{ path: `catalogs.${index}.id`, code: 'invalid_value', message: `duplicate id ${catalog.id}` }],
      });
    }
    if (catalog.version !== first.version) {
      throw new A2uiCatalogError(`Catalogs mix protocol versions: '${first.id}' is ${first.version}, '${catalog.id}' is ${catalog.version}`, {
        details: [
          {
            path: `catalogs.${index}.version`,
            code: 'invalid_value',
            message: `expected version ${first.version}, got ${catalog.version}`,
          },
        ],
      });
    }
    if ((catalog.dialect ?? '2026-08') !== (first.dialect ?? '2026-08')) {
      const message = `Catalogs mix v1.0 dialects: '${first.id}' is ${first.dialect ?? '2026-08'}, '${catalog.id}' is ${catalog.dialect ?? '2026-08'}`;
      throw new A2uiCatalogError(message, {
        details: [{ path: `catalogs.${index}.dialect`, code: 'invalid_value', message }],
      });
    }
    // A catalog built from documents compiles its validators on first use: here, so an
    // uncompilable one fails where validation is set up, not at its first message.
    void catalog.components;
    byId.set(catalog.id, catalog);
  });
  return {
    default: first,
    all,
    version: first.version,
    dialect: first.dialect ?? '2026-08',
    byId: (id) => byId.get(id),
  };
}
