/**
 * One surface while a response streams: its lifecycle and root ({@link SurfaceLifecycle}, which it
 * extends), its components ({@link HeldComponents}: the latest form of each id, the limits, the
 * roll-back log), the graph of references between them ({@link SurfaceGraph}), what was sent, its
 * data model, and the changes since its last snapshot. Nothing leaks between surfaces (the reference kept one global cache).
 * Which components go out, and in what form, is decided by the rules of `readiness.ts` and by the
 * snapshot mode (one {@link Snapshots} object per surface). Work per snapshot is proportional to
 * what changed: reachability is kept incrementally, forms and verdicts are cached per component object.
 */
import { A2uiIntegrityError, A2uiRecursionError, type A2uiError } from '../errors.js';
import type { WireComponent } from '../validate/graph.js';
import { dataModelFor, type DataModel } from './data-model.js';
import { ClientForms } from './client-forms.js';
import type { ChildRefs } from './expansion.js';
import { HeldComponents } from './held-components.js';
import { Placeholders } from './placeholders.js';
import type { Reachability } from './reachability.js';
import { NO_BOUND, RELEASED, type FormEntry, type Gates, type Snapshots, type WaitingParent } from './snapshots.js';
import type { SurfaceCatalogs } from './surface-catalogs.js';
import { SurfaceJudge } from './surface-judge.js';
import { SurfaceGraph } from './surface-graph.js';
import { endTurn, type TurnBudget } from './turn-end.js';
import { SurfaceLifecycle, type TurnEnd } from './surface-lifecycle.js';
import type { SettingsOf, SnapshotOptions } from './surface-settings.js';
import { unrootedSnapshot } from './unrooted-snapshot.js';

/** Settings shared by every surface of one parser (see `surface-settings.ts`). */
export type SurfaceSettings = SettingsOf<Surface>;

const NO_REFS: readonly string[] = Object.freeze([]);

/** Characters read per component held before a surface sleeps again (a walk of it costs about as much as reading that). */
const SLEEP_CHARS_PER_COMPONENT = 16;

export class Surface extends SurfaceLifecycle {
  /** The reference graph between its components (read by the snapshot modes). */
  readonly graph: Reachability;
  /** Its data model as sent. */
  readonly dataModel: DataModel;
  /** The stand-ins for its missing children. */
  readonly placeholders: Placeholders;

  /** The components held, their list and partial states, the limits, the roll-back log. */
  readonly #held: HeldComponents;
  /** What the client holds: each component (placeholders included) as last sent. */
  readonly #sent: ClientForms;
  /** Components whose form may have changed since the last snapshot. */
  readonly #touched = new Set<string>();
  /** Rules 10 and 11 for this surface's snapshots (see `readiness.ts`). */
  readonly #gates: Gates;
  readonly #snapshots: Snapshots;
  /** A component changed since the last snapshot. */
  #changed = false;
  /** A snapshot between pieces met a cycle or a chain past 50 (see {@link snapshot}). */
  #recursionHeld = false;
  /** When it last slept (characters the parser had read), and the characters its next sleep waits for. */
  #slept = { at: Number.NEGATIVE_INFINITY, cost: 0 };
  /** References, self-references, what each component draws. */
  readonly #refs: SurfaceGraph;
  /** What its catalogs accept. */
  readonly judge: SurfaceJudge;

  /** @param catalogs What its components resolve in (`surface-catalogs.ts`). */
  constructor(
    readonly id: string,
    catalogs: SurfaceCatalogs,
    settings: SurfaceSettings,
  ) {
    super(settings.wire);
    this.#held = new HeldComponents(settings.maxComponentsPerSurface, settings.held, settings.turns);
    this.dataModel = dataModelFor(this.wire.spec);
    this.#refs = new SurfaceGraph(settings.maxExpansion, (component) => this.judge.catalogOf(component), this.dataModel);
    this.graph = this.#refs.reach;
    this.placeholders = new Placeholders(settings.placeholder, this.wire, catalogs.main);
    this.judge = new SurfaceJudge(this, catalogs, settings.validate, this.placeholders, settings.turns);
    this.#sent = new ClientForms(this.placeholders);
    this.#gates = settings.gates(this);
    this.#snapshots = settings.snapshots(this, this.#gates);
  }

  /** The component held under each id ({@link RELEASED} once let go of). */
  get forms(): ReadonlyMap<string, WireComponent> {
    return this.#held.forms;
  }

  /** How many components it holds. */
  get componentCount(): number {
    return this.#held.forms.size;
  }

  /** The components whose form may have changed since the last snapshot. */
  get touched(): ReadonlySet<string> {
    return this.#touched;
  }

  /** A snapshot looked at every touched component. */
  clearTouched(): void {
    this.#touched.clear();
  }

  /** What the client holds of it (see `ClientForms`); a snapshot records what it sends there. */
  get sent(): Pick<ClientForms, 'get' | 'has' | 'keys' | 'isSent' | 'record' | 'showsPlaceholder'> {
    return this.#sent;
  }

  /** Component `id` was sent as it is: let go of (see {@link release}). */
  releaseComponent(id: string): void {
    this.judge.released(id, this.#held.forms.get(id));
    this.#held.release(id);
    this.forgetSent(id);
  }

  /** A component let go of and kept aside comes back, as sent and valid. */
  restore(component: WireComponent): void {
    this.#held.restore(component);
    this.#sent.set(component.id as string, component);
    this.judge.markValid(component);
  }

  /** What its components resolve in (see {@link SurfaceJudge.catalogs}). */
  get catalogs(): SurfaceCatalogs {
    return this.judge.catalogs;
  }

  /** Switching catalogs (a start message naming them) forgets every verdict and placeholder of the old ones. */
  useCatalogs(catalogs: SurfaceCatalogs): void {
    if (!this.judge.use(catalogs)) return;
    this.#snapshots.reset();
    this.placeholders.useCatalog(catalogs.main);
  }

  /** Whether a component changed since the last snapshot. */
  get hasChanges(): boolean {
    return this.#changed;
  }

  /** Whether `partial` says nothing new: the same JSON as the component held, list state alike. */
  unchanged(partial: WireComponent, listOpen: boolean): boolean {
    return this.#held.unchanged(partial, listOpen);
  }

  /**
   * Rule 4 of `readiness.ts` (no flicker): a partial of `id` waits for its object to close when the
   * surface (or, where the tree is unknown, perhaps the renderer) holds a closed definition of it.
   */
  redefinitionWaits(id: string): boolean {
    return (this.state === 'treeUnknown' || this.#held.forms.has(id)) && !this.#held.streaming(id);
  }

  /** How many components the limits have left out (they would draw past `maxExpansion`). */
  get leftOut(): number {
    return this.#refs.leftOut;
  }

  /** The block ended: an object left open never closes, and what it put counts as closed. */
  partialsClosed(): void {
    this.#held.partialsClosed();
  }

  /**
   * Records a component (closed, or a healed partial); marks the surface changed when it is new.
   * Returns the error when it is left out because the surface would draw more than `maxExpansion`
   * components (a partial of it held goes, as in {@link reject}): once per id, then `undefined`.
   */
  put(component: WireComponent, listOpen = false, partial = false): A2uiError | undefined {
    const id = component.id as string;
    const before = this.#held.forms.get(id);
    let children: ChildRefs | undefined;
    if (before !== component) {
      if (before === undefined) this.#held.checkNew();
      children = this.#refs.childRefs(component);
      const admitted = this.#refs.admit(this.id, id, children);
      if (admitted !== 'ok') {
        this.reject(id);
        return admitted === 'over' ? undefined : admitted;
      }
    }
    this.#sent.owesNothing(id);
    this.#held.markStreaming(id, partial, component);
    this.componentArrived();
    this.#snapshots.wake();
    if (before === component && this.#held.listOpen(id) === listOpen) return undefined;
    this.#held.set(component, before, listOpen, this.#refs);
    this.#snapshots.noteChange(id, before === undefined);
    this.#track(id, before === undefined, children ?? this.#refs.childRefs(component));
    this.#changed = true;
    return undefined;
  }

  /**
   * The closed form of `id` did not validate: a partial of it held goes (its parents show the
   * placeholder again), and one the client holds gives way to its placeholder, as if never sent.
   */
  reject(id: string): void {
    if (this.#held.dropPartial(id)) this.#dropped(id);
  }

  /** Whether a component holds a template bound to a data path: only then can a data change withdraw one ({@link dataChanged}). */
  get bindsData(): boolean {
    return this.#refs.bindsData;
  }

  /**
   * The data at `paths` changed: a template bound near them whose list now makes the surface draw
   * past `maxExpansion` is withdrawn as in {@link reject} (its parents show its placeholder).
   * Returns the errors to report (once per id) and whether anything was withdrawn.
   */
  dataChanged(paths: readonly string[]): { errors: A2uiError[]; withdrawn: boolean } {
    const errors: A2uiError[] = [];
    let withdrawn = false;
    for (const { id, error } of this.#refs.recount(this.id, paths)) {
      if (error !== undefined) errors.push(error);
      const form = this.#held.drop(id, this.#refs);
      if (form !== undefined) this.#dropped(id, form === RELEASED);
      withdrawn = true;
    }
    return { errors, withdrawn };
  }

  /** `id`'s form was dropped (`released`: one let go of): its parents show its placeholder, which replaces any form sent. */
  #dropped(id: string, released = false): void {
    this.#refs.remove(id);
    this.#snapshots.noteChange(id);
    // Delta forms name the child by its id whatever it holds: the stand-in alone shows the placeholder.
    if (this.#snapshots.namesMissing) for (const parent of this.graph.parentsOf(id)) this.#touched.add(parent);
    this.#sent.standIn(id, released);
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
    const root = this.root;
    if (!this.started || root === undefined) return undefined;
    if (options.at !== undefined && (this.#recursionHeld || this.#rootless)) return void this.markChanged();
    this.#snapshots.wake();
    this.#changed = false;
    try {
      const snapshot = this.#build(root, options);
      this.#recursionHeld = false;
      // What waits was not shown: it stays a change, and can still be rolled back.
      if (this.#snapshots.waits) this.#changed = true;
      else this.#held.commit();
      return snapshot;
    } catch (error) {
      // A cycle or a chain past 50 met between two pieces of input may be undone by the rest of
      // its message (a later component re-pointing): nothing goes out until a snapshot taken
      // when no piece is pending (the message's end, the block's) decides, as reading it whole does.
      if (error instanceof A2uiRecursionError && options.at !== undefined) {
        this.#recursionHeld = true;
        return void this.markChanged();
      }
      this.#recursionHeld = false;
      this.rollBack();
      throw error;
    }
  }

  /** Forgets the changes not yet shown by a snapshot (they led to an error). */
  rollBack(): void {
    this.#changed = false;
    this.#recursionHeld = false;
    const undone = this.#held.rollBack();
    if (undone === undefined) return;
    this.#snapshots.reset();
    // Released components keep their references only in the graph and the count, recorded again here.
    this.#refs.rolledBack(undone.ids, this.#held.forms, undone.released, (id) => {
      this.#touched.add(id);
      if (this.#snapshots.namesMissing) for (const parent of this.graph.parentsOf(id)) this.#touched.add(parent);
    });
    // A partial the client may hold gives way to its placeholder, as for an invalid component.
    for (const id of undone.dropped) this.#sent.standIn(id);
    if (undone.dropped.length > 0) this.#changed = true;
  }

  /**
   * The turn ended (`A2uiStreamParser.forgetUnsent`): each component it changed holds what the
   * client holds (`turn-end.ts`), as in a parser seeded with what was sent; past `budget`, the
   * surface's tree is one the parser does not know. Returns `'gone'` when nothing of the surface
   * reached the client (never started, no component left, no data sent, not seeded), `'learned'`
   * when its tree became known (see `SurfaceLifecycle.turnEnded`).
   */
  forgetUnsent(budget: TurnBudget): TurnEnd {
    const parts = { held: this.#held, sent: this.#sent, placeholders: this.placeholders, snapshots: this.#snapshots, refs: this.#refs };
    endTurn(
      this.#held.endTurn(),
      parts,
      {
        unknown: () => this.treeLost(),
        dropped: (id) => this.#dropped(id),
        tracked: (id, isNew, children) => {
          this.#track(id, isNew, children);
          this.#changed = true;
        },
        laidOut: (id) => this.entry(id).form,
      },
      budget,
    );
    // Taking back logged nothing a roll-back or the next turn needs.
    this.#held.settle();
    this.#refs.turnEnded();
    this.judge.turnEnded((id) => this.#held.forms.has(id));
    return this.turnEnded(this.componentCount, this.root !== undefined && this.forms.has(this.root));
  }

  /**
   * Components `history` holds, as the surface holds them: a placeholder the parser would make is
   * recorded as sent instead, and a full snapshot's form names its missing children again
   * (`Snapshots.componentOf`), so a child that arrives in a later turn shows.
   */
  seedingForms(components: readonly WireComponent[]): WireComponent[] {
    const held = components.filter((component) => !this.#sent.seededPlaceholder(component, this.#snapshots.namesMissing));
    return held.map((component) => this.#snapshots.componentOf(component));
  }

  /** Seeding ended: what it put is what the client holds (no roll-back or {@link forgetUnsent} takes it back). */
  endSeeding(): void {
    this.#held.settle();
    this.reachedClient();
  }

  /** The reachable components waiting for children that have no placeholder (the catalog accepts none, or the output budget has no room). */
  waiting(): WaitingParent[] {
    return this.started ? this.#snapshots.waiting() : [];
  }

  /** Whether a parent waits for the output budget's room: then the next snapshot looks at it again (the response ends). */
  retryWaiting(): boolean {
    if (!this.waiting().some(([, , why]) => why === 'budget')) return false;
    this.markChanged();
    return true;
  }

  /**
   * A block that looked at the surface closed: lets go of every component sent as it is (its id
   * and references stay in the graph, {@link RELEASED} stands in {@link component}), with the
   * caches about it. `busy`: the block before looked at it too.
   */
  release(busy: boolean): void {
    if (this.#changed || this.#held.unshown) return;
    this.#snapshots.release(busy);
  }

  /**
   * A block closed without looking at the surface, after one that did: lets go of what only its
   * next change needs (the parked data model, the last valid form per type, the graph's index;
   * with full snapshots, what {@link release} kept), so a surface changed per block is not parked.
   * Sleeping and waking each cost about what the surface holds, so it sleeps again only once the
   * parser has read as much since (`read`: characters read so far): blocks alternating between
   * surfaces cost what they bring, not a walk of a large surface each.
   */
  sleep(read: number): void {
    if (read - this.#slept.at < this.#slept.cost) return;
    this.#slept = { at: read, cost: SLEEP_CHARS_PER_COMPONENT * this.componentCount + this.dataModel.park() };
    this.judge.forgetTypes();
    if (this.#changed || this.#held.unshown) return;
    this.#snapshots.sleep();
    this.graph.pack();
  }

  /** Component `id` as it goes out now. */
  entry(id: string): FormEntry {
    let absent: string[] | undefined;
    for (const ref of this.graph.refsOf(id)) if (!this.#held.forms.has(ref)) (absent ??= []).push(ref);
    return this.#snapshots.entryOf(this.#held.forms.get(id) as WireComponent, absent ?? NO_REFS, this.#held.listOpen(id));
  }

  /**
   * The renderer made the surface again, empty (a v1.0 start message remade, see
   * `inline-start.ts`): every component held goes out again with the next snapshot.
   */
  resendAll(): void {
    this.#sent.clear();
    for (const [id, component] of this.#held.forms) if (component !== RELEASED) this.#touched.add(id);
    this.#snapshots.reset();
    this.dataModel.forget();
    this.#changed = true;
  }

  /** Drops what the surface keeps about sending `id` (it was released, or its placeholder is no longer shown). */
  forgetSent(id: string): void {
    this.#sent.delete(id);
    this.judge.forget(id);
  }

  /** Throws `maxComponentsPerSurface` when the components and `placeholders` more would exceed it. */
  checkComponentLimit(placeholders: number): void {
    this.#held.checkRoom(placeholders);
  }

  protected rootChanged(): void {
    this.graph.invalidate();
  }

  /** The surface has changes no snapshot showed (also when a snapshot left them for the next one). */
  markChanged(): void {
    this.#changed = true;
  }

  #build(
    root: string,
    { checkRoot = false, at, gates = this.#gates, room = NO_BOUND, completed = false, held = false }: SnapshotOptions,
  ): WireComponent[] | undefined {
    const forms = this.#held.forms;
    this.#refs.checkSelfReferences((id) => forms.get(id));
    if (this.state === 'treeUnknown') return unrootedSnapshot(this.#touched, forms, this.#snapshots, gates, this.#sent);
    if (checkRoot && !forms.has(root)) {
      throw new A2uiIntegrityError(`No root component (id='${root}') found in ${this.wire.spec.components}`);
    }
    const versionBefore = this.graph.version;
    const added = this.graph.refresh(root, (id) => forms.has(id));
    for (const id of added) this.#touched.add(id);
    if (held && this.#snapshots.namesMissing) return void this.markChanged();
    return this.#snapshots.take({ added, versionBefore, at, gates, room, completed });
  }

  /**
   * Whether no component can show: the root has not arrived (and the tree is known). A snapshot
   * between two pieces then shows nothing, and committing would keep the changes of a message
   * that fails at its end for that missing root, when reading it whole takes them back.
   */
  get #rootless(): boolean {
    return this.state !== 'treeUnknown' && !this.#held.forms.has(this.root as string);
  }

  /** Updates references, self-references and the forms to look at again; `children`: the component's references. */
  #track(id: string, isNew: boolean, children: ChildRefs): void {
    this.#refs.track(id, children, isNew);
    if (isNew) this.placeholders.arrived(id);
    if (isNew && id === this.root) this.graph.invalidate();
    this.#touched.add(id);
    if (isNew && this.#snapshots.namesMissing) for (const parent of this.graph.parentsOf(id)) this.#touched.add(parent);
  }
}
