/**
 * The state of one surface while a response streams: the components seen (latest form per id),
 * the root, whether the start message went out, what each component looked like when last
 * emitted, and its data model. One per surface id, so nothing leaks between surfaces (the
 * reference kept one global cache). Work per snapshot is proportional to what changed (plus, with
 * full snapshots, to what is sent): reachability is kept incrementally, and emitted forms and
 * their validity are cached per (immutable) component object.
 */
import { A2uiIntegrityError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { WireComponent } from '../validate/graph.js';
import { DataModelState } from './data-model.js';
import { EmittedForms } from './emitted-forms.js';
import { FormVerdicts } from './form-verdicts.js';
import { FullSnapshot } from './full-snapshot.js';
import type { FormEntry } from './full-snapshot.js';
import { childOfPlaceholder, HeldParents } from './held-parents.js';
import { limitError } from './limits.js';
import type { StreamParserOptions } from './options.js';
import { placeholderMaker } from './placeholders.js';
import { Reachability } from './reachability.js';
import { checkStreamSelfReference, forEachStreamComponentReference } from './references.js';
import { sameJson } from './same-json.js';
import { RELEASED, SentForms } from './sent-forms.js';
import { UndoLog } from './undo-log.js';

/** Settings shared by every surface of one parser. */
export interface SurfaceSettings {
  readonly spec: VersionSpec;
  readonly validate: boolean;
  readonly snapshots: 'full' | 'delta';
  /** Most components one surface may hold. */
  readonly maxComponentsPerSurface: number;
  /** The `placeholder` option (default: see {@link placeholderMaker}). */
  readonly placeholder?: StreamParserOptions['placeholder'];
}

/** The components to emit for one surface, or nothing when nothing changed. */
export type Snapshot = readonly WireComponent[] | undefined;

const NO_REFS: readonly string[] = Object.freeze([]);

export class Surface {
  /** Whether the start message was emitted (components wait for it). */
  started = false;
  /** Latest form of every component seen, by id. Component objects are immutable and shared. */
  readonly components = new Map<string, WireComponent>();
  /** The data model as sent so far. */
  readonly dataModel: DataModelState;
  /** The catalog's verdicts on the components' forms (the surface's catalog). */
  readonly verdicts: FormVerdicts;
  /** A component changed since the last snapshot. */
  dirty = false;
  /**
   * Named only in `knownSurfaces`: the renderer's tree is not known, even once the root component
   * arrives again: every component counts as reachable and references are left as they are.
   */
  unknownTree = false;
  /** Its components came from `history`, which never started it: not reported as unsent by this response. */
  fromHistory = false;

  private rootId: string | undefined;
  /**
   * Seeding from `history`: what the surface holds is what the renderer holds, so every form counts
   * as valid and no parent waits for a placeholder (the renderer has it as it is).
   */
  private seeding = false;
  /** Components whose child list is still streaming (shown as `loading_children_<id>`). */
  private readonly openLists = new Set<string>();
  private readonly reach = new Reachability();
  /** Components whose emitted form may have changed since the last snapshot. */
  private readonly touched = new Set<string>();
  /** Delta snapshots: parents held back for children with no placeholder. */
  private readonly waitingDelta = new HeldParents();
  /** Components that refer to themselves. */
  private readonly selfReferences = new Set<string>();
  /** Each component's form before the changes not yet shown by a snapshot (to roll them back). */
  private readonly undo = new UndoLog();
  private readonly forms: EmittedForms;
  /** Each component as last emitted; releasing what was sent as it is. */
  private readonly sent: SentForms;
  /** Full snapshots: the reachable tree as sent, kept up to date per change. */
  private readonly layout = new FullSnapshot({
    isValid: (form) => this.isValid(form),
    isSent: (id, form) => this.sent.isSent(id, form),
    placeholder: (id) => this.forms.placeholder(id),
  });

  constructor(
    readonly id: string,
    private surfaceCatalog: Catalog,
    private readonly settings: SurfaceSettings,
  ) {
    this.rootId = settings.spec.defaultRoot;
    this.dataModel = new DataModelState(settings.spec);
    this.verdicts = new FormVerdicts(settings.validate);
    this.forms = new EmittedForms(settings.spec, this.placeholderMaker(), typeof settings.placeholder === 'function');
    this.sent = new SentForms(this.components, this.forms, this.verdicts);
  }

  private placeholderMaker() {
    return placeholderMaker(this.settings.placeholder, this.surfaceCatalog, this.settings.spec);
  }

  /** The catalog the surface's components are checked against. */
  get catalog(): Catalog {
    return this.surfaceCatalog;
  }

  /** Switching catalogs (a start message naming one) forgets every verdict of the old one. */
  set catalog(catalog: Catalog) {
    if (catalog === this.surfaceCatalog) return;
    this.surfaceCatalog = catalog;
    this.verdicts.clear();
    this.layout.clear();
    this.forms.setMaker(this.placeholderMaker(), typeof this.settings.placeholder === 'function');
  }

  /** Root component id; `undefined` until known (v0.8 waits for `beginRendering`). */
  get root(): string | undefined {
    return this.rootId;
  }

  set root(id: string | undefined) {
    if (id === this.rootId) return;
    this.rootId = id;
    this.reach.invalidate();
  }

  /** Whether `partial` says nothing new: the same JSON as the component held, list state alike. */
  holds(partial: WireComponent, listOpen: boolean): boolean {
    const id = partial.id as string;
    return this.openLists.has(id) === listOpen && sameJson(this.components.get(id), partial);
  }

  /** Records a component (complete, or a healed partial); marks the surface dirty when it changed. */
  put(component: WireComponent, listOpen = false): void {
    this.sent.unpark();
    const id = component.id as string;
    const before = this.components.get(id);
    if (before === component && this.openLists.has(id) === listOpen) return;
    if (before === undefined && this.components.size >= this.settings.maxComponentsPerSurface) {
      throw limitError('maxComponentsPerSurface', this.settings.maxComponentsPerSurface);
    }
    this.undo.note(id, before, this.reach);
    this.components.set(id, component);
    this.sent.put(id);
    if (listOpen) this.openLists.add(id);
    else this.openLists.delete(id);
    this.track(id, component, before === undefined);
    this.dirty = true;
  }

  /**
   * The components to send now: the whole reachable tree (`snapshots: 'full'`) or only what changed
   * (`'delta'`), sorted by id, then placeholders; `undefined` when nothing changed, the surface has
   * not started, or (validating) a component of the snapshot is not valid yet.
   *
   * @param componentsKey The message key named in the missing-root error.
   * @param seeding From `history`: the renderer holds these components as they are, valid or not,
   *   placeholders or not (delta: none are made); the snapshot is recorded as sent, not emitted.
   * @throws A2uiIntegrityError with `checkRoot` when the root component was never seen.
   * @throws A2uiRecursionError on self-references, cycles reachable from the root, or depth > 50.
   */
  snapshot(checkRoot: boolean, componentsKey: string, seeding = false): Snapshot {
    const root = this.root;
    if (!this.started || root === undefined) return undefined;
    this.sent.unpark();
    this.dirty = false;
    this.seeding = seeding;
    try {
      const snapshot = this.build(root, checkRoot, componentsKey);
      this.undo.clear();
      return snapshot;
    } catch (error) {
      this.rollBack();
      throw error;
    } finally {
      this.seeding = false;
    }
  }

  /** Forgets the changes not yet shown by a snapshot (they led to an error). */
  rollBack(): void {
    this.dirty = false;
    if (this.undo.empty) return;
    // Released components keep their references only in the graph, which is rebuilt here.
    const releasedRefs = this.undo.restore(this.components, this.reach);
    this.reach.clear();
    this.selfReferences.clear();
    this.layout.clear();
    for (const [id, component] of this.components) this.track(id, component, false, releasedRefs.get(id));
  }

  /**
   * Updates references, self-references and the set of forms to look at again.
   * @param releasedRefs The references of a released component (default: as the graph has them).
   */
  private track(id: string, component: WireComponent, isNew: boolean, releasedRefs?: readonly string[]): void {
    const refs = component === RELEASED ? (releasedRefs ?? this.reach.refsOf(id)) : this.referencesOf(component);
    if (refs.includes(id)) this.selfReferences.add(id);
    else this.selfReferences.delete(id);
    this.reach.update(id, refs, isNew);
    if (isNew) this.forms.arrived(id);
    if (isNew && id === this.rootId) this.reach.invalidate();
    this.touched.add(id);
    // Full snapshots point parents at `loading_<id>` until the child arrives: they change with it.
    if (isNew && this.settings.snapshots === 'full') for (const parent of this.reach.parentsOf(id)) this.touched.add(parent);
  }

  private build(root: string, checkRoot: boolean, componentsKey: string): Snapshot {
    this.checkSelfReferences();
    if (this.unknownTree) return this.buildUnrooted();
    if (checkRoot && !this.components.has(root)) {
      throw new A2uiIntegrityError(`No root component (id='${root}') found in ${componentsKey}`);
    }
    const exists = (id: string) => this.components.has(id);
    const version = this.reach.version;
    const added = this.reach.refresh(root, exists);
    for (const id of added) this.touched.add(id);
    return this.settings.snapshots === 'full' ? this.buildFull(version, added) : this.buildDelta();
  }

  /**
   * The whole reachable tree in id order, then placeholders, when any form changed.
   * @param version The reachable set's version before this build's refresh.
   * @param added The ids that refresh found reachable.
   */
  private buildFull(version: number, added: readonly string[]): Snapshot {
    const entryOf = (id: string) => this.formOf(this.components.get(id) as WireComponent, true);
    let laidOut: (id: string) => boolean = () => false;
    if (this.layout.version !== this.reach.version) {
      // Usually the reachable set only grew: insert the new ids instead of laying out everything.
      if (this.layout.version === version && this.reach.ids.size === this.layout.size + added.length) {
        this.layout.insert(added, this.reach.version, entryOf);
        const fresh = new Set(added);
        laidOut = (id) => fresh.has(id);
      } else {
        this.layout.reset(this.reach.ids, this.reach.version, (id, previous) =>
          previous !== undefined && !this.touched.has(id) ? previous : entryOf(id),
        );
        laidOut = () => true;
      }
    }
    for (const id of this.touched) if (!laidOut(id) && this.layout.has(id)) this.layout.set(id, entryOf(id));
    this.touched.clear();
    this.checkComponentLimit(this.layout.placeholderCount);
    const parts = this.layout.take();
    if (parts === undefined) return undefined;
    this.sent.record(parts.changed);
    return parts.forms;
  }

  /** The changed reachable forms in id order, then the placeholders they need. */
  private buildDelta(): Snapshot {
    const ids: string[] = [];
    // A released component was sent as it is: becoming reachable again changes nothing.
    const due = (id: string) => this.reach.has(id) && this.components.get(id) !== RELEASED;
    for (const id of this.touched) if (due(id)) ids.push(id);
    for (const id of this.waitingDelta.ids()) if (!this.touched.has(id) && due(id)) ids.push(id);
    ids.sort();
    const forms: WireComponent[] = [];
    const missing = new Set<string>();
    const unheld: string[] = [];
    for (const id of ids) {
      const entry = this.formOf(this.components.get(id) as WireComponent, false);
      // A placeholder takes the missing child's own id, so the parent never has to be sent again
      // when the child arrives. Without one the catalog accepts, the parent waits for the child.
      const unplaced = this.seeding ? [] : entry.missing.filter((ref) => !this.hasPlaceholder(ref));
      if (unplaced.length > 0) {
        this.waitingDelta.hold(id, unplaced);
        continue;
      }
      unheld.push(id);
      forms.push(entry.form);
      if (!this.seeding) for (const ref of entry.missing) missing.add(ref);
    }
    this.checkComponentLimit(missing.size);
    for (const id of missing) forms.push(this.forms.placeholder(id) as WireComponent);
    const out: WireComponent[] = [];
    for (const form of forms) {
      // A dropped snapshot keeps its held parents held, so the next snapshot looks at them again.
      if (!this.isValid(form)) return undefined;
      if (!this.sent.isSent(form.id as string, form)) out.push(form);
    }
    for (const id of unheld) this.waitingDelta.release(id);
    this.touched.clear();
    if (out.length === 0) return undefined;
    this.sent.record(out);
    return out;
  }

  /**
   * A surface whose tree the renderer holds but the parser does not know (a root sent again in this
   * response tells it nothing of the rest): every changed component that validates, as it is (its parent may be on screen), in
   * id order; no placeholders, since one would replace a component the renderer may hold.
   */
  private buildUnrooted(): Snapshot {
    const ids: string[] = [];
    for (const id of this.touched) {
      const component = this.components.get(id);
      if (component !== undefined && component !== RELEASED) ids.push(id);
    }
    this.touched.clear();
    ids.sort();
    const out: WireComponent[] = [];
    for (const id of ids) {
      const form = this.forms.formOf(this.components.get(id) as WireComponent, this.catalog, NO_REFS, false, false).form;
      if (this.isValid(form) && !this.sent.isSent(id, form)) out.push(form);
    }
    if (out.length === 0) return undefined;
    this.sent.record(out);
    return out;
  }

  /** Whether missing id `id` has a placeholder the catalog accepts. */
  private hasPlaceholder(id: string): boolean {
    const placeholder = this.forms.placeholder(id);
    return placeholder !== undefined && this.isValid(placeholder);
  }

  /**
   * The reachable components held back because a child they refer to has not arrived and has no
   * placeholder the catalog accepts, each with what it waits for; empty when none.
   */
  waiting(): [string, string[]][] {
    if (!this.started) return [];
    if (this.settings.snapshots === 'full') return this.layout.waiting().map(([id, refs]) => [id, refs.map(childOfPlaceholder)]);
    return this.waitingDelta.waiting((id) => this.components.has(id), (id) => this.reach.has(id));
  }

  private checkComponentLimit(placeholders: number): void {
    if (this.components.size + placeholders > this.settings.maxComponentsPerSurface) {
      throw limitError('maxComponentsPerSurface', this.settings.maxComponentsPerSurface);
    }
  }

  /** The component ids `component` refers to, in order (one shared empty list for none). */
  private referencesOf(component: WireComponent): readonly string[] {
    const refs: string[] = [];
    forEachStreamComponentReference(this.catalog, component, (ref) => refs.push(ref));
    return refs.length === 0 ? NO_REFS : refs;
  }

  /** Self-reference anywhere on the surface is an error, reachable or not (as in the reference). */
  private checkSelfReferences(): void {
    for (const id of this.selfReferences) checkStreamSelfReference(this.catalog, id, this.components.get(id) as WireComponent);
  }

  /** The component as emitted, with the placeholder ids it needs (see {@link EmittedForms.formOf}). */
  private formOf(component: WireComponent, full: boolean): FormEntry {
    const id = component.id as string;
    let found: string[] | undefined;
    for (const ref of this.reach.refsOf(id)) if (!this.components.has(ref)) (found ??= []).push(ref);
    const openList = full && this.openLists.has(id);
    return this.forms.formOf(component, this.catalog, found ?? NO_REFS, openList, full);
  }

  /**
   * Lets go of every component sent as it is (keeping its id and references) and of the caches
   * about it; call when a block that looked at the surface closes. Delta snapshots never send a
   * released component again (one a later message sends again identically is sent again). Full
   * snapshots re-send the whole tree on the next change, so they park the released components as
   * one UTF-8 JSON array, read back (new objects, known valid and sent) when the surface next
   * changes; when the block before looked at the surface too (`busy`), parking waits until it goes
   * {@link idle}: a surface changed block after block is not parked and read back per block.
   */
  compact(busy: boolean): void {
    if (this.dirty || !this.undo.empty) return;
    if (this.settings.snapshots === 'full') {
      if (!busy) this.sent.park(this.layout);
      return;
    }
    this.sent.release();
  }

  /**
   * Lets go of what only the surface's next change needs (the data model as sent, parked; the
   * reachability index, rebuilt by one walk, and the graph packed; the last valid form per type;
   * with full snapshots, what {@link compact} left unparked). Call when a block closes without
   * looking at the surface, after one that did.
   */
  idle(): void {
    this.dataModel.park();
    this.verdicts.forgetTypes();
    if (this.dirty || !this.undo.empty) return;
    if (this.settings.snapshots === 'full') this.sent.park(this.layout);
    this.reach.compact();
  }

  private isValid(form: WireComponent): boolean {
    return this.seeding || this.verdicts.isValid(this.catalog, form);
  }
}
