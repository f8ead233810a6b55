import { basicCatalog, type LitComponentApi } from '@a2ui/lit/v0_9';
import { Catalog, type FunctionImplementation } from '@a2ui/web_core/v0_9';
import { BASIC_CATALOG_ID_V10 } from '../index.js';
import { INDEX_FUNCTION } from '../web-core/index-function.js';
import { OPEN_URL_FUNCTION } from '../web-core/open-url.js';
import { withGuardedMedia } from './guarded-media.js';

let v09: Catalog<LitComponentApi> | undefined;
let v10: Catalog<LitComponentApi> | undefined;

/** `@a2ui/lit`'s basic catalog under `id`, its media components and `openUrl` under the sink's URL policy. */
function guardedBasicCatalog(id: string, extra: FunctionImplementation[] = []): Catalog<LitComponentApi> {
  const functions = [...basicCatalog.functions.values()].map((fn) => (fn.name === OPEN_URL_FUNCTION.name ? OPEN_URL_FUNCTION : fn));
  return new Catalog(id, withGuardedMedia(basicCatalog.components.values()), [...functions, ...extra]);
}

/**
 * `@a2ui/lit`'s basic catalog, its `Image`, `Video` and `AudioPlayer` drawn and `openUrl` opening
 * only when the sink's URL policy allows their URL (see `A2uiLitSinkOptions.allowUrl`). Built once.
 */
export function litBasicCatalogV09(): Catalog<LitComponentApi> {
  v09 ??= guardedBasicCatalog(basicCatalog.id);
  return v09;
}

/**
 * The renderer's basic catalog registered under the v1.0 basic catalog id
 * (`https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json`): the same components and
 * functions as `@a2ui/lit`'s v0.9 basic catalog, which renders v1.0 basic-catalog surfaces as they
 * are, plus v1.0's `@index` system function (web_core has none); its media components under the
 * sink's URL policy, as in {@link litBasicCatalogV09}. Built once.
 */
export function litBasicCatalogV10(): Catalog<LitComponentApi> {
  v10 ??= guardedBasicCatalog(BASIC_CATALOG_ID_V10, [INDEX_FUNCTION]);
  return v10;
}

/** The catalogs a sink's own processor knows by default: the basic catalog for v0.9 and for v1.0. */
export function defaultCatalogs(): Catalog<LitComponentApi>[] {
  return [litBasicCatalogV09(), litBasicCatalogV10()];
}
