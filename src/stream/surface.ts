/**
 * One surface while a response streams: what it holds ({@link SurfaceContent}, which it extends)
 * and what reads it. Which components go out, and in what form, is decided by the rules of
 * `readiness.ts` and by the snapshot mode (one {@link Snapshots} object per surface). Work per
 * snapshot is proportional to what changed: reachability is kept incrementally, forms and verdicts
 * are cached per component object.
 */
import { A2uiIntegrityError, A2uiRecursionError } from '../errors.js';
import type { WireComponent } from '../validate/graph.js';
import { NO_BOUND, type FormEntry, type Gates, type Snapshots, type WaitingParent } from './snapshots.js';
import type { SurfaceCatalogs } from './surface-catalogs.js';
import { SurfaceContent } from './surface-content.js';
import { endTurn, type TurnBudget } from './turn-end.js';
import type { TurnEnd } from './surface-lifecycle.js';
import type { SettingsOf, SnapshotOptions } from './surface-settings.js';
import { unrootedSnapshot } from './unrooted-snapshot.js';

/** Settings shared by every surface of one parser (see `surface-settings.ts`). */
export type SurfaceSettings = SettingsOf<Surface>;

const NO_REFS: readonly string[] = Object.freeze([]);

/** Characters read per component held before a surface sleeps again (a walk of it costs about as much as reading that). */
const SLEEP_CHARS_PER_COMPONENT = 16;

export class Surface extends SurfaceContent {
  protected readonly gates: Gates;
  protected readonly snapshots: Snapshots;
  /** A snapshot between pieces met a cycle or a chain past 50 (see {@link snapshot}). */
  #recursionHeld = false;
  /** When it last slept (characters the parser had read), and the characters its next sleep waits for. */
  #slept = { at: Number.NEGATIVE_INFINITY, cost: 0 };

  /** @param catalogs What its components resolve in (`surface-catalogs.ts`). */
  constructor(id: string, catalogs: SurfaceCatalogs, settings: SurfaceSettings) {
    super(id, catalogs, settings);
    this.gates = settings.gates(this);
    this.snapshots = settings.snapshots(this, this.gates);
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
    this.snapshots.wake();
    this.changed = false;
    try {
      const snapshot = this.#build(root, options);
      this.#recursionHeld = false;
      // What waits was not shown: it stays a change, and can still be rolled back.
      if (this.snapshots.waits) this.changed = true;
      else this.held.commit();
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
    this.changed = false;
    this.#recursionHeld = false;
    const undone = this.held.rollBack();
    if (undone === undefined) return;
    this.snapshots.reset();
    // Released components keep their references only in the graph and the count, recorded again here.
    this.refs.rolledBack(undone.ids, this.held.forms, undone.released, (id) => {
      this.touchedIds.add(id);
      this.parentsLookAgain(id);
    });
    // A partial the client may hold gives way to its placeholder, as for an invalid component.
    for (const id of undone.dropped) this.client.standIn(id);
    if (undone.dropped.length > 0) this.changed = true;
  }

  /**
   * The turn ended (`A2uiStreamParser.forgetUnsent`): each component it changed holds what the
   * client holds (`turn-end.ts`), as in a parser seeded with what was sent; past `budget`, the
   * surface's tree is one the parser does not know. Returns `'gone'` when nothing of the surface
   * reached the client (never started, no component left, no data sent, not seeded), `'learned'`
   * when its tree became known (see `SurfaceLifecycle.turnEnded`).
   */
  forgetUnsent(budget: TurnBudget): TurnEnd {
    const parts = { held: this.held, sent: this.client, placeholders: this.placeholders, snapshots: this.snapshots, refs: this.refs };
    endTurn(
      this.held.endTurn(),
      parts,
      {
        unknown: () => this.treeLost(),
        dropped: (id) => this.dropped(id),
        tracked: (id, isNew, children) => {
          this.track(id, isNew, children);
          this.changed = true;
        },
        laidOut: (id) => this.entry(id).form,
      },
      budget,
    );
    // Taking back logged nothing a roll-back or the next turn needs.
    this.held.settle();
    this.refs.turnEnded();
    this.judge.turnEnded((id) => this.held.forms.has(id));
    return this.turnEnded(this.componentCount, this.root !== undefined && this.forms.has(this.root));
  }

  /**
   * Components `history` holds, as the surface holds them: a placeholder the parser would make is
   * recorded as sent instead, and a full snapshot's form names its missing children again
   * (`Snapshots.componentOf`), so a child that arrives in a later turn shows.
   */
  seedingForms(components: readonly WireComponent[]): WireComponent[] {
    const held = components.filter((component) => !this.client.seededPlaceholder(component, this.snapshots.namesMissing));
    return held.map((component) => this.snapshots.componentOf(component));
  }

  /** Seeding ended: what it put is what the client holds (no roll-back or {@link forgetUnsent} takes it back). */
  endSeeding(): void {
    this.held.settle();
    this.reachedClient();
  }

  /** The reachable components waiting for children that have no placeholder (the catalog accepts none, or the output budget has no room). */
  waiting(): WaitingParent[] {
    return this.started ? this.snapshots.waiting() : [];
  }

  /** Whether a parent waits for the output budget's room: then the next snapshot looks at it again (the response ends). */
  retryWaiting(): boolean {
    if (!this.waiting().some(([, , why]) => why === 'budget')) return false;
    this.markChanged();
    return true;
  }

  /**
   * A block that looked at the surface closed: lets go of every component sent as it is (its id
   * and references stay in the graph, {@link RELEASED} stands in {@link forms}), with the
   * caches about it. `busy`: the block before looked at it too.
   */
  release(busy: boolean): void {
    if (this.changed || this.held.unshown) return;
    this.snapshots.release(busy);
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
    if (this.changed || this.held.unshown) return;
    this.snapshots.sleep();
    this.graph.pack();
  }

  /** Component `id` as it goes out now. */
  entry(id: string): FormEntry {
    let absent: string[] | undefined;
    for (const ref of this.graph.refsOf(id)) if (!this.held.forms.has(ref)) (absent ??= []).push(ref);
    return this.snapshots.entryOf(this.held.forms.get(id) as WireComponent, absent ?? NO_REFS, this.held.listOpen(id));
  }

  #build(
    root: string,
    { checkRoot = false, at, gates = this.gates, room = NO_BOUND, completed = false, held = false }: SnapshotOptions,
  ): WireComponent[] | undefined {
    const forms = this.held.forms;
    this.refs.checkSelfReferences((id) => forms.get(id));
    if (this.state === 'treeUnknown') return unrootedSnapshot(this.touchedIds, forms, this.snapshots, gates, this.client);
    if (checkRoot && !forms.has(root)) {
      throw new A2uiIntegrityError(`No root component (id='${root}') found in ${this.wire.spec.components}`);
    }
    const versionBefore = this.graph.version;
    const added = this.graph.refresh(root, (id) => forms.has(id));
    for (const id of added) this.touchedIds.add(id);
    if (held && this.snapshots.namesMissing) return void this.markChanged();
    return this.snapshots.take({ added, versionBefore, at, gates, room, completed });
  }

  /**
   * Whether no component can show: the root has not arrived (and the tree is known). A snapshot
   * between two pieces then shows nothing, and committing would keep the changes of a message
   * that fails at its end for that missing root, when reading it whole takes them back.
   */
  get #rootless(): boolean {
    return this.state !== 'treeUnknown' && !this.held.forms.has(this.root as string);
  }
}
