/** Pruning a catalog to the components and messages a prompt allows. */
import type { Catalog, CatalogDocuments, ComponentDef } from '../index.js';
import { checkOptions } from './checks.js';
import { catalogDocuments, catalogWithDocuments } from './documents.js';
import { catalogError } from './errors.js';
import { filterKeys, forEachRef, isRecord, setOwn, type JsonRecord } from './json.js';
import { hasDefs, namesReferenced, reachable, refName } from './reachable.js';

/** Options of {@link pruneCatalog}. Absent or empty lists mean "no restriction of that kind". */
export interface PruneOptions {
  /** Component types to keep (names in the catalog's `components`). Default: all. */
  readonly allowedComponents?: readonly string[];
  /**
   * Messages to keep. v0.8: the server-to-client schema's property names (`beginRendering`,
   * `surfaceUpdate`, `dataModelUpdate`, `deleteSurface`). v0.9+: the names of its `$defs`
   * (`CreateSurfaceMessage`, …) or the message keys (`createSurface`, …). Default: all. Only the
   * schema the prompt shows changes: the stream parser and `validateMessages` still accept every
   * message of the protocol with the pruned catalog.
   */
  readonly allowedMessages?: readonly string[];
}

const COMMON_TYPES = ['common_types.json'];

function unknownNames(kind: string, unknown: readonly string[], known: readonly string[], catalog: Catalog): never {
  const list = unknown.map((name) => `'${name}'`).join(', ');
  throw catalogError(
    `Unknown ${kind}${unknown.length > 1 ? 's' : ''} ${list} in allowed${kind === 'component' ? 'Components' : 'Messages'} of catalog '${catalog.id}'. Known: ${known.join(', ') || 'none'}`,
    kind === 'component' ? 'allowedComponents' : 'allowedMessages',
  );
}

function pruneComponents(doc: JsonRecord, allowed: ReadonlySet<string>, catalog: Catalog): JsonRecord {
  const components = isRecord(doc.components) ? doc.components : {};
  const known = Object.keys(components);
  const unknown = [...allowed].filter((name) => !Object.hasOwn(components, name));
  if (unknown.length > 0) unknownNames('component', unknown, known, catalog);
  const out: JsonRecord = { ...doc, components: filterKeys(components, (name) => allowed.has(name)) };
  const defs = doc.$defs;
  if (isRecord(defs) && isRecord(defs.anyComponent) && Array.isArray(defs.anyComponent.oneOf)) {
    const oneOf = defs.anyComponent.oneOf.filter((item) => {
      const name = isRecord(item) && typeof item.$ref === 'string' ? refName(item.$ref, 'components') : undefined;
      return name === undefined || allowed.has(name);
    });
    out.$defs = { ...defs, anyComponent: { ...defs.anyComponent, oneOf } };
  }
  return out;
}

/** v0.8: the allowed properties of the server-to-client schema and those they refer to. */
function pruneMessagesV08(s2c: JsonRecord, allowed: ReadonlySet<string>, catalog: Catalog): JsonRecord {
  const properties = isRecord(s2c.properties) ? s2c.properties : {};
  const unknown = [...allowed].filter((name) => !Object.hasOwn(properties, name));
  if (unknown.length > 0) unknownNames('message', unknown, Object.keys(properties), catalog);
  const kept = reachable(properties, allowed, 'properties');
  return { ...s2c, properties: filterKeys(properties, (name) => kept.has(name)) };
}

/** v0.9+: the allowed message definitions of the `oneOf`, and the `$defs` they reach. */
function pruneMessagesV09(s2c: JsonRecord, allowed: ReadonlySet<string>, catalog: Catalog): JsonRecord {
  const defs = isRecord(s2c.$defs) ? s2c.$defs : {};
  const oneOf = Array.isArray(s2c.oneOf) ? s2c.oneOf : [];
  const messageDefs = oneOf.flatMap((item) => {
    const name = isRecord(item) && typeof item.$ref === 'string' ? refName(item.$ref, '$defs') : undefined;
    return name === undefined ? [] : [name];
  });
  const keyOf = (def: string) => {
    const properties = isRecord(defs[def]) ? (defs[def] as JsonRecord).properties : undefined;
    return isRecord(properties) ? Object.keys(properties).find((key) => key !== 'version') : undefined;
  };
  const wanted = new Set<string>();
  const unknown: string[] = [];
  for (const name of allowed) {
    const def = messageDefs.includes(name) ? name : messageDefs.find((d) => keyOf(d) === name);
    if (def === undefined) unknown.push(name);
    else wanted.add(def);
  }
  if (unknown.length > 0)
    unknownNames(
      'message',
      unknown,
      messageDefs.flatMap((d) => [d, keyOf(d) ?? []].flat()),
      catalog,
    );
  const keptOneOf = oneOf.filter((item) => {
    const name = isRecord(item) && typeof item.$ref === 'string' ? refName(item.$ref, '$defs') : undefined;
    return name === undefined || wanted.has(name);
  });
  // Roots: every ref outside `$defs` of what stays (the kept `oneOf` items, inline ones included).
  const roots: string[] = [];
  forEachRef([filterKeys(s2c, (key) => key !== '$defs' && key !== 'oneOf'), keptOneOf], (ref) => {
    const name = refName(ref, '$defs');
    if (name !== undefined) roots.push(name);
  });
  const kept = reachable(defs, roots, '$defs');
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(s2c)) {
    if (key === 'oneOf') out.oneOf = keptOneOf;
    else if (key === '$defs') out.$defs = filterKeys(defs, (name) => kept.has(name));
    else setOwn(out, key, value);
  }
  return out;
}

/** The common types the catalog and server-to-client schema reach, in their original order. */
function pruneCommonTypes(commonTypes: JsonRecord, catalog: unknown, s2c: unknown): JsonRecord {
  if (!hasDefs(commonTypes)) return commonTypes;
  const roots = [...namesReferenced(catalog, '$defs', COMMON_TYPES), ...namesReferenced(s2c, '$defs', COMMON_TYPES)];
  const kept = reachable(commonTypes.$defs, roots, '$defs', COMMON_TYPES);
  if (kept.size === Object.keys(commonTypes.$defs).length) return commonTypes;
  return { ...commonTypes, $defs: filterKeys(commonTypes.$defs, (name) => kept.has(name)) };
}

/** `documents` (those of `catalog`) pruned as {@link pruneCatalog} does; themselves when nothing is cut. */
function prunedDocuments(catalog: Catalog, documents: CatalogDocuments, options: PruneOptions): CatalogDocuments {
  const components = new Set(options.allowedComponents ?? []);
  const messages = new Set(options.allowedMessages ?? []);
  const doc = components.size === 0 ? documents.catalog : pruneComponents(documents.catalog, components, catalog);
  let s2c = documents.serverToClient;
  if (s2c !== undefined && messages.size > 0) {
    s2c = catalog.version === '0.8' ? pruneMessagesV08(s2c, messages, catalog) : pruneMessagesV09(s2c, messages, catalog);
  } else if (messages.size > 0) {
    throw catalogError(`Catalog '${catalog.id}' has no server-to-client schema to prune messages from`, 'allowedMessages');
  }
  const commonTypes = pruneCommonTypes(documents.commonTypes, doc, s2c);
  if (doc === documents.catalog && s2c === documents.serverToClient && commonTypes === documents.commonTypes) return documents;
  return { catalog: doc, ...(s2c === undefined ? {} : { serverToClient: s2c }), commonTypes };
}

/**
 * `catalog` cut down to the allowed components and messages, for a prompt that should offer a
 * model only these: components are kept in the catalog's order (and in v0.9's
 * `$defs.anyComponent.oneOf`); messages by version (v0.8: the server-to-client schema's
 * properties and those they refer to; v0.9+: its `oneOf` and the `$defs` they reach); and then,
 * always, the common types that the pruned catalog and message schema still reach (refs followed
 * by JSON Pointer, also refs into a definition and refs by file name or URL), so a pruned catalog
 * still compiles and validates what it keeps. The result is a working catalog: the stream parser
 * and `validateMessages` accept it and reject the components it no longer has. When nothing is
 * cut, `catalog` itself is returned. Compiles nothing.
 *
 * @throws A2uiCatalogError naming every allowed component or message the catalog does not have
 *   (an empty schema is never returned in its place); for options that are not lists of names.
 */
export function pruneCatalog(catalog: Catalog, options?: PruneOptions): Catalog {
  const checked = checkOptions('pruneCatalog', options, { allowedComponents: 'names', allowedMessages: 'names' });
  const documents = catalogDocuments(catalog);
  const pruned = prunedDocuments(catalog, documents, checked);
  if (pruned === documents) return catalog;
  if (catalog.documents !== undefined) return catalogWithDocuments(catalog, pruned);
  // Built from valibot schemas: keep its validators, without the components cut.
  const kept = isRecord(pruned.catalog.components) ? pruned.catalog.components : {};
  const components = new Map<string, ComponentDef>();
  for (const [name, def] of catalog.components) if (Object.hasOwn(kept, name)) components.set(name, def);
  return {
    id: catalog.id,
    version: catalog.version,
    ...(catalog.dialect === undefined ? {} : { dialect: catalog.dialect }),
    components,
    functions: catalog.functions,
    ...(catalog.theme === undefined ? {} : { theme: catalog.theme }),
    cuttableKeys: catalog.cuttableKeys,
    jsonSchema: pruned.catalog,
    documents: pruned,
  };
}
