/**
 * The catalogs one surface's components are read and judged with. Before v1.0's current dialect a
 * surface has one catalog: its start message's, else the first. In the current dialect each
 * component resolves its own, strictly, as `validateMessages` does (`resolveCatalog`): the catalog
 * its `catalogId` names, else the surface's default (its start's `catalogId`); an unknown one, or
 * none on a surface without a default, resolves to nothing (the component is left out), never to
 * the first catalog.
 */
import type { ResolvedCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { constrains } from '../validate/composition.js';
import { catalogFor, type CatalogScope } from '../validate/current-dialect.js';

/** What a surface's components resolve in (see the module's comment). */
export interface SurfaceCatalogs {
  /**
   * The surface's own catalog: its placeholders, cuttable keys and data model, and (outside the
   * current dialect) every component. In the current dialect, the default, else the first catalog.
   */
  readonly main: Catalog;
  /** Current dialect: the catalogs its components and calls resolve in; `undefined`: `main` for all. */
  readonly scope: CatalogScope | undefined;
  /** Whether a catalog its components may resolve to has composition constraints (else none is checked). */
  readonly constrained: boolean;
}

/** Picks the catalogs of the surfaces of one parser. */
export class CatalogChoice {
  /** Those of a surface no start message (nor `knownSurfaces` entry) set: the first catalog as default. */
  readonly plain: SurfaceCatalogs;
  readonly #catalogs: ResolvedCatalogs;
  readonly #current: boolean;
  readonly #constrained: boolean;

  constructor(catalogs: ResolvedCatalogs) {
    this.#catalogs = catalogs;
    this.#current = catalogs.version === '1.0' && catalogs.dialect === 'current';
    // In the current dialect a component may name any catalog: one with constraints makes every surface check them.
    this.#constrained = this.#current && catalogs.all.some(constrains);
    this.plain = this.#of(catalogs.default, catalogs.default, undefined);
  }

  /** Those of a surface whose start message (or `knownSurfaces` entry) names `catalogId`, which may be absent or unknown. */
  forStart(catalogId: unknown): SurfaceCatalogs {
    const catalogs = this.#catalogs;
    const named = typeof catalogId === 'string' ? catalogs.byId(catalogId) : undefined;
    if (!this.#current) return named === undefined || named === catalogs.default ? this.plain : this.#of(named, named, undefined);
    const missing = typeof catalogId === 'string' && named === undefined ? catalogId : undefined;
    return this.#of(named ?? catalogs.default, named ?? null, missing);
  }

  #of(main: Catalog, surfaceDefault: Catalog | null, missing: string | undefined): SurfaceCatalogs {
    const byId = this.#catalogs.byId;
    const scope: CatalogScope | undefined = this.#current ? { byId, surfaceDefault, ...(missing === undefined ? {} : { missing }) } : undefined;
    return { main, scope, constrained: this.#current ? this.#constrained : constrains(main) };
  }
}

/** Whether `a` and `b` resolve every component alike. */
export function sameCatalogs(a: SurfaceCatalogs, b: SurfaceCatalogs): boolean {
  return a === b || (a.main === b.main && a.scope?.surfaceDefault === b.scope?.surfaceDefault && a.scope?.missing === b.scope?.missing);
}

/** The catalog `component` resolves to (strictly: `undefined` when none; see the module's comment). */
export function ownCatalog(catalogs: SurfaceCatalogs, component: unknown): Catalog | undefined {
  return catalogs.scope === undefined ? catalogs.main : catalogFor(component, catalogs.scope);
}

/**
 * The catalog `component` is read with (its type, references): the one it resolves to, else the
 * surface's own (such a component is left out when validated; without validation it is read so).
 */
export function readingCatalog(catalogs: SurfaceCatalogs, component: unknown): Catalog {
  return catalogs.scope === undefined ? catalogs.main : (catalogFor(component, catalogs.scope) ?? catalogs.main);
}
