/** Checks of what callers hand the agent side (catalogs, option objects), as A2uiCatalogErrors. */
import { isProtocolVersion, PROTOCOL_VERSIONS, type Catalog, type ProtocolVersion } from '../index.js';
import { catalogError } from './errors.js';
import { isRecord, type JsonRecord } from './json.js';

/** Throws unless `version` is one of `PROTOCOL_VERSIONS`. */
export function checkVersion(version: unknown, path = 'version'): asserts version is ProtocolVersion {
  if (!isProtocolVersion(version)) {
    throw catalogError(`Unknown A2UI specification version: ${String(version)}. Supported: ${PROTOCOL_VERSIONS.join(', ')}`, path);
  }
}

/**
 * Throws unless `value` is a catalog: a string `id`, a known `version`, and documents or (when it
 * has none) a `components` map. A catalog with documents is not compiled by this check.
 */
export function checkCatalog(value: unknown, path = 'catalog'): asserts value is Catalog {
  const shaped =
    isRecord(value) &&
    typeof value.id === 'string' &&
    (value.documents === undefined ? value.components instanceof Map : isRecord(value.documents) && isRecord(value.documents.catalog));
  if (!shaped) {
    throw catalogError(`${path} is not a catalog (make one with basicCatalog, defineCatalog or catalogFromJsonSchema)`, path, 'type_mismatch');
  }
  checkVersion(value.version, `${path}.version`);
}

/** What an option must hold when it is given: `names` is a list of strings, `functions` a list of functions. */
export type OptionKind = 'boolean' | 'string' | 'names' | 'functions';

const KIND_TEXT: Readonly<Record<OptionKind, string>> = {
  boolean: 'a boolean',
  string: 'a string',
  names: 'a list of strings',
  functions: 'a list of functions',
};

function hasKind(value: unknown, kind: OptionKind): boolean {
  if (kind === 'names') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (kind === 'functions') return Array.isArray(value) && value.every((item) => typeof item === 'function');
  return typeof value === kind;
}

/**
 * The options object of `fn`, checked: `undefined` is `{}`; anything else must be an object whose
 * keys are among `kinds` (a misspelt option would silently do nothing) and whose values, where
 * `kinds` names a kind and the value is not `undefined`, have that kind.
 */
export function checkOptions<T extends object>(fn: string, options: T | undefined, kinds: Readonly<Record<string, OptionKind | 'any'>>): T {
  if (options === undefined) return {} as T;
  if (!isRecord(options)) throw catalogError(`${fn}: options must be an object`, 'options', 'type_mismatch');
  for (const [key, value] of Object.entries(options as JsonRecord)) {
    const kind = Object.hasOwn(kinds, key) ? kinds[key] : undefined;
    if (kind === undefined) {
      throw catalogError(`${fn}: unknown option '${key}' (known: ${Object.keys(kinds).join(', ')})`, key, 'extra_field');
    }
    if (kind !== 'any' && value !== undefined && !hasKind(value, kind)) {
      throw catalogError(`${fn}: option ${key} must be ${KIND_TEXT[kind]}`, key, 'type_mismatch');
    }
  }
  return options;
}
