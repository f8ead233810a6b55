/**
 * Composition constraints while components stream (`allowedParents`, `allowedChildren`, the root
 * under the implicit `Surface` container): each parent→child edge is judged by
 * `compositionProblem` once, when the second of its ends arrives. Arriving, a closed and valid
 * component is judged as the child of the parents the surface holds that name it, and as the
 * parent of the children it names that the surface holds; a forbidden edge leaves it out (as an
 * invalid component is: reported, its placeholder in its place), so the edge is never shown. Which
 * end arrives second is the order of the text, the same at every chunking and whole. The work is
 * the component's own references and parents; a surface whose catalogs have no constraints does
 * none of it (`Surface.misplaced`).
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiValidationError, type A2uiErrorDetail } from '../errors.js';
import { componentTypeOf } from '../validate/component.js';
import { compositionProblem, SURFACE_TYPE, type EdgeEnd } from '../validate/composition.js';
import type { WireComponent } from '../validate/graph.js';
import { forEachReference } from './child-refs.js';
import { RELEASED } from './snapshots.js';
import { ownCatalog, type SurfaceCatalogs } from './surface-catalogs.js';

/** What the check reads of its surface. */
export interface EdgeHost {
  readonly id: string;
  readonly root: string | undefined;
  readonly catalogs: SurfaceCatalogs;
  readonly graph: { parentsOf(id: string): ReadonlySet<string> };
  /** The form held under each id ({@link RELEASED} once let go of). */
  readonly forms: ReadonlyMap<string, WireComponent>;
}

export class CompositionEdges {
  /** The end each component let go of was (its form is gone), for edges to it that arrive later. */
  #released: Map<string, EdgeEnd> | undefined;
  readonly #surface: EdgeHost;

  constructor(surface: EdgeHost) {
    this.#surface = surface;
  }

  /** `form`, held under `id`, is let go of: keeps its end. */
  release(id: string, form: WireComponent | undefined): void {
    if (form === undefined || form === RELEASED) return;
    const end = this.#endOf(id, form);
    if (end !== undefined) (this.#released ??= new Map()).set(id, end);
    else this.#released?.delete(id);
  }

  /** The error naming every edge `component` would complete that the constraints forbid; `undefined` when none. */
  error(component: WireComponent): A2uiValidationError | undefined {
    const surface = this.#surface;
    const id = component.id as string;
    const self = this.#endOf(id, component);
    if (self === undefined) return undefined;
    const problems: A2uiErrorDetail[] = [];
    const add = (problem: A2uiErrorDetail | undefined) => {
      if (problem !== undefined) problems.push(problem);
    };
    if (id === surface.root) add(compositionProblem({ id: surface.id, type: SURFACE_TYPE }, self, `${surface.id}.${id}`));
    for (const parentId of surface.graph.parentsOf(id)) {
      const parent = parentId === id ? undefined : this.#held(parentId);
      const problem = parent === undefined ? undefined : compositionProblem(parent, self);
      if (problem !== undefined) add({ ...problem, path: this.#path(parentId, id) });
    }
    forEachReference(this.#catalogOf(component) as Catalog, component, (ref, field) => {
      const child = ref === id ? undefined : this.#held(ref);
      if (child !== undefined) add(compositionProblem(self, child, `${surface.id}.${id}.${field}`));
    });
    const first = problems[0];
    return first === undefined ? undefined : new A2uiValidationError(first.message, { details: problems });
  }

  /**
   * Whether `placeholder`, standing for missing child `target`, fits under every parent the surface
   * holds that names `target` (else those parents wait for the real child: rule 10).
   */
  fits(placeholder: WireComponent, target: string): boolean {
    const self = this.#endOf(target, placeholder);
    if (self === undefined) return true;
    for (const parentId of this.#surface.graph.parentsOf(target)) {
      const parent = parentId === target ? undefined : this.#held(parentId);
      if (parent !== undefined && compositionProblem(parent, self) !== undefined) return false;
    }
    return true;
  }

  /** The end component `id` is as the surface holds it; `undefined`: not held, or of no known type. */
  #held(id: string): EdgeEnd | undefined {
    const form = this.#surface.forms.get(id);
    if (form === undefined) return undefined;
    return form === RELEASED ? this.#released?.get(id) : this.#endOf(id, form);
  }

  #endOf(id: string, form: WireComponent): EdgeEnd | undefined {
    const catalog = this.#catalogOf(form);
    const type = catalog === undefined ? undefined : componentTypeOf(catalog, form);
    return type === undefined ? undefined : { id, type: type.name, def: type.def };
  }

  /** The catalog `form` resolves to (strictly, as `validateMessages` judges ends). */
  #catalogOf(form: WireComponent): Catalog | undefined {
    return ownCatalog(this.#surface.catalogs, form);
  }

  /** Where parent `parentId` names `childId`, as `checkComposition` writes it (the field when its form is held). */
  #path(parentId: string, childId: string): string {
    const surface = this.#surface;
    const form = surface.forms.get(parentId);
    let at = `${surface.id}.${parentId}`;
    if (form === undefined || form === RELEASED) return at;
    let found = false;
    forEachReference(this.#catalogOf(form) as Catalog, form, (ref, field) => {
      if (!found && ref === childId) {
        found = true;
        at = `${at}.${field}`;
      }
    });
    return at;
  }
}
