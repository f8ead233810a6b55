/**
 * The forms a surface emits, cached per component object: a component's emitted form with the
 * placeholder ids it needs, and one placeholder object per missing id. Caches hold the latest
 * entry per id (not weak maps: ephemerons would slow every GC).
 */
import type { Catalog } from '../catalog/model.js';
import type { VersionSpec } from '../protocol/versions.js';
import { forEachStreamComponentReference } from './references.js';
import type { WireComponent } from '../validate/graph.js';
import { absolutePaths, emittedForm, LOADING_CHILDREN_PREFIX, LOADING_PREFIX, placeholder } from './component-form.js';
import type { PlaceholderMaker } from './placeholders.js';
import { sameList } from './same-json.js';
import type { FormEntry } from './full-snapshot.js';

/**
 * A component's emitted form and what it was made from. With full snapshots the form depends on
 * which references were missing and whether the child list was open, so an entry is reused (the
 * same object, which the layout then skips) only while those are the same.
 */
interface FormCacheEntry extends FormEntry {
  readonly component: WireComponent;
  readonly absent: readonly string[];
  readonly openList: boolean;
}

/** The component's type name (v0.8: the key under `component`). */
function typeName(component: WireComponent): string {
  const type = component.component;
  if (typeof type === 'string') return type;
  return typeof type === 'object' && type !== null ? (Object.keys(type)[0] ?? '') : '';
}

/** Up to this many absent references are searched in their list; more go into a set. */
const SHORT_LIST = 8;

export class EmittedForms {
  private readonly entries = new Map<string, FormCacheEntry>();
  private readonly placeholders = new Map<string, WireComponent | undefined>();
  private readonly loadingIds = new Map<string, string>();
  /**
   * The type of the first parent that needed each placeholder id, kept only for a placeholder
   * function (which is told it) until the child arrives.
   */
  private readonly parentTypes = new Map<string, string>();

  /**
   * @param maker Makes each placeholder. Default: the reference's `Row` with no children.
   * @param wantsParent Whether `maker` reads the parent's type. Default `false`.
   */
  constructor(
    private readonly spec: VersionSpec,
    private maker: PlaceholderMaker = (id) => placeholder(id, spec),
    private wantsParent = false,
  ) {}

  /** Makes placeholders with `maker` from now on (the surface's catalog changed). */
  setMaker(maker: PlaceholderMaker, wantsParent: boolean): void {
    this.maker = maker;
    this.wantsParent = wantsParent;
    this.forgetPlaceholders();
  }

  /**
   * The component as emitted, with the placeholder ids it needs. Full snapshots point the
   * `absent` references at `loading_<id>` placeholders (as the reference does) and mark a child
   * list still streaming (`openList`); delta snapshots keep the real ids, and their placeholders
   * take those ids.
   */
  formOf(component: WireComponent, catalog: Catalog, absent: readonly string[], openList: boolean, full: boolean): FormEntry {
    const id = component.id as string;
    const cached = this.entries.get(id);
    if (cached?.component === component) {
      if (!full) return { form: cached.form, missing: absent };
      if (cached.openList === openList && sameList(cached.absent, absent)) return cached;
    }
    // Delta snapshots keep references as they are: only v0.8 paths may change.
    const form = full
      ? emittedForm(component, catalog, this.spec, this.swapAbsent(absent), openList)
      : this.spec.absolutePaths
        ? (absolutePaths(component) as WireComponent)
        : component;
    let missing: readonly string[] = full ? absent.map((ref) => this.loadingId(ref)) : absent;
    if (openList && form !== component) {
      const marker = LOADING_CHILDREN_PREFIX + id;
      forEachStreamComponentReference(catalog, form, (ref) => {
        if (ref === marker) missing = [...missing, marker];
      });
    }
    if (this.wantsParent) for (const ref of missing) if (!this.parentTypes.has(ref)) this.parentTypes.set(ref, typeName(component));
    const entry: FormCacheEntry = { component, absent, openList, form, missing };
    this.entries.set(id, entry);
    return entry;
  }

  /**
   * What a full-snapshot form shows for each reference: `loading_<ref>` for an absent one. A long
   * list of absent children is looked up in a set: a list with many children not yet arrived would
   * otherwise cost its length squared each time its parent's form is made again.
   */
  private swapAbsent(absent: readonly string[]): (ref: string) => string {
    if (absent.length === 0) return (ref) => ref;
    if (absent.length <= SHORT_LIST) return (ref) => (absent.includes(ref) ? this.loadingId(ref) : ref);
    const absentSet = new Set(absent);
    return (ref) => (absentSet.has(ref) ? this.loadingId(ref) : ref);
  }

  /**
   * `loading_<ref>`, one string object per ref: the layout hashes and compares these ids on every
   * change, and a string built anew each time would be read again for that.
   */
  private loadingId(ref: string): string {
    let id = this.loadingIds.get(ref);
    if (id === undefined) {
      id = LOADING_PREFIX + ref;
      this.loadingIds.set(ref, id);
    }
    return id;
  }

  /** The form last made for `component`, if it was made from this very object. */
  cachedForm(component: WireComponent): WireComponent | undefined {
    const cached = this.entries.get(component.id as string);
    return cached?.component === component ? cached.form : undefined;
  }

  /** The placeholder standing for missing id `id` (one object per id); `undefined`: none. */
  placeholder(id: string): WireComponent | undefined {
    if (this.placeholders.has(id)) return this.placeholders.get(id);
    const form = this.maker(id, this.parentTypes.get(id) ?? '');
    this.placeholders.set(id, form);
    return form;
  }

  /** Component `id` arrived: no placeholder needs its parent's type any more. */
  arrived(id: string): void {
    if (this.parentTypes.size === 0) return;
    this.parentTypes.delete(id);
    this.parentTypes.delete(LOADING_PREFIX + id);
  }

  /** Forgets the form of component `id`. */
  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Forgets every placeholder object and placeholder id (new ones are made when needed). */
  forgetPlaceholders(): void {
    this.placeholders.clear();
    this.loadingIds.clear();
  }
}
