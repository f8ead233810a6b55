/**
 * Full snapshots (v0.8's default, the reference's form, pinned by the conformance suite): every
 * snapshot re-sends the surface's whole reachable tree sorted by id, then placeholders, when any
 * form in it changed. A missing child is named `loading_<id>` in its parent's form and a child list
 * still streaming `loading_children_<id>`, as the reference does; the snapshot waits while a form
 * or a placeholder is not valid (or a missing child has no placeholder). When a block closes, the
 * components sent as they are are parked as one UTF-8 JSON array and read back (new objects, known
 * valid and sent) when the surface next changes.
 */
import type { Catalog } from '../catalog/model.js';
import { mapStreamReferences, streamListFields } from '../catalog/refs.js';
import { isJsonObject } from '../json/is-object.js';
import { componentTypeOf } from '../validate/component.js';
import type { WireComponent } from '../validate/graph.js';
import { parkJson, sameList, unparkJson } from './json-values.js';
import { describeMissing, LIST_PLACEHOLDER_PREFIX, PLACEHOLDER_PREFIX, placeholderTarget } from './placeholders.js';
import { FullLayout } from './full-layout.js';
import type { FormEntry, Gates, PlaceholderRoom, Snapshots, TakeRequest, WaitingParent } from './snapshots.js';
import { forEachReference } from './child-refs.js';
import type { Surface } from './surface.js';
import type { Wire } from './wire.js';

/** A form made for a component, with what it was made from: reused while those are the same. */
interface FullEntry extends FormEntry {
  readonly component: WireComponent;
  readonly absent: readonly string[];
  readonly openList: boolean;
}

/** Up to this many absent references are searched in their list; more go into a set. */
const SHORT_LIST = 8;

export class FullSnapshots implements Snapshots {
  readonly namesMissing = true;
  /** Full snapshots never wait: each re-sends the tree, so there is nothing to gather. */
  readonly waits = false;
  readonly layout: FullLayout;
  readonly #forms = new Map<string, FullEntry>();
  /** `loading_<ref>`, one string per ref: the layout hashes and compares these ids on every change. */
  readonly #loadingIds = new Map<string, string>();
  /** The components released when their block closed, as one JSON array in UTF-8. */
  #parked: Uint8Array | undefined;
  /** Whether the last snapshot waited because its placeholders do not fit the output budget. */
  #overBudget = false;
  /**
   * While it waits so: the allowance then and the bytes it lacked. Laying the tree out costs its
   * size, so at a chunk's end it is not laid out again until the allowance has grown by half what
   * it lacked (a Column of n children streamed before them took time quadratic in n).
   */
  #budgetWait: { readonly allowance: number; readonly lacking: number } | undefined;
  /**
   * Bytes of placeholders in the tree last taken in the response `#shownIn` names (the room object of
   * that response): counted in its `spent`, shared by the surfaces, so each tree may not take the
   * whole allowance (200 Columns of 300 ids never defined showed nine times their input).
   */
  #shown = 0;
  #shownIn: PlaceholderRoom | undefined;
  /** The surface's own gates of rules 10 and 11. */
  readonly #live: Gates;
  /** The gates the layout judges forms by: those of the snapshot being taken, else the surface's own. */
  #gates: Gates;
  readonly #surface: Surface;

  constructor(surface: Surface, gates: Gates) {
    this.#surface = surface;
    this.#live = gates;
    this.#gates = gates;
    this.layout = new FullLayout({
      isValid: (form) => this.#gates.valid(form),
      isSent: (id, form) => surface.sent.isSent(id, form),
      placeholder: (id) => surface.placeholders.get(id),
    });
  }

  /**
   * The component laid out as `sent`: each reference to a placeholder the client holds
   * (`loading_<id>`) names `<id>` again, and the loading marker of its child list is an empty list.
   * A `loading_` id the model wrote (a component held, or a form the client holds that is no
   * placeholder) stays, and no reference becomes the component's own id.
   */
  componentOf(sent: WireComponent): WireComponent {
    const surface = this.#surface;
    const type = componentTypeOf(surface.judge.catalogOf(sent), sent);
    if (type === undefined || !isJsonObject(type.props)) return sent;
    const own = (ref: string) => surface.sent.showsPlaceholder(ref) && !surface.forms.has(ref);
    const marker = LIST_PLACEHOLDER_PREFIX + String(sent.id);
    const unmarked = own(marker) ? unmarkLoadingList(type.props, streamListFields(type.def), marker) : type.props;
    const props = mapStreamReferences(type.def, unmarked, (ref) => {
      const target = placeholderTarget(ref);
      return target === undefined || target === sent.id || !own(ref) ? ref : target;
    });
    return props === type.props ? sent : surface.wire.withProps(sent, type.name, props);
  }

  /**
   * The component as it goes out: `absent` references pointed at `loading_<id>` placeholders, an
   * empty child list still streaming (`openList`) marked with `loading_children_<id>`. The entry
   * is reused while the same references are absent and the list state is alike.
   */
  entryOf(component: WireComponent, absent: readonly string[], openList: boolean): FormEntry {
    const id = component.id as string;
    const cached = this.#forms.get(id);
    if (cached?.component === component && cached.openList === openList && sameList(cached.absent, absent)) return cached;
    const surface = this.#surface;
    const form = emittedForm(component, surface.judge.catalogOf(component), surface.wire, this.#swapAbsent(absent), openList);
    let missing: readonly string[] = absent.map((ref) => this.#loadingId(ref));
    if (openList && form !== component) {
      const marker = LIST_PLACEHOLDER_PREFIX + id;
      forEachReference(surface.judge.catalogOf(form), form, (ref) => {
        if (ref === marker) missing = [...missing, marker];
      });
    }
    surface.placeholders.needed(missing, component);
    const entry: FullEntry = { component, absent, openList, form, missing };
    this.#forms.set(id, entry);
    return entry;
  }

  noteChange(): void {}

  take(request: TakeRequest): WireComponent[] | undefined {
    const wait = this.#budgetWait;
    if (wait !== undefined && (request.at !== undefined || request.completed) && request.room.allowance < wait.allowance + wait.lacking / 2) {
      // Not looked at: what changed stays for the next snapshot.
      this.#surface.markChanged();
      return undefined;
    }
    this.#gates = request.gates;
    try {
      return this.#take(request.added, request.versionBefore, request.room);
    } finally {
      this.#gates = this.#live;
    }
  }

  #take(added: readonly string[], versionBefore: number, room: PlaceholderRoom): WireComponent[] | undefined {
    const surface = this.#surface;
    const layout = this.layout;
    const graph = surface.graph;
    const entryOf = (id: string) => surface.entry(id);
    let laidOut: (id: string) => boolean = () => false;
    if (layout.version !== graph.version) {
      // Usually the reachable set only grew: insert the new ids instead of laying out everything.
      if (layout.version === versionBefore && graph.ids.size === layout.size + added.length) {
        layout.insert(added, graph.version, entryOf);
        const fresh = new Set(added);
        laidOut = (id) => fresh.has(id);
      } else {
        layout.reset(graph.ids, graph.version, (id, previous) => (previous !== undefined && !surface.touched.has(id) ? previous : entryOf(id)));
        laidOut = () => true;
      }
    }
    for (const id of surface.touched) if (!laidOut(id) && layout.has(id)) layout.set(id, entryOf(id));
    surface.clearTouched();
    surface.checkComponentLimit(layout.placeholderCount);
    // Rule 10 and the output budget: a tree whose placeholders alone take more than the response's
    // allowance waits (a list of ids never defined would otherwise show ten times its input).
    const allowance = room.allowance;
    const shown = room === this.#shownIn ? this.#shown : 0;
    const free = allowance - (room.spent - shown);
    this.#overBudget = this.#gates.placeholders && layout.placeholderBytes > free;
    this.#budgetWait = this.#overBudget ? { allowance, lacking: layout.placeholderBytes - free } : undefined;
    if (!this.#overBudget && this.#gates.placeholders && allowance !== Number.POSITIVE_INFINITY) {
      room.spent += layout.placeholderBytes - shown;
      this.#shown = layout.placeholderBytes;
      this.#shownIn = room;
    }
    const parts = this.#overBudget ? undefined : layout.take();
    // Placeholders replacing forms left out as invalid go with the tree (alone when the tree is unchanged: the root was left out).
    const standIns = surface.takeStandIns(this.#gates);
    surface.sent.record(standIns);
    if (parts === undefined) return standIns.length > 0 ? standIns : undefined;
    surface.sent.record(parts.changed);
    return standIns.length > 0 ? [...parts.forms, ...standIns] : parts.forms;
  }

  waiting(): WaitingParent[] {
    const out: WaitingParent[] = this.layout.waiting().map(([id, refs]) => [id, refs.map(describeMissing)]);
    const root = this.#surface.root;
    if (this.#overBudget && root !== undefined) out.push([root, this.layout.placeholderIds().map(describeMissing), 'budget']);
    return out;
  }

  /** Reads the parked components back, as sent and valid. */
  wake(): void {
    const bytes = this.#parked;
    if (bytes === undefined) return;
    this.#parked = undefined;
    for (const component of unparkJson(bytes) as WireComponent[]) this.#surface.restore(component);
  }

  /** Parks at once unless the block before looked at the surface too: then when it sleeps. */
  release(busy: boolean): void {
    if (!busy) this.park();
  }

  sleep(): void {
    this.park();
  }

  reset(): void {
    this.layout.clear();
    this.#budgetWait = undefined;
  }

  /** Releases and parks the components sent as they are (as their own form, unchanged); clears the layout. */
  park(): void {
    // Still parked: nothing was read back since, so there is nothing new to release.
    if (this.#parked !== undefined) return;
    const surface = this.#surface;
    const sent = [...surface.forms.values()].filter((component) => {
      const form = this.#forms.get(component.id as string);
      return form?.component === component && form.form === component && surface.sent.get(component.id as string) === component;
    });
    if (sent.length > 0) this.#parked = parkJson(sent);
    for (const component of sent) {
      surface.releaseComponent(component.id as string);
      this.#forms.delete(component.id as string);
    }
    // Placeholders no longer shown: only what the renderer still has needs remembering.
    for (const id of surface.sent.keys()) if (!surface.forms.has(id) && !this.layout.needsPlaceholder(id)) this.#forget(id);
    this.layout.clear();
    this.#budgetWait = undefined;
    surface.placeholders.forget();
    this.#loadingIds.clear();
  }

  #forget(id: string): void {
    this.#surface.forgetSent(id);
    this.#forms.delete(id);
  }

  /**
   * What a form shows for each reference: `loading_<ref>` for an absent one. A long list of absent
   * children is looked up in a set, not searched once per reference.
   */
  #swapAbsent(absent: readonly string[]): (ref: string) => string {
    if (absent.length === 0) return (ref) => ref;
    if (absent.length <= SHORT_LIST) return (ref) => (absent.includes(ref) ? this.#loadingId(ref) : ref);
    const absentSet = new Set(absent);
    return (ref) => (absentSet.has(ref) ? this.#loadingId(ref) : ref);
  }

  #loadingId(ref: string): string {
    let id = this.#loadingIds.get(ref);
    if (id === undefined) {
      id = PLACEHOLDER_PREFIX + ref;
      this.#loadingIds.set(ref, id);
    }
    return id;
  }
}

/**
 * `component` with each reference replaced by what `swap` gives for it, an empty list reference
 * marked as loading when `openList`; `component` itself when nothing changes.
 */
function emittedForm(component: WireComponent, catalog: Catalog, wire: Wire, swap: (ref: string) => string, openList: boolean): WireComponent {
  let result = component;
  const type = componentTypeOf(catalog, component);
  if (type !== undefined && isJsonObject(type.props)) {
    let props: Record<string, unknown> = mapStreamReferences(type.def, type.props, swap);
    if (openList) props = markLoadingList(props, streamListFields(type.def), String(component.id));
    if (props !== type.props) result = wire.withProps(component, type.name, props);
  }
  return result;
}

/** {@link markLoadingList} undone: a list holding only `marker` is empty again. */
function unmarkLoadingList(props: Record<string, unknown>, listKeys: readonly string[], marker: string): Record<string, unknown> {
  const only = (list: unknown) => Array.isArray(list) && list.length === 1 && list[0] === marker;
  for (const key of listKeys) {
    const value = props[key];
    if (only(value)) return { ...props, [key]: [] };
    if (isJsonObject(value) && only(value.explicitList)) return { ...props, [key]: { ...value, explicitList: [] } };
  }
  return props;
}

/** Replaces the first empty list under a list-reference property with the loading marker. */
function markLoadingList(props: Record<string, unknown>, listKeys: readonly string[], id: string): Record<string, unknown> {
  for (const key of listKeys) {
    const value = props[key];
    if (Array.isArray(value) && value.length === 0) return { ...props, [key]: [LIST_PLACEHOLDER_PREFIX + id] };
    if (isJsonObject(value) && Array.isArray(value.explicitList) && value.explicitList.length === 0) {
      return { ...props, [key]: { ...value, explicitList: [LIST_PLACEHOLDER_PREFIX + id] } };
    }
  }
  return props;
}
