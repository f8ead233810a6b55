/**
 * The references between one surface's components: the reachability graph, the count of what
 * each component draws (`maxExpansion`), the self-references, and what a component let go of
 * referred to. `Surface` records each put here, and after a roll-back each component it took back.
 */
import type { Catalog } from '../catalog/model.js';
import { type A2uiError, A2uiValidationError } from '../errors.js';
import { selfReferenceError, type WireComponent } from '../validate/graph.js';
import type { Overflow } from './carry.js';
import { Expansion, type ChildRefs } from './expansion.js';
import { childRefsOf, forEachReference, templatesOf } from './child-refs.js';
import { Reachability } from './reachability.js';
import { RELEASED } from './snapshots.js';
import { MAX_TEMPLATES_PER_LIST, TemplateBindings, type Binding, type BoundData } from './template-bindings.js';

/** What a released component's references were (only the graph and the expansion count hold them). */
export interface ReleasedRefs {
  readonly refs: readonly string[];
  readonly weights: ReadonlyMap<string, number> | undefined;
  readonly bindings: readonly Binding[] | undefined;
}

export class SurfaceGraph {
  /** Which components are reachable from the root (read by the snapshot modes). */
  readonly reach = new Reachability();
  readonly #expansion: Expansion;
  readonly #selfReferences = new Set<string>();
  /** Components left out past `maxExpansion` (reported once each). */
  readonly #overExpanded = new Set<string>();
  /** The templates bound to data paths, by component. */
  readonly #bindings: TemplateBindings;

  /**
   * @param maxExpansion The bound on what a component draws.
   * @param catalogOf The catalog a component is read with now.
   * @param data The data model as sent (a template is counted by its list's length there).
   */
  constructor(
    maxExpansion: number,
    private readonly catalogOf: (component: unknown) => Catalog,
    private readonly data: BoundData,
  ) {
    this.#bindings = new TemplateBindings(data);
    this.#expansion = new Expansion(
      maxExpansion,
      (id) => this.reach.parentsOf(id),
      (id) => this.reach.refsOf(id),
    );
  }

  /** The references of `component`, each template weighed by its data where the data model knows it. */
  childRefs(component: WireComponent): ChildRefs {
    return childRefsOf(this.catalogOf(component), component, (path) => this.data.lengthAt(path));
  }

  /** What released component `id` refers to (see {@link ReleasedRefs}). */
  releasedRefs(id: string): ReleasedRefs {
    return { refs: this.reach.refsOf(id), weights: this.#expansion.weightsOf(id), bindings: this.#bindings.of(id) };
  }

  /**
   * Counts `id` with the references `children`. `'over'` when that takes a count past
   * `maxExpansion` or binds a list that `MAX_TEMPLATES_PER_LIST` others bind already (nothing
   * changes), with the error the first time for `id`; `'ok'` else.
   */
  admit(surfaceId: string, id: string, children: ChildRefs): 'ok' | 'over' | A2uiError {
    const crowded = this.#bindings.crowded(id, children.bindings);
    const overflow = crowded === undefined ? this.#expansion.set(id, children) : undefined;
    if (crowded === undefined && overflow === undefined) return 'ok';
    if (this.#overExpanded.has(id)) return 'over';
    this.#overExpanded.add(id);
    if (crowded !== undefined) {
      const limit = MAX_TEMPLATES_PER_LIST;
      return leftOutError(surfaceId, id, `${limit} components already hold a template bound to data path '${crowded}' (at most ${limit} per list)`);
    }
    const { at, count } = overflow as Overflow;
    return leftOutError(surfaceId, id, `'${at}' would draw ${count} components (maxExpansion is ${this.#expansion.max})`);
  }

  /** The turn ended: a component left out in it is reported again when a later turn names it (as a parser made for that turn would). */
  turnEnded(): void {
    this.#overExpanded.clear();
  }

  /** How many components {@link admit} has left out (they would draw past `maxExpansion`, or crowd a list's templates). */
  get leftOut(): number {
    return this.#overExpanded.size;
  }

  /**
   * Counts `id` with the references `children` (`weights`: those saved for a released one) whatever
   * the bound: the client holds that form (the turn's end takes it back, `Surface.forgetUnsent`).
   * {@link track} records them after.
   */
  restore(id: string, children: ChildRefs, weights?: ReadonlyMap<string, number>): void {
    this.#expansion.set(id, children, false, weights);
  }

  /** Records `id`'s references (`isNew`: it did not exist before); counted by {@link admit} first. */
  track(id: string, children: ChildRefs, isNew: boolean): void {
    const refs = children.refs;
    if (refs.includes(id)) this.#selfReferences.add(id);
    else this.#selfReferences.delete(id);
    this.reach.update(id, refs, isNew);
    this.#bindings.set(id, children.bindings);
  }

  /** Whether a component holds a template bound to a data path (else a data change counts nothing again). */
  get bindsData(): boolean {
    return !this.#bindings.isEmpty;
  }

  /**
   * The data at `paths` changed: each component with a template bound at, under or above one whose
   * list now has another length is counted again with its lists' lengths now. Returns those that would take a count past
   * `maxExpansion` (nothing of them changes), with the error the first time for each (see {@link admit}).
   */
  recount(surfaceId: string, paths: readonly string[]): { id: string; error: A2uiError | undefined }[] {
    const changed = new Set<string>();
    for (const path of paths) this.#bindings.changed(path, changed);
    const over: { id: string; error: A2uiError | undefined }[] = [];
    if (changed.size === 0) return over;
    // Templates counted again often share their list: each length is read once.
    const lengths = new Map<string, number | undefined>();
    const lengthAt = (path: string) => {
      if (!lengths.has(path)) lengths.set(path, this.data.lengthAt(path));
      return lengths.get(path);
    };
    const entries = [...changed].map((id): [string, ChildRefs] => {
      const bindings = this.#bindings.of(id);
      return [id, { refs: this.reach.refsOf(id), templates: templatesOf(bindings, lengthAt), bindings }];
    });
    // Counted together in one pass; one by one when that passes the bound (each then stands or falls alone).
    if (this.#expansion.setAll(entries)) return over;
    for (const [id, children] of entries) {
      const admitted = this.admit(surfaceId, id, children);
      if (admitted !== 'ok') over.push({ id, error: admitted === 'over' ? undefined : admitted });
    }
    return over;
  }

  /** Component `id` is gone (left out as invalid, or taken back by a roll-back). */
  remove(id: string): void {
    this.#bindings.set(id, undefined);
    this.#expansion.remove(id);
    this.#selfReferences.delete(id);
    this.reach.remove(id);
  }

  /**
   * Records again the components of `ids` as `components` holds them after a roll-back: one no
   * longer there is removed, a released one takes the references `released` saved for it (else as
   * the graph has them). The rest of the graph stands as it is. Calls `tracked` for each id.
   */
  rolledBack(
    ids: Iterable<string>,
    components: ReadonlyMap<string, WireComponent>,
    released: ReadonlyMap<string, ReleasedRefs>,
    tracked: (id: string) => void,
  ): void {
    for (const id of ids) {
      const component = components.get(id);
      if (component === undefined) this.remove(id);
      else {
        const refs: ChildRefs & Partial<ReleasedRefs> = component === RELEASED ? (released.get(id) ?? this.releasedRefs(id)) : this.childRefs(component);
        this.#expansion.set(id, refs, false, refs.weights);
        // As arriving: it may not have been there just before (left out, then taken back).
        this.track(id, refs, true);
      }
      tracked(id);
    }
  }

  /** @throws A2uiRecursionError when a component refers to itself, reachable or not (as in the reference). */
  checkSelfReferences(componentOf: (id: string) => WireComponent | undefined): void {
    for (const id of this.#selfReferences) {
      const component = componentOf(id);
      forEachReference(this.catalogOf(component), component, (ref, field) => {
        if (ref === id) throw selfReferenceError(id, field);
      });
    }
  }
}

/** The `limit_exceeded` error for component `componentId` left out of the surface, and `why`. */
function leftOutError(surfaceId: string, componentId: string, why: string): A2uiValidationError {
  const message = `Component '${componentId}' of surface '${surfaceId}' left out: ${why}`;
  return new A2uiValidationError(message, {
    details: [{ path: '', code: 'limit_exceeded', message, surfaceId, componentId }],
  });
}
