/** Client capabilities: what a client says it can render, read strictly. */
import type { ProtocolVersion } from '../index.js';
import { catalogError } from './errors.js';
import { isRecord, type JsonRecord } from './json.js';

/** A catalog a client sends inline in its capabilities (only `components` are merged). */
export interface InlineCatalog {
  /** The inline catalog's own id (not used: the merged catalog keeps its base's id). */
  readonly catalogId: string;
  /** Component schemas by name, merged over the base catalog's. Default: none. */
  readonly components?: Readonly<Record<string, unknown>>;
  /** Function definitions (accepted, not merged). */
  readonly functions?: unknown;
  /** Theme schema (accepted, not merged). */
  readonly theme?: unknown;
}

/**
 * What a client sends as `a2uiClientCapabilities` for one protocol version (the object inside
 * the spec's `{"v0.9": …}` wrapper). `supported_catalog_ids` and `inline_catalogs` are accepted
 * as spellings of the two fields.
 */
export interface ClientCapabilities {
  /** Catalog ids the client can render, most preferred first. Default: `[]`. */
  readonly supportedCatalogIds?: readonly string[];
  /** Catalogs the client defines itself, merged over the chosen base when the agent accepts them. */
  readonly inlineCatalogs?: readonly InlineCatalog[];
}

/**
 * Capabilities by protocol version, as the client sends them: `@a2ui/web_core`'s
 * `processor.getClientCapabilities()` and the A2A metadata `a2uiClientCapabilities`, e.g.
 * `{ "v0.9": { supportedCatalogIds: [...] } }`. The entry for the agent's version is read (for
 * v0.9.1, `v0.9.1`, else `v0.9`, which the v0.9.1 specification uses).
 */
export type VersionedClientCapabilities = { readonly [version: `v${string}`]: ClientCapabilities | undefined };

/** Capabilities as read: the id list and the inline catalogs (both possibly empty). */
export interface ReadCapabilities {
  /** `supportedCatalogIds`, most preferred first. */
  readonly ids: readonly string[];
  /** `inlineCatalogs`, in the client's order. */
  readonly inline: readonly InlineCatalog[];
}

const FIELDS: Readonly<Record<string, 'ids' | 'inline'>> = {
  supportedCatalogIds: 'ids',
  supported_catalog_ids: 'ids',
  inlineCatalogs: 'inline',
  inline_catalogs: 'inline',
};
const INLINE_KEYS: ReadonlySet<string> = new Set(['catalogId', 'components', 'functions', 'theme']);

/**
 * How deeply an inline catalog may nest objects and lists. The specification's documents nest 19
 * levels; a client's catalog nested thousands deep would overflow the stack of every walk over it.
 */
const MAX_INLINE_DEPTH = 128;

/** Whether `value` nests objects and lists at most `max` levels deep (a cycle never is). */
function withinDepth(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

function invalid(detail: string, path: string, code = 'invalid_value') {
  return catalogError(`Invalid client capabilities format: ${detail}`, path, code, detail);
}

function readInline(value: unknown, index: number): InlineCatalog {
  const path = `inlineCatalogs.${index}`;
  if (!isRecord(value)) throw invalid(`${path} must be an object`, path, 'type_mismatch');
  for (const key of Object.keys(value)) {
    if (!INLINE_KEYS.has(key)) {
      throw invalid(`${path} has an unknown field '${key}' (allowed: catalogId, components, functions, theme)`, `${path}.${key}`, 'extra_field');
    }
  }
  if (typeof value.catalogId !== 'string') {
    const code = value.catalogId === undefined ? 'missing_field' : 'type_mismatch';
    throw invalid(`${path}.catalogId must be a string`, `${path}.catalogId`, code);
  }
  if (value.components !== undefined && !isRecord(value.components)) {
    throw invalid(`${path}.components must be an object of component schemas`, `${path}.components`, 'type_mismatch');
  }
  if (!withinDepth(value, MAX_INLINE_DEPTH)) throw invalid(`${path} is nested deeper than ${MAX_INLINE_DEPTH} levels`, path);
  return value as unknown as InlineCatalog;
}

/** The version keys a client may send an agent of `version`'s capabilities under, preferred first. */
function versionKeys(version: ProtocolVersion): string[] {
  return version === '0.9.1' ? ['v0.9.1', 'v0.9'] : [`v${version}`];
}

const VERSION_KEY = /^v\d/;

/**
 * The capabilities for `version` out of the versioned form (`{"v0.9": {…}}`); the value itself
 * when it is not versioned.
 */
function forVersion(value: JsonRecord, version: ProtocolVersion | undefined): unknown {
  const keys = Object.keys(value);
  const versioned = keys.filter((key) => VERSION_KEY.test(key));
  if (versioned.length === 0) return value;
  const other = keys.find((key) => !VERSION_KEY.test(key));
  if (other !== undefined) {
    throw invalid(`unknown field '${other}' beside the version keys (${versioned.join(', ')})`, other, 'extra_field');
  }
  const wanted = version === undefined ? versioned : versionKeys(version);
  const key = wanted.find((name) => Object.hasOwn(value, name));
  if (key === undefined || (version === undefined && versioned.length > 1)) {
    const expected = version === undefined ? 'one version key' : `'${wanted.join("' or '")}'`;
    throw invalid(`expected capabilities under ${expected}; the client sent ${versioned.map((k) => `'${k}'`).join(', ')}`, '', 'missing_field');
  }
  return value[key];
}

/**
 * Reads client capabilities, plain (`{ supportedCatalogIds, inlineCatalogs }`) or by version
 * (`{ "v0.9": { … } }`, see {@link VersionedClientCapabilities}; `version` picks the entry).
 * `undefined`, `null` and `{}` mean none (`undefined` is returned).
 *
 * @throws A2uiCatalogError `Invalid client capabilities format: …` for anything but an object
 *   with the fields of {@link ClientCapabilities} (unknown fields, a non-list, an id that is not a
 *   string, an inline catalog without a string `catalogId`, with unknown fields or nested deeper
 *   than 128 levels), or a versioned object without an entry for `version`.
 */
export function readCapabilities(value: unknown, version?: ProtocolVersion): ReadCapabilities | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw invalid('expected an object', '', 'type_mismatch');
  if (Object.keys(value).length === 0) return undefined;
  const plain = forVersion(value as JsonRecord, version);
  if (plain === undefined || plain === null) return undefined;
  if (!isRecord(plain)) throw invalid('expected an object under the version key', '', 'type_mismatch');
  let ids: readonly string[] = [];
  let inline: readonly InlineCatalog[] = [];
  for (const [key, field] of Object.entries(plain as JsonRecord)) {
    const kind = FIELDS[key];
    if (kind === undefined) {
      throw invalid(`unknown field '${key}'; expected supportedCatalogIds, inlineCatalogs`, key, 'extra_field');
    }
    if (field === undefined) continue;
    if (!Array.isArray(field)) throw invalid(`${key} must be a list`, key, 'type_mismatch');
    if (kind === 'ids') {
      field.forEach((id, index) => {
        if (typeof id !== 'string') throw invalid(`${key}.${index} must be a string`, `${key}.${index}`, 'type_mismatch');
      });
      ids = field as string[];
    } else {
      inline = field.map(readInline);
    }
  }
  return { ids, inline };
}
