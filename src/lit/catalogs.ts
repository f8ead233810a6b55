import { basicCatalog, type LitComponentApi } from '@a2ui/lit/v0_9';
import { Catalog,  } from '@a2ui/web_core/v0_9';
import { BASIC_CATALOG_ID_V10 } from '../index.js';

let v10: Catalog<LitComponentApi> | undefined;

/**
 * The renderer's basic catalog registered under the v1.0 basic catalog id
 * (`https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json`): the same components and
 * functions as `@a2ui/lit`'s v0.9 basic catalog, which renders v1.0 basic-catalog surfaces as they
 * are. Built once.
 */
export function litBasicCatalogV10(): Catalog<LitComponentApi> {
  v10 ??= new Catalog(BASIC_CATALOG_ID_V10, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]);
  return v10;
}

/** The catalogs a sink's own processor knows by default: the basic catalog for v0.9 and for v1.0. */
export function defaultCatalogs(): Catalog<LitComponentApi>[] {
  return [basicCatalog, litBasicCatalogV10()];
}
