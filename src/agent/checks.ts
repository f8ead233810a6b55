/** Checks of what callers hand the agent side, as A2uiCatalogErrors. */
import { isProtocolVersion, PROTOCOL_VERSIONS, type Catalog, type ProtocolVersion } from '../index.js';
import { catalogError } from './errors.js';
import { isRecord } from './json.js';

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
