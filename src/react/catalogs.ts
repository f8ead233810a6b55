import { basicCatalog, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { Catalog, type FunctionImplementation } from '@a2ui/web_core/v0_9';
import { BASIC_CATALOG_ID_V10 } from '../index.js';
import { INDEX_FUNCTION } from '../web-core/index-function.js';
import { OPEN_URL_FUNCTION } from '../web-core/open-url.js';
import { withGuardedMedia } from './url-policy.js';

let v09: Catalog<ReactComponentImplementation> | undefined;
let v10: Catalog<ReactComponentImplementation> | undefined;

/** `@a2ui/react`'s basic catalog under `id`, its media components, `Text` and `openUrl` under the URL policy. */
function guardedBasicCatalog(id: string, extra: FunctionImplementation[] = []): Catalog<ReactComponentImplementation> {
  const functions = [...basicCatalog.functions.values()].map((fn) => (fn.name === OPEN_URL_FUNCTION.name ? OPEN_URL_FUNCTION : fn));
  return new Catalog(id, withGuardedMedia(basicCatalog.components.values()), [...functions, ...extra]);
}

/**
 * `@a2ui/react`'s basic catalog, its `Image`, `Video` and `AudioPlayer` drawn and `openUrl` opening
 * only when the URL policy allows their URL (see `UseA2uiSurfacesOptions.allowUrl`). Built once.
 */
export function reactBasicCatalogV09(): Catalog<ReactComponentImplementation> {
  v09 ??= guardedBasicCatalog(basicCatalog.id);
  return v09;
}

/**
 * `@a2ui/react`'s basic catalog registered again under the v1.0 basic catalog id
 * (`https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json`): the same components and
 * functions as its v0.9 basic catalog, which renders v1.0 basic-catalog surfaces as they are, plus
 * v1.0's `@index` system function (web_core has none); its media components under the URL policy,
 * as in {@link reactBasicCatalogV09}. Built once.
 */
export function reactBasicCatalogV10(): Catalog<ReactComponentImplementation> {
  v10 ??= guardedBasicCatalog(BASIC_CATALOG_ID_V10, [INDEX_FUNCTION]);
  return v10;
}

/** The catalogs the hook's own processor knows by default: the basic catalog for v0.9 and for v1.0. */
export function defaultCatalogs(): Catalog<ReactComponentImplementation>[] {
  return [reactBasicCatalogV09(), reactBasicCatalogV10()];
}
