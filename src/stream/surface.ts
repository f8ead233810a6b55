/**
 * One surface while a response streams: its lifecycle, its components (the latest form of each id),
 * its root, the graph of references between them, what was sent, its data model, and the changes
 * since its last snapshot. Nothing leaks between surfaces (the reference kept one global cache).
 * Which components go out, and in what form, is decided by the rules of `readiness.ts` and by the
 * snapshot mode (one {@link Snapshots} object per surface). Work per snapshot is proportional to
 * what changed: reachability is kept incrementally, forms and verdicts are cached per component object.
 */
import { A2uiIntegrityError, type A2uiError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import type { WireComponent } from '../validate/graph.js';
import { dataModelFor, type DataModel } from './data-model.js';
import { ClientForms } from './client-forms.js';
import type { ChildRefs } from './expansion.js';
import { sameJson } from './json-values.js';
import { limitError, type StreamParserOptions } from './options.js';
import { Placeholders } from './placeholders.js';
import type { Reachability } from './reachability.js';
import { RELEASED, type FormEntry, type Gates, type Snapshots } from './snapshots.js';
import { SurfaceGraph, type ReleasedRefs } from './surface-graph.js';
import { Validity } from './validity.js';
import type { Wire } from './wire.js';

/**
 * Where a surface is in its life:
 * - `'unstarted'`: components may arrive, they wait for its start message (named by `end()` if it never comes);
 * - `'historyOnly'`: as unstarted, but its components came from `history` (not this response's to name);
 * - `'started'`: its start message went out (or `history` holds it) and the parser knows its tree;
 * - `'treeUnknown'`: created in an earlier turn and named only in `knownSurfaces`: the renderer
 *   holds a tree the parser does not know, so every component counts as reachable and references
 *   stay as they are (no placeholder would replace a component the renderer may hold).
 */
export type SurfaceState = 'unstarted' | 'historyOnly' | 'started' | 'treeUnknown';

/** Settings shared by every surface of one parser. */
export interface SurfaceSettings {
  readonly wire: Wire;
  readonly validate: boolean;
  /** Makes the surface's snapshot mode (chosen once per parser from the `snapshots` option). */
  readonly snapshots: (surface: Surface, gates: Gates) => Snapshots;
  /** Makes the surface's gates of rules 10 and 11 (`readiness.ts`'s `liveGates`). */
  readonly gates: (surface: Surface) => Gates;
  readonly maxComponentsPerSurface: number;
  readonly maxExpansion: number;
  /** The components every surface of the parser holds together, against `maxComponents` (one object, shared). */
  readonly held: ComponentBudget;
  readonly placeholder: StreamParserOptions['placeholder'];
}

/** The components all surfaces of one parser hold (released ones too), and the most they may (`maxComponents`). */
export interface ComponentBudget {
  held: number;
  readonly max: number;
}

/** How a snapshot is taken (see {@link Surface.snapshot}). */
export interface SnapshotOptions {
  /** A components message completed: its surface's root must have arrived. Default `false`. */
  readonly checkRoot?: boolean;
  /** Characters of the block read, after a piece of input: a snapshot that only lengthens text on screen may wait. Default: none (it goes out now). */
  readonly at?: number;
  /** Rules 10 and 11 for this snapshot. Default: the surface's own (`history` seeds with `SEEDING_GATES`). */
  readonly gates?: Gates;
}

const NO_REFS: readonly string[] = Object.freeze([]);

export class Surface {
  /** The reference graph between its components (read by the snapshot modes). */
  readonly graph: Reachability;
  /** Its data model as sent. */
  readonly dataModel: DataModel;
  /** The stand-ins for its missing children. */
  readonly placeholders: Placeholders;
  readonly wire: Wire;

  #state: SurfaceState = 'unstarted';
  /** Latest form of every component seen, by id. Component objects are immutable and shared. */
  readonly #components = new Map<string, WireComponent>();
  /** What the client holds: each component (placeholders included) as last sent. */
  readonly #sent: ClientForms;
  /** Components whose form may have changed since the last snapshot. */
  readonly #touched = new Set<string>();
  /** Components whose child list is still streaming. */
  readonly #openLists = new Set<string>();
  readonly #validity: Validity;
  /** Rules 10 and 11 for this surface's snapshots (see `readiness.ts`). */
  readonly #gates: Gates;
  readonly #snapshots: Snapshots;
  readonly #maxComponents: number;
  readonly #held: ComponentBudget;
  #rootId: string | undefined;
  /** A component changed since the last snapshot. */
  #changed = false;
  /** Each component's form before the changes no snapshot has shown yet (`undefined`: new), to roll back. */
  readonly #undo = new Map<string, WireComponent | undefined>();
  /** The references of the released components in {@link undo} (only the graph held them). */
  readonly #undoRefs = new Map<string, ReleasedRefs>();
  /** References, self-references, what each component draws. */
  readonly #refs: SurfaceGraph;
  /** Ids whose held form is a partial of the object still streaming (see {@link redefinitionWaits}). */
  readonly #streaming = new Set<string>();
  /** v0.8: the start message last sent, as JSON (a repeat that changes nothing is not sent). */
  #lastStart: string | undefined;
  #surfaceCatalog: Catalog;

  constructor(
    readonly id: string,
    surfaceCatalog: Catalog,
    settings: SurfaceSettings,
  ) {
    this.#surfaceCatalog = surfaceCatalog;
    this.wire = settings.wire;
    this.#maxComponents = settings.maxComponentsPerSurface;
    this.#held = settings.held;
    this.#refs = new SurfaceGraph(
      settings.maxExpansion,
      () => this.#surfaceCatalog,
      (path) => this.dataModel.lengthAt(path),
    );
    this.graph = this.#refs.reach;
    this.#rootId = this.wire.spec.defaultRoot;
    this.dataModel = dataModelFor(this.wire.spec);
    this.#validity = new Validity(settings.validate);
    this.placeholders = new Placeholders(settings.placeholder, this.wire, surfaceCatalog);
    this.#sent = new ClientForms(this.placeholders);
    this.#gates = settings.gates(this);
    this.#snapshots = settings.snapshots(this, this.#gates);
  }

  /** Where it is in its life. */
  get state(): SurfaceState {
    return this.#state;
  }

  /** History left it unstarted: its components are not this response's to report. */
  seededUnstarted(): void {
    if (this.#state === 'unstarted') this.#state = 'historyOnly';
  }

  /** History holds its start message, or its root component: the parser knows its tree. */
  treeKnown(): void {
    if (this.#state === 'treeUnknown') this.#state = 'started';
  }

  /** The component held under `id` ({@link RELEASED} once let go of); `undefined`: none. */
  component(id: string): WireComponent | undefined {
    return this.#components.get(id);
  }

  /** Whether a component `id` is held (released ones too). */
  holds(id: string): boolean {
    return this.#components.has(id);
  }

  /** How many components it holds. */
  get componentCount(): number {
    return this.#components.size;
  }

  /** Every component it holds ({@link RELEASED} for those let go of). */
  heldComponents(): IterableIterator<WireComponent> {
    return this.#components.values();
  }

  /** The components whose form may have changed since the last snapshot. */
  get touched(): ReadonlySet<string> {
    return this.#touched;
  }

  /** A snapshot looked at every touched component. */
  clearTouched(): void {
    this.#touched.clear();
  }

  /** What the client holds of it (see `ClientForms`). */
  get sent(): Pick<ClientForms, 'get' | 'has' | 'keys'> {
    return this.#sent;
  }

  /** Whether the surface's catalog accepts `form` (cached per form). */
  isValid(form: WireComponent): boolean {
    return this.#validity.isValid(this.#surfaceCatalog, form);
  }

  /** Whether `component` (this very object) was found valid. */
  isKnownValid(component: unknown): boolean {
    return this.#validity.isKnownValid(component);
  }

  /** Component `id` was sent as it is: let go of (see {@link release}). */
  releaseComponent(id: string): void {
    this.#components.set(id, RELEASED);
    this.forgetSent(id);
  }

  /** A component let go of and kept aside comes back, as sent and valid. */
  restore(component: WireComponent): void {
    const id = component.id as string;
    this.#components.set(id, component);
    this.#sent.set(id, component);
    this.#validity.markValid(component);
  }

  /** The catalog the surface's components are checked against. */
  get catalog(): Catalog {
    return this.#surfaceCatalog;
  }

  /** Switching catalogs (a start message naming one) forgets every verdict and placeholder of the old one. */
  set catalog(catalog: Catalog) {
    if (catalog === this.#surfaceCatalog) return;
    this.#surfaceCatalog = catalog;
    this.#validity.clear();
    this.#snapshots.reset();
    this.placeholders.useCatalog(catalog);
  }

  /** Root component id; `undefined` until known (v0.8 waits for `beginRendering`). */
  get root(): string | undefined {
    return this.#rootId;
  }

  set root(id: string | undefined) {
    if (id === this.#rootId) return;
    this.#rootId = id;
    this.graph.invalidate();
  }

  /** Whether its start message went out (or the renderer has the surface from an earlier turn). */
  get started(): boolean {
    return this.#state === 'started' || this.#state === 'treeUnknown';
  }

  /** Whether a component changed since the last snapshot. */
  get hasChanges(): boolean {
    return this.#changed;
  }

  /** The start message `message` (root `root`, if a string) went out. */
  start(message: object, root: unknown): void {
    if (typeof root === 'string') this.root = root;
    this.root ??= 'root';
    this.#state = 'started';
    if (this.wire.startRepeats) this.#lastStart = JSON.stringify(message);
  }

  /**
   * Whether a start message for the started surface goes out again: only where a renderer applies
   * a repeat (v0.8), and only when it changes something; it then sets the root.
   */
  startsAgain(message: object, root: unknown): boolean {
    if (!this.wire.startRepeats) return false;
    const json = JSON.stringify(message);
    if (this.#lastStart === json) return false;
    this.#lastStart = json;
    this.setRoot(root);
    return true;
  }

  /** Sets the root from a start message in `history`, which the renderer applied. */
  setRoot(root: unknown): void {
    if (typeof root === 'string' && root !== this.#rootId) {
      this.root = root;
      this.#changed = true;
    }
  }

  /** Named in `knownSurfaces` (root `root`, default `root`): the renderer holds a tree the parser does not know. */
  know(root: string | undefined): void {
    this.#state = 'treeUnknown';
    this.root = root ?? this.#rootId ?? 'root';
  }

  /** Whether `partial` says nothing new: the same JSON as the component held, list state alike. */
  unchanged(partial: WireComponent, listOpen: boolean): boolean {
    const id = partial.id as string;
    return this.#openLists.has(id) === listOpen && sameJson(this.#components.get(id), partial);
  }

  /**
   * Rule 4 of `readiness.ts` (no flicker): a partial of `id` waits for its object to close when the
   * surface (or, where the tree is unknown, perhaps the renderer) holds a closed definition of it.
   */
  redefinitionWaits(id: string): boolean {
    return (this.#state === 'treeUnknown' || this.#components.has(id)) && !this.#streaming.has(id);
  }

  /** The block ended: an object left open never closes, and what it put counts as closed. */
  partialsClosed(): void {
    this.#streaming.clear();
  }

  /**
   * Records a component (closed, or a healed partial); marks the surface changed when it is new.
   * Returns the error when it is left out because the surface would draw more than `maxExpansion`
   * components (a partial of it held goes, as in {@link reject}): once per id, then `undefined`.
   */
  put(component: WireComponent, listOpen = false, partial = false): A2uiError | undefined {
    const id = component.id as string;
    const before = this.#components.get(id);
    let children: ChildRefs | undefined;
    if (before !== component) {
      if (before === undefined) this.#checkNew();
      children = this.#refs.childRefs(component);
      const admitted = this.#refs.admit(this.id, id, children);
      if (admitted !== 'ok') {
        this.reject(id);
        return admitted === 'over' ? undefined : admitted;
      }
    }
    this.#sent.owesNothing(id);
    if (partial) this.#streaming.add(id);
    else this.#streaming.delete(id);
    if (this.#state === 'historyOnly') this.#state = 'unstarted';
    this.#snapshots.wake();
    if (before === component && this.#openLists.has(id) === listOpen) return undefined;
    if (!this.#undo.has(id)) {
      this.#undo.set(id, before);
      if (before === RELEASED) this.#undoRefs.set(id, this.#refs.releasedRefs(id));
    }
    this.#components.set(id, component);
    if (before === undefined) this.#held.held++;
    this.#snapshots.noteChange(id);
    if (listOpen) this.#openLists.add(id);
    else this.#openLists.delete(id);
    this.#track(id, before === undefined, children ?? this.#refs.childRefs(component));
    this.#changed = true;
    return undefined;
  }

  /**
   * The closed form of `id` did not validate: a partial of it held goes (its parents show the
   * placeholder again), and one the client holds gives way to its placeholder, as if never sent.
   */
  reject(id: string): void {
    if (!this.#streaming.delete(id)) return;
    if (!this.#undo.has(id)) this.#undo.set(id, this.#components.get(id));
    if (this.#components.delete(id)) this.#held.held--;
    this.#refs.remove(id);
    this.#snapshots.noteChange(id);
    for (const parent of this.graph.parentsOf(id)) this.#touched.add(parent);
    this.#sent.standIn(id);
    this.#changed = true;
  }

  /** The placeholders that replace a form the client holds (see {@link reject}), valid by `gates`, not sent yet. */
  takeStandIns(gates: Gates): WireComponent[] {
    return this.#sent.takeStandIns((form) => gates.valid(form));
  }

  /**
   * The components to send now (see `readiness.ts`), sorted by id, then placeholders; `undefined`
   * when nothing is to go out. With `at`, a snapshot that only lengthens text on screen may wait
   * for the next one (see `Snapshots.take`); the surface then still has changes.
   * @throws A2uiIntegrityError with `checkRoot` when the root component was never seen.
   * @throws A2uiRecursionError on self-references, cycles reachable from the root, or depth > 50.
   */
  snapshot(options: SnapshotOptions = {}): WireComponent[] | undefined {
    const root = this.#rootId;
    if (!this.started || root === undefined) return undefined;
    this.#snapshots.wake();
    this.#changed = false;
    try {
      const snapshot = this.#build(root, options.checkRoot ?? false, options.at, options.gates ?? this.#gates);
      // What waits was not shown: it stays a change, and can still be rolled back.
      if (this.#snapshots.waits) this.#changed = true;
      else {
        this.#undo.clear();
        this.#undoRefs.clear();
      }
      return snapshot;
    } catch (error) {
      this.rollBack();
      throw error;
    }
  }

  /** Forgets the changes not yet shown by a snapshot (they led to an error). */
  rollBack(): void {
    this.#changed = false;
    this.#streaming.clear();
    if (this.#undo.size === 0) return;
    for (const [id, before] of this.#undo) {
      if (before === undefined) {
        if (this.#components.delete(id)) this.#held.held--;
      } else {
        if (!this.#components.has(id)) this.#held.held++;
        this.#components.set(id, before);
      }
    }
    this.#snapshots.reset();
    // Released components keep their references only in the graph and the count, rebuilt here.
    this.#refs.rebuild(this.#components, this.#undoRefs, (id) => this.#touched.add(id));
    this.#undo.clear();
    this.#undoRefs.clear();
  }

  /** The reachable components waiting for children that have no placeholder the catalog accepts. */
  waiting(): [string, string[]][] {
    return this.started ? this.#snapshots.waiting() : [];
  }

  /**
   * A block that looked at the surface closed: lets go of every component sent as it is (its id
   * and references stay in the graph, {@link RELEASED} stands in {@link components}), with the
   * caches about it. `busy`: the block before looked at it too.
   */
  release(busy: boolean): void {
    if (this.#changed || this.#undo.size > 0) return;
    this.#snapshots.release(busy);
  }

  /**
   * A block closed without looking at the surface, after one that did: lets go of what only its
   * next change needs (the parked data model, the last valid form per type, the graph's index;
   * with full snapshots, what {@link release} kept), so a surface changed per block is not parked.
   */
  sleep(): void {
    this.dataModel.park();
    this.#validity.forgetTypes();
    if (this.#changed || this.#undo.size > 0) return;
    this.#snapshots.sleep();
    this.graph.pack();
  }

  /** Component `id` as it goes out now. */
  entry(id: string): FormEntry {
    let absent: string[] | undefined;
    for (const ref of this.graph.refsOf(id)) if (!this.#components.has(ref)) (absent ??= []).push(ref);
    return this.#snapshots.entryOf(this.#components.get(id) as WireComponent, absent ?? NO_REFS, this.#openLists.has(id));
  }

  /** Whether `form` is what the client holds under `id` (see `ClientForms.isSent`). */
  isSent(id: string, form: WireComponent): boolean {
    return this.#sent.isSent(id, form);
  }

  /** Records `forms` as sent. */
  record(forms: readonly WireComponent[]): void {
    this.#sent.record(forms);
  }

  /**
   * The renderer made the surface again, empty (a v1.0 start message remade, see
   * `inline-start.ts`): every component held goes out again with the next snapshot.
   */
  resendAll(): void {
    this.#sent.clear();
    for (const [id, component] of this.#components) if (component !== RELEASED) this.#touched.add(id);
    this.#snapshots.reset();
    this.dataModel.forget();
    this.#changed = true;
  }

  /** Drops what the surface keeps about sending `id` (it was released, or its placeholder is no longer shown). */
  forgetSent(id: string): void {
    this.#sent.delete(id);
    this.#validity.forget(id);
  }

  /** Throws `maxComponentsPerSurface` when the components and `placeholders` more would exceed it. */
  checkComponentLimit(placeholders: number): void {
    if (this.#components.size + placeholders > this.#maxComponents) throw limitError('maxComponentsPerSurface', this.#maxComponents);
  }

  /** Throws the limit a new component would exceed: `maxComponentsPerSurface`, or `maxComponents` for all surfaces together. */
  #checkNew(): void {
    if (this.#components.size >= this.#maxComponents) throw limitError('maxComponentsPerSurface', this.#maxComponents);
    if (this.#held.held >= this.#held.max) throw limitError('maxComponents', this.#held.max);
  }

  #build(root: string, checkRoot: boolean, at: number | undefined, gates: Gates): WireComponent[] | undefined {
    this.#refs.checkSelfReferences((id) => this.#components.get(id));
    if (this.#state === 'treeUnknown') return this.#buildUnrooted(gates);
    if (checkRoot && !this.#components.has(root)) {
      throw new A2uiIntegrityError(`No root component (id='${root}') found in ${this.wire.spec.components}`);
    }
    const versionBefore = this.graph.version;
    const added = this.graph.refresh(root, (id) => this.#components.has(id));
    for (const id of added) this.#touched.add(id);
    return this.#snapshots.take({ added, versionBefore, at, gates });
  }

  /** Rule 9 where the tree is unknown: every changed component that validates, as it is, in id order. */
  #buildUnrooted(gates: Gates): WireComponent[] | undefined {
    const ids: string[] = [];
    for (const id of this.#touched) {
      const component = this.#components.get(id);
      if (component !== undefined && component !== RELEASED) ids.push(id);
    }
    this.#touched.clear();
    ids.sort();
    const out: WireComponent[] = [];
    for (const id of ids) {
      const form = this.#snapshots.entryOf(this.#components.get(id) as WireComponent, NO_REFS, false).form;
      if (gates.valid(form) && !this.isSent(id, form)) out.push(form);
    }
    if (out.length === 0) return undefined;
    this.record(out);
    return out;
  }

  /** Updates references, self-references and the forms to look at again; `children`: the component's references. */
  #track(id: string, isNew: boolean, children: ChildRefs): void {
    this.#refs.track(id, children, isNew);
    if (isNew) this.placeholders.arrived(id);
    if (isNew && id === this.#rootId) this.graph.invalidate();
    this.#touched.add(id);
    if (isNew && this.#snapshots.namesMissing) for (const parent of this.graph.parentsOf(id)) this.#touched.add(parent);
  }
}
