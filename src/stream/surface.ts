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
import { checkSelfReference, forEachComponentReference } from '../validate/graph.js';
import type { WireComponent } from '../validate/graph.js';
import { DataModelState } from './data-model.js';
import { EmittedForms } from './emitted-forms.js';
import { FormVerdicts } from './form-verdicts.js';
import { FullSnapshot } from './full-snapshot.js';
import type { FormEntry } from './full-snapshot.js';
import { limitError } from './limits.js';
import { parkJson, unparkJson } from './parked-json.js';
import { Reachability } from './reachability.js';
import { sameJson } from './same-json.js';

/** Settings shared by every surface of one parser. */
export interface SurfaceSettings {
  readonly spec: VersionSpec;
  readonly validate: boolean;
  readonly snapshots: 'full' | 'delta';
  /** Most components one surface may hold. */
  readonly maxComponentsPerSurface: number;
}

/** The components to emit for one surface, or nothing when nothing changed. */
export type Snapshot = readonly WireComponent[] | undefined;

/**
 * Stands for a component that was sent as it is and then let go of when its block closed: its id
 * and references are kept (reachability), its object is not (memory). Full snapshots keep it in
 * UTF-8 JSON until the surface next changes (see {@link Surface.compact}).
 */
const RELEASED: WireComponent = Object.freeze({});

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

  private rootId: string | undefined;
  /** Full snapshots: the components released when their block closed, as one JSON array in UTF-8. */
  private parked: Uint8Array | undefined;
  /** Components whose child list is still streaming (shown as `loading_children_<id>`). */
  private readonly openLists = new Set<string>();
  private readonly reach = new Reachability();
  /** References of the released components replaced since the last snapshot (to roll back). */
  private readonly undoRefs = new Map<string, readonly string[]>();
  /** Components put since the last {@link compact} (the ones it looks at). */
  private readonly sinceCompact = new Set<string>();
  /** Components whose emitted form may have changed since the last snapshot. */
  private readonly touched = new Set<string>();
  /** Components that refer to themselves. */
  private readonly selfReferences = new Set<string>();
  /** Each component (placeholders included) as last emitted. */
  private readonly emitted = new Map<string, WireComponent>();
  /** Each component's form before the changes not yet shown by a snapshot (to roll them back). */
  private readonly undo = new Map<string, WireComponent | undefined>();
  private readonly forms: EmittedForms;
  /** Full snapshots: the reachable tree as sent, kept up to date per change. */
  private readonly layout = new FullSnapshot({
    isValid: (form) => this.isValid(form),
    isSent: (id, form) => this.isSent(id, form),
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
    this.forms = new EmittedForms(settings.spec);
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
    this.unpark();
    const id = component.id as string;
    const before = this.components.get(id);
    if (before === component && this.openLists.has(id) === listOpen) return;
    if (before === undefined && this.components.size >= this.settings.maxComponentsPerSurface) {
      throw limitError('maxComponentsPerSurface', this.settings.maxComponentsPerSurface);
    }
    if (!this.undo.has(id)) {
      this.undo.set(id, before);
      if (before === RELEASED) this.undoRefs.set(id, this.reach.refsOf(id));
    }
    this.components.set(id, component);
    this.sinceCompact.add(id);
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
   * @throws A2uiIntegrityError with `checkRoot` when the root component was never seen.
   * @throws A2uiRecursionError on self-references, cycles reachable from the root, or depth > 50.
   */
  snapshot(checkRoot: boolean, componentsKey: string): Snapshot {
    const root = this.root;
    if (!this.started || root === undefined) return undefined;
    this.unpark();
    this.dirty = false;
    try {
      const snapshot = this.build(root, checkRoot, componentsKey);
      this.undo.clear();
      this.undoRefs.clear();
      return snapshot;
    } catch (error) {
      this.rollBack();
      throw error;
    }
  }

  /** Forgets the changes not yet shown by a snapshot (they led to an error). */
  rollBack(): void {
    this.dirty = false;
    if (this.undo.size === 0) return;
    // Released components keep their references only in the graph, which is rebuilt here.
    const releasedRefs = new Map(this.undoRefs);
    for (const [id, before] of this.undo) {
      if (before === undefined) this.components.delete(id);
      else this.components.set(id, before);
    }
    for (const [id, component] of this.components) {
      if (component === RELEASED && !releasedRefs.has(id)) releasedRefs.set(id, this.reach.refsOf(id));
    }
    this.undo.clear();
    this.undoRefs.clear();
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
    if (isNew && id === this.rootId) this.reach.invalidate();
    this.touched.add(id);
    // Full snapshots point parents at `loading_<id>` until the child arrives: they change with it.
    if (isNew && this.settings.snapshots === 'full') for (const parent of this.reach.parentsOf(id)) this.touched.add(parent);
  }

  private build(root: string, checkRoot: boolean, componentsKey: string): Snapshot {
    this.checkSelfReferences();
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
    for (const form of parts.changed) this.emitted.set(form.id as string, form);
    return parts.forms;
  }

  /**
   * Whether `form` is the same JSON as the form last sent under `id`. Then `form` is kept as the
   * one sent, so the component it came from can be released later.
   */
  private isSent(id: string, form: WireComponent): boolean {
    const sent = this.emitted.get(id);
    if (sent === form) return true;
    if (!sameJson(sent, form)) return false;
    this.emitted.set(id, form);
    return true;
  }

  /** The changed reachable forms in id order, then the placeholders they need. */
  private buildDelta(): Snapshot {
    const ids: string[] = [];
    // A released component was sent as it is: becoming reachable again changes nothing.
    for (const id of this.touched) if (this.reach.has(id) && this.components.get(id) !== RELEASED) ids.push(id);
    ids.sort();
    const forms: WireComponent[] = [];
    const missing = new Set<string>();
    for (const id of ids) {
      const entry = this.formOf(this.components.get(id) as WireComponent, false);
      forms.push(entry.form);
      for (const ref of entry.missing) missing.add(ref);
    }
    this.checkComponentLimit(missing.size);
    // A placeholder takes the missing child's own id, so the parent never has to be sent again
    // when the child arrives; one the catalog rejects is simply left out.
    for (const id of missing) {
      const placeholder = this.forms.placeholder(id);
      if (this.isValid(placeholder)) forms.push(placeholder);
    }
    const out: WireComponent[] = [];
    for (const form of forms) {
      if (!this.isValid(form)) return undefined;
      if (!this.isSent(form.id as string, form)) out.push(form);
    }
    this.touched.clear();
    if (out.length === 0) return undefined;
    for (const form of out) this.emitted.set(form.id as string, form);
    return out;
  }

  private checkComponentLimit(placeholders: number): void {
    if (this.components.size + placeholders > this.settings.maxComponentsPerSurface) {
      throw limitError('maxComponentsPerSurface', this.settings.maxComponentsPerSurface);
    }
  }

  /** The component ids `component` refers to, in order (one shared empty list for none). */
  private referencesOf(component: WireComponent): readonly string[] {
    const refs: string[] = [];
    forEachComponentReference(this.catalog, component, (ref) => refs.push(ref));
    return refs.length === 0 ? NO_REFS : refs;
  }

  /** Self-reference anywhere on the surface is an error, reachable or not (as in the reference). */
  private checkSelfReferences(): void {
    for (const id of this.selfReferences) checkSelfReference(this.catalog, id, this.components.get(id) as WireComponent);
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
    if (this.dirty || this.undo.size > 0) return;
    if (this.settings.snapshots === 'full') {
      if (!busy) this.park();
      return;
    }
    if (this.sinceCompact.size === 0) return;
    for (const id of this.sinceCompact) {
      const component = this.components.get(id);
      if (component !== undefined && this.sentAsIs(component, false)) this.release(id);
    }
    this.sinceCompact.clear();
    this.forms.forgetPlaceholders();
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
    if (this.dirty || this.undo.size > 0) return;
    if (this.settings.snapshots === 'full') this.park();
    this.reach.compact();
  }

  /** Full snapshots: parks the components sent as they are (see {@link compact}). */
  private park(): void {
    // Still parked: nothing was read back since, so there is nothing new to release.
    if (this.parked !== undefined) return;
    const sent = [...this.components.values()].filter((component) => this.sentAsIs(component, true));
    if (sent.length > 0) this.parked = parkJson(sent);
    for (const component of sent) this.release(component.id as string);
    // Placeholders no longer shown: only what the renderer still has needs remembering.
    for (const id of this.emitted.keys()) if (!this.components.has(id) && !this.layout.needsPlaceholder(id)) this.forget(id);
    this.layout.clear();
    this.sinceCompact.clear();
    this.forms.forgetPlaceholders();
  }

  /** Whether `component` was sent as it is (with full snapshots: as its own form, unchanged). */
  private sentAsIs(component: WireComponent, full: boolean): boolean {
    const form = this.forms.cachedForm(component);
    return form !== undefined && this.emitted.get(component.id as string) === form && (!full || form === component);
  }

  private release(id: string): void {
    this.components.set(id, RELEASED);
    this.forget(id);
  }

  /** Drops what the caches hold about `id`. */
  private forget(id: string): void {
    this.emitted.delete(id);
    this.forms.forget(id);
    this.verdicts.forget(id);
  }

  /** Full snapshots: reads the parked components back, as sent and valid. */
  private unpark(): void {
    const bytes = this.parked;
    if (bytes === undefined) return;
    this.parked = undefined;
    for (const component of unparkJson(bytes) as WireComponent[]) {
      const id = component.id as string;
      this.components.set(id, component);
      this.emitted.set(id, component);
      this.verdicts.markValid(component);
    }
  }

  private isValid(form: WireComponent): boolean {
    return this.verdicts.isValid(this.catalog, form);
  }
}
