/**
 * What one surface's catalogs accept: the catalogs its components resolve in, the verdict on each
 * form (cached per form object, {@link Validity}), and the composition constraints between parents
 * and children ({@link CompositionEdges}, only where a catalog has them). `Surface` holds one.
 */
import type { Catalog } from '../catalog/model.js';
import type { A2uiValidationError } from '../errors.js';
import type { WireComponent } from '../validate/graph.js';
import { CompositionEdges, type EdgeHost } from './composition-edges.js';
import { placeholderTarget, type Placeholders } from './placeholders.js';
import { ownCatalog, readingCatalog, sameCatalogs, type SurfaceCatalogs } from './surface-catalogs.js';
import { Validity } from './validity.js';

export class SurfaceJudge {
  #catalogs: SurfaceCatalogs;
  readonly #validity: Validity;
  readonly #composition: CompositionEdges;
  readonly #placeholders: Placeholders;

  /**
   * @param surface The surface judged (its graph and forms, for the composition constraints).
   * @param validate `false`: every form is valid (the parser's `validate: false`).
   * @param turns The `turns` option: the verdicts of each turn's ids the surface does not hold are forgotten at its end.
   */
  constructor(surface: Omit<EdgeHost, 'catalogs'>, catalogs: SurfaceCatalogs, validate: boolean, placeholders: Placeholders, turns = false) {
    this.#catalogs = catalogs;
    this.#validity = new Validity(validate, turns);
    this.#placeholders = placeholders;
    const judge = this;
    this.#composition = new CompositionEdges({
      get id() {
        return surface.id;
      },
      get root() {
        return surface.root;
      },
      get graph() {
        return surface.graph;
      },
      get forms() {
        return surface.forms;
      },
      get catalogs() {
        return judge.#catalogs;
      },
    });
  }

  /** What its components resolve in: `main` is the surface's own catalog (placeholders, cuttable keys, data model). */
  get catalogs(): SurfaceCatalogs {
    return this.#catalogs;
  }

  /** The catalog `component` is read with (its type, references; see `readingCatalog`). */
  catalogOf(component: unknown): Catalog {
    return readingCatalog(this.#catalogs, component);
  }

  /** Takes `catalogs` (a start message naming them); `false` when they are the same. Every verdict of the old ones is forgotten. */
  use(catalogs: SurfaceCatalogs): boolean {
    if (sameCatalogs(catalogs, this.#catalogs)) return false;
    this.#catalogs = catalogs;
    this.#validity.clear();
    return true;
  }

  /**
   * Whether the catalog `form` resolves to accepts it (cached per form); none: not valid. A
   * placeholder must also fit under the parents that name it (composition constraints, judged
   * each time: its parents change), else they wait for the real child.
   */
  isValid(form: WireComponent): boolean {
    if (!this.#validity.isValid(ownCatalog(this.#catalogs, form), form, this.#catalogs.scope)) return false;
    if (!this.#catalogs.constrained || !this.#placeholders.isPlaceholder(form)) return true;
    const id = form.id as string;
    return this.#composition.fits(form, placeholderTarget(id) ?? id);
  }

  /** Whether `component` (this very object) was found valid. */
  isKnownValid(component: unknown): boolean {
    return this.#validity.isKnownValid(component);
  }

  /** The error when closed, valid `component` completes an edge the constraints forbid (`composition-edges.ts`). */
  misplaced(component: WireComponent): A2uiValidationError | undefined {
    return this.#catalogs.constrained ? this.#composition.error(component) : undefined;
  }

  /** Component `id`, held as `form`, was let go of: the constraints keep only its type. */
  released(id: string, form: WireComponent | undefined): void {
    if (this.#catalogs.constrained) this.#composition.release(id, form);
  }

  /** `component` came back as sent: it was valid. */
  markValid(component: WireComponent): void {
    this.#validity.markValid(component);
  }

  /** Forgets the verdicts about `id` (released, or its placeholder no longer shown). */
  forget(id: string): void {
    this.#validity.forget(id);
  }

  /** A turn ended: the verdicts about ids judged in it that the surface does not hold (`holds`) go. */
  turnEnded(holds: (id: string) => boolean): void {
    this.#validity.turnEnded(holds);
  }

  /** Forgets the last valid form per type (the surface sleeps). */
  forgetTypes(): void {
    this.#validity.forgetTypes();
  }
}
