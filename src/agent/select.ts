/** Choosing the catalog a response will use, from the agent's catalogs and a client's capabilities. */
import type { Catalog, CatalogDocuments } from '../index.js';
import { readCapabilities, type ClientCapabilities, type InlineCatalog, type VersionedClientCapabilities } from './capabilities.js';
import { checkCatalog, checkOptions } from './checks.js';
import { catalogDocuments, catalogWithDocuments } from './documents.js';
import { catalogError } from './errors.js';
import { copyJson, isRecord, setOwn, type JsonRecord } from './json.js';
import type { SchemaModifier } from './modifiers.js';

/** Options of {@link selectCatalog}. */
export interface SelectCatalogOptions {
  /** Whether the agent merges catalogs the client sends inline. Default `false`. */
  readonly acceptsInlineCatalogs?: boolean;
  /**
   * Applied in order to the selected catalog's documents and to each inline catalog before it is
   * merged (e.g. `[removeStrictValidation]`). Default: none.
   */
  readonly modifiers?: readonly SchemaModifier[];
}

function checkCatalogs(catalogs: readonly Catalog[]): void {
  const first = catalogs[0];
  if (first === undefined) throw catalogError('No supported catalogs found.', 'catalogs', 'missing_field');
  const seen = new Set<string>();
  catalogs.forEach((catalog, index) => {
    checkCatalog(catalog, `catalogs.${index}`);
    if (seen.has(catalog.id)) throw catalogError(`Duplicate catalog id: ${catalog.id}`, `catalogs.${index}.id`);
    seen.add(catalog.id);
    if (catalog.version !== first.version) {
      throw catalogError(
        `Catalogs mix protocol versions: '${first.id}' is ${first.version}, '${catalog.id}' is ${catalog.version}`,
        `catalogs.${index}.version`,
      );
    }
  });
}

/** `schema` through every modifier, in order; each must give back a schema object. */
function applied(schema: Readonly<JsonRecord>, modifiers: readonly SchemaModifier[]): Readonly<JsonRecord> {
  return modifiers.reduce<Readonly<JsonRecord>>((out, modify, index) => {
    const next: unknown = modify(out);
    if (!isRecord(next)) {
      const got = next === null ? 'null' : Array.isArray(next) ? 'a list' : typeof next === 'object' ? 'an object' : typeof next;
      throw catalogError(`modifiers.${index} returned ${got}, not a JSON Schema object`, `modifiers.${index}`, 'type_mismatch');
    }
    return next;
  }, schema);
}

function modified(documents: CatalogDocuments, modifiers: readonly SchemaModifier[]): CatalogDocuments {
  const apply = (schema: Readonly<JsonRecord>) => applied(schema, modifiers);
  return {
    catalog: apply(documents.catalog),
    ...(documents.serverToClient === undefined ? {} : { serverToClient: apply(documents.serverToClient) }),
    commonTypes: apply(documents.commonTypes),
  };
}

function merged(base: Catalog, inline: readonly InlineCatalog[], modifiers: readonly SchemaModifier[]): Catalog {
  const documents = modified(catalogDocuments(base), modifiers);
  const catalog = copyJson(documents.catalog) as JsonRecord;
  const components: JsonRecord = isRecord(catalog.components) ? catalog.components : {};
  for (const entry of inline) {
    const schema = applied(entry as unknown as JsonRecord, modifiers);
    if (isRecord(schema.components)) {
      for (const [name, component] of Object.entries(copyJson(schema.components))) setOwn(components, name, component);
    }
  }
  catalog.components = components;
  return catalogWithDocuments(base, { ...documents, catalog });
}

/**
 * The catalog to answer a client with, following the client's order of preference:
 * 1. no capabilities (`undefined`, `null`, `{}`): the agent's first catalog;
 * 2. inline catalogs sent and accepted: a copy of the base (the first of the client's
 *    `supportedCatalogIds` the agent has, else the agent's first catalog) with each inline
 *    catalog's `components` merged over its own, later ones winning (only components merge; the
 *    result keeps the base's id and cuttable keys);
 * 3. an empty `supportedCatalogIds`: the agent's first catalog;
 * 4. else the first id of the client's list that the agent has.
 * With `modifiers`, the result is a new catalog made from the modified documents. Compiles
 * nothing: the result is compiled when a parser or validator first uses it. Without inline
 * catalogs or modifiers, the agent's catalog itself is returned.
 *
 * @param catalogs The agent's catalogs, of one protocol version; the first is its default.
 * @param clientCapabilities The client's capabilities: for that version (see {@link ClientCapabilities}),
 *   or by version as the client sends them (`processor.getClientCapabilities()` of
 *   `@a2ui/web_core`; see {@link VersionedClientCapabilities}).
 * @throws A2uiCatalogError `No supported catalogs found.` for no catalogs; for duplicate ids or
 *   mixed versions; `Invalid client capabilities format: …`; `… the agent does not accept inline
 *   catalogs.` when inline catalogs come and are not accepted (checked first); `No
 *   client-supported catalog found on the agent side. …` when no id matches; for malformed options
 *   and a modifier that does not return an object.
 */
export function selectCatalog(
  catalogs: Catalog | readonly Catalog[],
  clientCapabilities?: ClientCapabilities | VersionedClientCapabilities | null,
  options?: SelectCatalogOptions,
): Catalog {
  const checked = checkOptions('selectCatalog', options, { acceptsInlineCatalogs: 'boolean', modifiers: 'functions' });
  const all: readonly Catalog[] = Array.isArray(catalogs) ? catalogs : [catalogs as Catalog];
  checkCatalogs(all);
  const first = all[0] as Catalog;
  const modifiers = checked.modifiers ?? [];
  const capabilities = readCapabilities(clientCapabilities, first.version);
  const byClientOrder = capabilities?.ids.map((id) => all.find((catalog) => catalog.id === id)).find((c) => c !== undefined);
  if (capabilities !== undefined && capabilities.inline.length > 0) {
    if (checked.acceptsInlineCatalogs !== true) {
      throw catalogError(
        "Inline catalog 'inlineCatalogs' is provided in client UI capabilities. However, the agent does not accept inline catalogs.",
        'inlineCatalogs',
      );
    }
    return merged(byClientOrder ?? first, capabilities.inline, modifiers);
  }
  let selected = first;
  if (capabilities !== undefined && capabilities.ids.length > 0) {
    if (byClientOrder === undefined) {
      throw catalogError(
        `No client-supported catalog found on the agent side. Agent-supported catalogs are: [${all.map((c) => c.id).join(', ')}]`,
        'supportedCatalogIds',
      );
    }
    selected = byClientOrder;
  }
  return modifiers.length === 0 ? selected : catalogWithDocuments(selected, modified(catalogDocuments(selected), modifiers));
}
