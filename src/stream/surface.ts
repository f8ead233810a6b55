/**
 * The state of one surface while a response streams: the components seen (latest form per id),
 * the root, whether the start message went out, what each component looked like when it was last
 * emitted, and its data model. One `Surface` per surface id, so nothing leaks between surfaces
 * (the reference kept one global component cache and data-model map).
 */
import { A2uiIntegrityError, A2uiRecursionError } from '../errors.js';
import type { Catalog } from '../catalog/model.js';
import type { VersionSpec } from '../protocol/versions.js';
import { validateComponent } from '../validate/component.js';
import { forEachComponentReference, MAX_COMPONENT_DEPTH } from '../validate/graph.js';
import type { WireComponent } from '../validate/graph.js';
import { canonicalJson } from './canonical.js';
import { emittedForm, placeholder } from './component-form.js';
import { DataModelState } from './data-model.js';
import { limitError } from './limits.js';

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

interface FormCacheEntry {
  readonly key: string;
  readonly form: WireComponent;
}

export class Surface {
  /** Whether the start message was emitted (components wait for it). */
  started = false;
  /** Root component id; `undefined` until known (v0.8 waits for `beginRendering`). */
  root: string | undefined;
  /** Latest form of every component seen, by id. Component objects are immutable and shared. */
  readonly components = new Map<string, WireComponent>();
  /** Components whose child list is still streaming (shown as `loading_children_<id>`). */
  readonly openLists = new Set<string>();
  /** The data model as sent so far. */
  readonly dataModel: DataModelState;
  /** A component changed since the last snapshot. */
  dirty = false;

  /** Canonical JSON of each component (placeholders included) as last emitted. */
  private readonly emitted = new Map<string, string>();
  private readonly forms = new WeakMap<WireComponent, FormCacheEntry>();
  private readonly canonical = new WeakMap<WireComponent, string>();
  private readonly valid = new WeakMap<WireComponent, boolean>();
  private readonly selfChecked = new WeakSet<WireComponent>();
  private readonly placeholders = new Map<string, WireComponent>();
  /** Each component's form before the changes not yet checked by a snapshot (to roll them back). */
  private readonly undo = new Map<string, WireComponent | undefined>();

  constructor(
    readonly id: string,
    public catalog: Catalog,
    private readonly settings: SurfaceSettings,
  ) {
    this.root = settings.spec.defaultRoot;
    this.dataModel = new DataModelState(settings.spec);
  }

  /** Records a component (complete, or a healed partial); marks the surface dirty when it changed. */
  put(component: WireComponent, listOpen = false): void {
    const id = component.id as string;
    const before = this.components.get(id);
    if (before === component && this.openLists.has(id) === listOpen) return;
    if (before === undefined && this.components.size >= this.settings.maxComponentsPerSurface) {
      throw limitError('maxComponentsPerSurface', this.settings.maxComponentsPerSurface);
    }
    if (!this.undo.has(id)) this.undo.set(id, before);
    this.components.set(id, component);
    if (listOpen) this.openLists.add(id);
    else this.openLists.delete(id);
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
    this.dirty = false;
    try {
      const snapshot = this.build(root, checkRoot, componentsKey);
      this.undo.clear();
      return snapshot;
    } catch (error) {
      this.rollBack();
      throw error;
    }
  }

  /** Forgets the changes not yet shown by a snapshot (they led to an error), so later messages can still be shown. */
  rollBack(): void {
    this.dirty = false;
    for (const [id, before] of this.undo) {
      if (before === undefined) this.components.delete(id);
      else this.components.set(id, before);
    }
    this.undo.clear();
  }

  private build(root: string, checkRoot: boolean, componentsKey: string): Snapshot {
    if (checkRoot && !this.components.has(root)) {
      throw new A2uiIntegrityError(`No root component (id='${root}') found in ${componentsKey}`);
    }
    this.checkSelfReferences();
    const { reachable, missing } = this.walk(root);
    const isMissing = (id: string) => missing.has(id);
    const forms = [...reachable].sort().map((id) => this.formOf(this.components.get(id) as WireComponent, isMissing));
    for (const id of this.placeholderIds(forms)) forms.push(this.placeholder(id));
    const full = this.settings.snapshots === 'full';
    const out: WireComponent[] = [];
    const changes = new Map<string, string>();
    for (const form of forms) {
      if (!this.isValid(form)) return undefined;
      const id = form.id as string;
      const text = this.canonicalOf(form);
      const same = this.emitted.get(id) === text;
      if (!same) changes.set(id, text);
      if (!same || full) out.push(form);
    }
    if (changes.size === 0) return undefined;
    for (const [id, text] of changes) this.emitted.set(id, text);
    return out;
  }

  /** Ids that the emitted forms refer to but no component has: the placeholders, in order. */
  private placeholderIds(forms: readonly WireComponent[]): string[] {
    const ids = new Set<string>();
    for (const form of forms) {
      forEachComponentReference(this.catalog, form, (ref) => {
        if (!this.components.has(ref)) ids.add(ref);
      });
    }
    return [...ids];
  }

  private placeholder(id: string): WireComponent {
    let form = this.placeholders.get(id);
    if (form === undefined) {
      form = placeholder(id, this.settings.spec);
      this.placeholders.set(id, form);
    }
    return form;
  }

  /** Depth-first walk from the root: reachable component ids and referenced ids not yet seen. */
  private walk(root: string): { reachable: Set<string>; missing: Set<string> } {
    const reachable = new Set<string>();
    const missing = new Set<string>();
    const onPath = new Set<string>();
    const visit = (id: string, depth: number): void => {
      if (depth > MAX_COMPONENT_DEPTH) {
        throw new A2uiRecursionError(`Global recursion limit exceeded: logical depth > ${MAX_COMPONENT_DEPTH}`);
      }
      const component = this.components.get(id);
      if (component === undefined) {
        missing.add(id);
        return;
      }
      if (onPath.has(id)) throw new A2uiRecursionError(`Circular reference detected involving component '${id}'`);
      if (reachable.has(id)) return;
      reachable.add(id);
      onPath.add(id);
      forEachComponentReference(this.catalog, component, (ref) => visit(ref, depth + 1));
      onPath.delete(id);
    };
    visit(root, 0);
    return { reachable, missing };
  }

  /** Self-reference anywhere on the surface is an error, reachable or not (as in the reference). */
  private checkSelfReferences(): void {
    for (const [id, component] of this.components) {
      if (this.selfChecked.has(component)) continue;
      forEachComponentReference(this.catalog, component, (ref, field) => {
        if (ref === id) {
          throw new A2uiRecursionError(
            `Self-reference detected: Component '${id}' references itself in field '${field}'`,
          );
        }
      });
      this.selfChecked.add(component);
    }
  }

  private formOf(component: WireComponent, isMissing: (id: string) => boolean): WireComponent {
    const id = component.id as string;
    const openList = this.openLists.has(id);
    const missingRefs: string[] = [];
    forEachComponentReference(this.catalog, component, (ref) => {
      if (isMissing(ref)) missingRefs.push(ref);
    });
    const key = `${openList ? 1 : 0}${missingRefs.join('\u0000')}`;
    const cached = this.forms.get(component);
    if (cached?.key === key) return cached.form;
    const form = emittedForm(component, this.catalog, this.settings.spec, isMissing, openList);
    this.forms.set(component, { key, form });
    return form;
  }

  private isValid(form: WireComponent): boolean {
    if (!this.settings.validate) return true;
    let valid = this.valid.get(form);
    if (valid === undefined) {
      valid = validateComponent(this.catalog, form).length === 0;
      this.valid.set(form, valid);
    }
    return valid;
  }

  private canonicalOf(form: WireComponent): string {
    let text = this.canonical.get(form);
    if (text === undefined) {
      text = canonicalJson(form);
      this.canonical.set(form, text);
    }
    return text;
  }
}
