/**
 * What one surface holds while a response streams, and the commands that change it: its lifecycle
 * and root ({@link SurfaceLifecycle}, which it extends), its components ({@link HeldComponents}: the
 * latest form of each id, the limits, the roll-back log), the graph of references between them
 * ({@link SurfaceGraph}), what the client holds, its data model, and the changes since its last
 * snapshot. `Surface` extends it with what reads that state: snapshots, roll-back, the turn's end,
 * seeding, and letting go between blocks. Nothing leaks between surfaces (the reference kept one
 * global cache).
 */
import type { A2uiError } from '../errors.js';
import type { WireComponent } from '../validate/graph.js';
import { dataModelFor, type DataModel } from './data-model.js';
import { ClientForms } from './client-forms.js';
import type { ChildRefs } from './expansion.js';
import { HeldComponents } from './held-components.js';
import { Placeholders } from './placeholders.js';
import type { Reachability } from './reachability.js';
import { RELEASED, type Gates, type Snapshots } from './snapshots.js';
import type { SurfaceCatalogs } from './surface-catalogs.js';
import { SurfaceJudge } from './surface-judge.js';
import { SurfaceGraph } from './surface-graph.js';
import { SurfaceLifecycle } from './surface-lifecycle.js';
import type { SettingsOf } from './surface-settings.js';

/** The settings a surface's content reads (its snapshot mode and gates are `Surface`'s). */
export type ContentSettings = Omit<SettingsOf<unknown>, 'snapshots' | 'gates'>;

/** A surface's components and what it keeps about them (see the module's comment). */
export abstract class SurfaceContent extends SurfaceLifecycle {
  /** The reference graph between its components (read by the snapshot modes). */
  readonly graph: Reachability;
  /** Its data model as sent. */
  readonly dataModel: DataModel;
  /** The stand-ins for its missing children. */
  readonly placeholders: Placeholders;

  /** The components held, their list and partial states, the limits, the roll-back log. */
  protected readonly held: HeldComponents;
  /** What the client holds: each component (placeholders included) as last sent. */
  protected readonly client: ClientForms;
  /** Components whose form may have changed since the last snapshot. */
  protected readonly touchedIds = new Set<string>();
  /** Rules 10 and 11 for this surface's snapshots (see `readiness.ts`). */
  protected abstract readonly gates: Gates;
  /** Its snapshot mode. */
  protected abstract readonly snapshots: Snapshots;
  /** A component changed since the last snapshot. */
  protected changed = false;
  /** References, self-references, what each component draws. */
  protected readonly refs: SurfaceGraph;
  /** What its catalogs accept. */
  readonly judge: SurfaceJudge;

  /** @param catalogs What its components resolve in (`surface-catalogs.ts`). */
  constructor(
    readonly id: string,
    catalogs: SurfaceCatalogs,
    settings: ContentSettings,
  ) {
    super(settings.wire);
    this.held = new HeldComponents(settings.maxComponentsPerSurface, settings.held, settings.turns);
    this.dataModel = dataModelFor(this.wire.spec);
    this.refs = new SurfaceGraph(settings.maxExpansion, (component) => this.judge.catalogOf(component), this.dataModel);
    this.graph = this.refs.reach;
    this.placeholders = new Placeholders(settings.placeholder, this.wire, catalogs.main);
    this.judge = new SurfaceJudge(this, catalogs, settings.validate, this.placeholders, settings.turns);
    this.client = new ClientForms(this.placeholders);
  }

  /** The component held under each id ({@link RELEASED} once let go of). */
  get forms(): ReadonlyMap<string, WireComponent> {
    return this.held.forms;
  }

  /** How many components it holds. */
  get componentCount(): number {
    return this.held.forms.size;
  }

  /** The components whose form may have changed since the last snapshot. */
  get touched(): ReadonlySet<string> {
    return this.touchedIds;
  }

  /** A snapshot looked at every touched component. */
  clearTouched(): void {
    this.touchedIds.clear();
  }

  /** What the client holds of it (see `ClientForms`); a snapshot records what it sends there. */
  get sent(): Pick<ClientForms, 'get' | 'has' | 'keys' | 'isSent' | 'record' | 'showsPlaceholder'> {
    return this.client;
  }

  /** Component `id` was sent as it is: let go of (see `Surface.release`). */
  releaseComponent(id: string): void {
    this.judge.released(id, this.held.forms.get(id));
    this.held.release(id);
    this.forgetSent(id);
  }

  /** A component let go of and kept aside comes back, as sent and valid. */
  restore(component: WireComponent): void {
    this.held.restore(component);
    this.client.set(component.id as string, component);
    this.judge.markValid(component);
  }

  /** What its components resolve in (see {@link SurfaceJudge.catalogs}). */
  get catalogs(): SurfaceCatalogs {
    return this.judge.catalogs;
  }

  /** Switching catalogs (a start message naming them) forgets every verdict and placeholder of the old ones. */
  useCatalogs(catalogs: SurfaceCatalogs): void {
    if (!this.judge.use(catalogs)) return;
    this.snapshots.reset();
    this.placeholders.useCatalog(catalogs.main);
  }

  /** Whether a component changed since the last snapshot. */
  get hasChanges(): boolean {
    return this.changed;
  }

  /** Whether `partial` says nothing new: the same JSON as the component held, list state alike. */
  unchanged(partial: WireComponent, listOpen: boolean): boolean {
    return this.held.unchanged(partial, listOpen);
  }

  /**
   * Rule 4 of `readiness.ts` (no flicker): a partial of `id` waits for its object to close when the
   * surface (or, where the tree is unknown, perhaps the renderer) holds a closed definition of it.
   */
  redefinitionWaits(id: string): boolean {
    return (this.state === 'treeUnknown' || this.held.forms.has(id)) && !this.held.streaming(id);
  }

  /** How many components the limits have left out (they would draw past `maxExpansion`). */
  get leftOut(): number {
    return this.refs.leftOut;
  }

  /** The block ended: an object left open never closes, and what it put counts as closed. */
  partialsClosed(): void {
    this.held.partialsClosed();
  }

  /**
   * Records a component (closed, or a healed partial); marks the surface changed when it is new.
   * Returns the error when it is left out because the surface would draw more than `maxExpansion`
   * components (a partial of it held goes, as in {@link reject}): once per id, then `undefined`.
   */
  put(component: WireComponent, listOpen = false, partial = false): A2uiError | undefined {
    const id = component.id as string;
    const before = this.held.forms.get(id);
    let children: ChildRefs | undefined;
    if (before !== component) {
      if (before === undefined) this.held.checkNew();
      children = this.refs.childRefs(component);
      const admitted = this.refs.admit(this.id, id, children);
      if (admitted !== 'ok') {
        this.reject(id);
        return admitted === 'over' ? undefined : admitted;
      }
    }
    this.client.owesNothing(id);
    this.held.markStreaming(id, partial, component);
    this.componentArrived();
    this.snapshots.wake();
    if (before === component && this.held.listOpen(id) === listOpen) return undefined;
    this.held.set(component, before, listOpen, this.refs);
    this.snapshots.noteChange(id, before === undefined);
    this.track(id, before === undefined, children ?? this.refs.childRefs(component));
    this.changed = true;
    return undefined;
  }

  /**
   * The closed form of `id` did not validate: a partial of it held goes (its parents show the
   * placeholder again), and one the client holds gives way to its placeholder, as if never sent.
   */
  reject(id: string): void {
    if (this.held.dropPartial(id)) this.dropped(id);
  }

  /** Whether a component holds a template bound to a data path: only then can a data change withdraw one ({@link dataChanged}). */
  get bindsData(): boolean {
    return this.refs.bindsData;
  }

  /**
   * The data at `paths` changed: a template bound near them whose list now makes the surface draw
   * past `maxExpansion` is withdrawn as in {@link reject} (its parents show its placeholder).
   * Returns the errors to report (once per id) and whether anything was withdrawn.
   */
  dataChanged(paths: readonly string[]): { errors: A2uiError[]; withdrawn: boolean } {
    const errors: A2uiError[] = [];
    let withdrawn = false;
    for (const { id, error } of this.refs.recount(this.id, paths)) {
      if (error !== undefined) errors.push(error);
      const form = this.held.drop(id, this.refs);
      if (form !== undefined) this.dropped(id, form === RELEASED);
      withdrawn = true;
    }
    return { errors, withdrawn };
  }

  /** `id`'s form was dropped (`released`: one let go of): its parents show its placeholder, which replaces any form sent. */
  protected dropped(id: string, released = false): void {
    this.refs.remove(id);
    this.snapshots.noteChange(id);
    this.parentsLookAgain(id);
    this.client.standIn(id, released);
    this.changed = true;
  }

  /**
   * `id` is gone: its parents are looked at again where that changes them. A full form names its
   * placeholder; a parent whose missing child has no placeholder the catalog accepts waits (rule
   * 10). A delta form names the child by its id whatever it holds, so there the stand-in alone
   * shows the placeholder (a parent naming many children is not looked at per child gone, C53).
   */
  protected parentsLookAgain(id: string): void {
    if (!this.snapshots.namesMissing && (!this.gates.placeholders || this.gates.placeable(id))) return;
    for (const parent of this.graph.parentsOf(id)) this.touchedIds.add(parent);
  }

  /** The placeholders that replace a form the client holds (see {@link reject}), valid by `gates`, not sent yet. */
  takeStandIns(gates: Gates): WireComponent[] {
    return this.client.takeStandIns((form) => gates.valid(form));
  }

  /**
   * The renderer made the surface again, empty (a v1.0 start message remade, see
   * `inline-start.ts`): every component held goes out again with the next snapshot.
   */
  resendAll(): void {
    this.client.clear();
    for (const [id, component] of this.held.forms) if (component !== RELEASED) this.touchedIds.add(id);
    this.snapshots.reset();
    this.dataModel.forget();
    this.changed = true;
  }

  /** Drops what the surface keeps about sending `id` (it was released, or its placeholder is no longer shown). */
  forgetSent(id: string): void {
    this.client.delete(id);
    this.judge.forget(id);
  }

  /** Throws `maxComponentsPerSurface` when the components and `placeholders` more would exceed it. */
  checkComponentLimit(placeholders: number): void {
    this.held.checkRoom(placeholders);
  }

  protected rootChanged(): void {
    this.graph.invalidate();
  }

  /** The surface has changes no snapshot showed (also when a snapshot left them for the next one). */
  markChanged(): void {
    this.changed = true;
  }

  /** Updates references, self-references and the forms to look at again; `children`: the component's references. */
  protected track(id: string, isNew: boolean, children: ChildRefs): void {
    this.refs.track(id, children, isNew);
    if (isNew) this.placeholders.arrived(id);
    if (isNew && id === this.root) this.graph.invalidate();
    this.touchedIds.add(id);
    if (isNew && this.snapshots.namesMissing) for (const parent of this.graph.parentsOf(id)) this.touchedIds.add(parent);
  }
}
