import type { GenericSchema } from 'valibot';
import type { ProtocolVersion } from '../protocol/versions.js';

/**
 * String properties whose values may be shown before their closing quote arrives.
 * A catalog or a parser option may replace (not extend) this set.
 */
export const DEFAULT_CUTTABLE_KEYS: ReadonlySet<string> = new Set(['literalString', 'valueString', 'label', 'hint', 'caption', 'altText', 'text']);

/**
 * Where a component type refers to other components. Values are read the same way everywhere:
 * a string is one id; an array holds ids; an object with `componentId` (a v0.9 ChildList template,
 * v0.8 `template`) names that id; any other object (v0.8 `{explicitList: [...]}`) is searched.
 */
export interface ComponentRefs {
  /** Top-level properties that hold a single component id (`child`, `trigger`, …). */
  readonly single: readonly string[];
  /** Top-level properties that hold a list of ids or a template (`children`, …). */
  readonly list: readonly string[];
  /**
   * Top-level properties holding an array of objects, mapped to the sub-properties of each item
   * that hold ids (v0.9.1 `Tabs.tabs[].child`, v0.8 `Tabs.tabItems[].child`).
   */
  readonly nested: Readonly<Record<string, readonly string[]>>;
}

/** One component type of a catalog. */
export interface ComponentDef {
  /** Type name, e.g. `Text`. */
  readonly name: string;
  /**
   * Validates the component's properties: in v0.8 the object under `component.<Type>`; in v0.9+
   * the whole flat component object (`id`, `component` and the properties).
   */
  readonly schema: GenericSchema;
  /** Required properties (v0.9+: without `id` and `component`). */
  readonly required: readonly string[];
  /** Where this type refers to other components. */
  readonly refs: ComponentRefs;
  /**
   * Parent types that may contain this type (`Surface`: the implicit container of `root`);
   * absent: any parent.
   */
  readonly allowedParents?: readonly string[];
  /** Child types this type may contain; absent: any child. */
  readonly allowedChildren?: readonly string[];
}

/** One function of a v0.9+ catalog (called as `{call, args}`). */
export interface FunctionDef {
  /** Function name. */
  readonly name: string;
  /** Validates the call's `args` object. */
  readonly args: GenericSchema;
}

/**
 * The JSON Schema documents a catalog is made of, as plain JSON: what an agent shows a model and
 * what `catalogFromJsonSchema` compiles. `$ref`s between them use the spec's file names
 * (`catalog.json`, `common_types.json`, `server_to_client.json`) or full spec URLs.
 */
export interface CatalogDocuments {
  /** The catalog document (`catalogId`, `components`, optional `functions`, `theme`, `$defs`). */
  readonly catalog: Readonly<Record<string, unknown>>;
  /** The server-to-client message schema (v1.0: `agent_to_renderer.json`); absent when not known. */
  readonly serverToClient?: Readonly<Record<string, unknown>>;
  /** The common types document; `{}` when there is none (v0.8). */
  readonly commonTypes: Readonly<Record<string, unknown>>;
}

/**
 * How a v1.0 catalog spells bindings and calls: `'2026-08'` (the specification of 2026-08-17,
 * what the published renderers draw) with `{path}` and `{call, args}`; `'current'` (upstream's
 * later v1.0) with the reserved keys `{"@path"}`, `{"@call", args}`, `{"@call": "@index"}` and
 * `@@` escaping, where a plain `path`/`call` object is ordinary data.
 */
export type V10Dialect = '2026-08' | 'current';

/** A component catalog: what a surface may contain, for one protocol version. */
export interface Catalog {
  /** Catalog id (`catalogId` in `createSurface`, v0.8 `beginRendering`). */
  readonly id: string;
  /** Protocol version the catalog belongs to. */
  readonly version: ProtocolVersion;
  /** v1.0 only: how bindings and calls are spelled. Absent: `'2026-08'`. */
  readonly dialect?: V10Dialect;
  /** Component types by name. */
  readonly components: ReadonlyMap<string, ComponentDef>;
  /** Functions by name (empty for v0.8). */
  readonly functions: ReadonlyMap<string, FunctionDef>;
  /** Validates `createSurface.theme` (v0.9+) or `beginRendering.styles` (v0.8); absent: any object. */
  readonly theme?: GenericSchema;
  /** String properties that may be streamed before they close. */
  readonly cuttableKeys: ReadonlySet<string>;
  /** The catalog as an A2UI JSON Schema catalog document, when it was compiled from one. */
  readonly jsonSchema?: Readonly<Record<string, unknown>>;
  /**
   * The documents the catalog was built from (or pruned to), when it has them: set by
   * `catalogFromJsonSchema` and by the agent side's selection and pruning.
   */
  readonly documents?: CatalogDocuments;
}

/** Whether `catalog` is a v1.0 catalog of the current dialect (reserved `@` keys, strict catalogs). */
export function isCurrentDialect(catalog: Pick<Catalog, 'version' | 'dialect'>): boolean {
  return catalog.version === '1.0' && catalog.dialect === 'current';
}

/** A key reserved by the current v1.0 dialect: one `@` then anything but `@` (a bare `@` too). */
export const RESERVED_KEY = /^@([^@]|$)/;
