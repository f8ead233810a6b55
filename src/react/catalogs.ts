import { basicCatalog, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { Catalog } from '@a2ui/web_core/v0_9';
import { BASIC_CATALOG_ID_V10 } from '../index.js';

let v10: Catalog<ReactComponentImplementation> | undefined;

/**
 * `@a2ui/react`'s basic catalog registered again under the v1.0 basic catalog id
 * (`https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json`): the same components and
 * functions as its v0.9 basic catalog, which renders v1.0 basic-catalog surfaces as they are.
 * Built once.
 */
export function reactBasicCatalogV10(): Catalog<ReactComponentImplementation> {
  v10 ??= new Catalog(BASIC_CATALOG_ID_V10, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]);
  return v10;
}

/** The catalogs the hook's own processor knows by default: the basic catalog for v0.9 and for v1.0. */
export function defaultCatalogs(): Catalog<ReactComponentImplementation>[] {
  return [basicCatalog, reactBasicCatalogV10()];
}
