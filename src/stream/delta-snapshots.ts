/**
 * Delta snapshots (the default from v0.9 on): a snapshot holds only the reachable components whose
 * form changed, in id order, then the placeholders they need. A placeholder takes the missing
 * child's own id, so a parent is never sent again when its child arrives: output stays linear and
 * no placeholder is left behind. A parent whose missing child has no placeholder the catalog
 * accepts waits (retried every snapshot) until the child arrives. When a block closes, every
 * component sent as it is is released: the renderer has it, so becoming reachable again sends
 * nothing; one a later message sends again identically is sent again (no copy is kept to compare).
 *
 * A snapshot that only grows what the client shows (forms of components sent that lengthen a
 * text or extend a child list, and the placeholders those need) waits, after a piece of input,
 * for the next snapshot of the surface, for at most {@link GROWTH_WAIT} characters: a list of
 * short texts streamed in small chunks then sends each text's last piece with the next one's first
 * paint, one message for two. A first paint never waits (the form last sent under that id was a
 * placeholder, or none).
 */

/** Characters of input a snapshot that only grows what the client shows may wait for the next one. */
export const GROWTH_WAIT = 64;

import type { WireComponent } from '../validate/graph.js';
import { onlyGrowsShown } from './readiness.js';
import { jsonBytes } from './json-values.js';
import { RELEASED, type FormEntry, type Snapshots, type PlaceholderRoom, type TakeRequest, type WaitingParent } from './snapshots.js';
import type { Surface } from './surface.js';

export class DeltaSnapshots implements Snapshots {
  readonly namesMissing = false;
  /** The component object each id's form was last made from (a delta form is the component as it is). */
  readonly #made = new Map<string, WireComponent>();
  /** Parents waiting for children that have no placeholder, with the children they waited for when last looked at. */
  readonly #waitingParents = new Map<string, readonly string[]>();
  /** Parents waiting because their placeholders do not fit the output budget, with the room at which they are looked at again. */
  readonly #budgetWaits = new Map<string, number>();
  /** Components put since the last release (the ones it looks at). */
  readonly #putSinceRelease = new Set<string>();
  /** Characters of the block read when the snapshot now waiting first waited; `undefined`: none waits. */
  #waitingSince: number | undefined;
  readonly #surface: Surface;

  constructor(surface: Surface) {
    this.#surface = surface;
  }

  entryOf(component: WireComponent, absent: readonly string[]): FormEntry {
    const id = component.id as string;
    // References stay as they are: the form is the component as the model wrote it.
    if (this.#made.get(id) !== component) {
      this.#surface.placeholders.needed(absent, component);
      this.#made.set(id, component);
    }
    return { form: component, missing: absent };
  }

  componentOf(sent: WireComponent): WireComponent {
    return sent;
  }

  noteChange(id: string, isNew = false): void {
    this.#putSinceRelease.add(id);
    if (isNew && this.#budgetWaits.size > 0) this.#arrived(id);
  }

  /** Child `id` arrived: the parents waiting for room for its placeholder need that much less. */
  #arrived(id: string): void {
    const surface = this.#surface;
    const placeholder = surface.placeholders.get(id);
    if (placeholder === undefined) return;
    const bytes = jsonBytes(placeholder) + 1;
    for (const parent of surface.graph.parentsOf(id)) {
      const need = this.#budgetWaits.get(parent);
      if (need !== undefined) this.#budgetWaits.set(parent, need - bytes);
    }
  }

  get waits(): boolean {
    return this.#waitingSince !== undefined;
  }

  take({ at, gates: judge, room }: TakeRequest): WireComponent[] | undefined {
    const surface = this.#surface;
    const ids: string[] = [];
    // A released component was sent as it is: becoming reachable again changes nothing.
    const due = (id: string) => surface.graph.has(id) && surface.forms.get(id) !== RELEASED;
    for (const id of surface.touched) if (due(id)) ids.push(id);
    // A parent waiting for room for its placeholders is looked at again once they would fit.
    for (const id of this.#waitingParents.keys())
      if (!surface.touched.has(id) && due(id) && !((this.#budgetWaits.get(id) ?? 0) > room.allowance - room.spent)) ids.push(id);
    ids.sort();
    // Rule 10: what goes out (in id order), and what waits with the children it waits for.
    const going = new Map<string, FormEntry>();
    const held = new Map<string, readonly string[]>();
    for (const id of ids) {
      const entry = surface.entry(id);
      const unplaced = judge.placeholders && entry.missing.length > 0 ? entry.missing.filter((ref) => !judge.placeable(ref)) : undefined;
      if (unplaced !== undefined && unplaced.length > 0) held.set(id, unplaced);
      else going.set(id, entry);
    }
    const placeholderBytes = judge.placeholders && room.allowance !== Number.POSITIVE_INFINITY ? this.#fitPlaceholders(going, held, room) : 0;
    if (held.size > 0) this.#holdParents(held, going);
    const forms: WireComponent[] = [];
    const missing = new Set<string>();
    for (const entry of going.values()) {
      forms.push(entry.form);
      if (judge.placeholders) for (const ref of entry.missing) missing.add(ref);
    }
    surface.checkComponentLimit(missing.size);
    for (const id of missing) forms.push(surface.placeholders.get(id) as WireComponent);
    const out: WireComponent[] = [];
    for (const form of forms) {
      // A dropped snapshot keeps its parents waiting, so the next snapshot looks at them again.
      if (!judge.valid(form)) return undefined;
      if (!surface.sent.isSent(form.id as string, form)) out.push(form);
    }
    const standIns = surface.takeStandIns(judge);
    // A stand-in is the placeholder a parent naming that id already brings along.
    if (standIns.length > 0) {
      const ids = new Set(out.map((form) => form.id));
      for (const standIn of standIns) if (!ids.has(standIn.id)) out.push(standIn);
    }
    for (const [id, refs] of held) this.#waitingParents.set(id, refs);
    // Held back, the forms stay touched: the next snapshot makes them again.
    if (standIns.length === 0 && this.#mayWait(out, at)) return undefined;
    if (placeholderBytes > 0) room.spent += placeholderBytes;
    this.#waitingSince = undefined;
    for (const id of going.keys()) {
      this.#waitingParents.delete(id);
      this.#budgetWaits.delete(id);
    }
    surface.clearTouched();
    if (out.length === 0) return undefined;
    surface.sent.record(out);
    return out;
  }

  /**
   * Rule 10 and the output budget: a parent whose placeholders not sent yet would take the
   * response's placeholders past the budget's allowance waits with those children, as with a
   * catalog that accepts no placeholder: a child list of ids never defined would otherwise send
   * ten times its input. It is looked at again when the room has grown to what it needs (its
   * children's placeholders not needed any more as they arrive). Returns the bytes of the
   * placeholders that fitted, counted when the snapshot goes out.
   */
  #fitPlaceholders(going: Map<string, FormEntry>, held: Map<string, readonly string[]>, budget: PlaceholderRoom): number {
    const surface = this.#surface;
    let room = budget.allowance - budget.spent;
    let fitted = 0;
    const counted = new Set<string>();
    for (const [id, entry] of going) {
      if (entry.missing.length === 0) continue;
      const fresh: string[] = [];
      let bytes = 0;
      for (const ref of entry.missing) {
        if (counted.has(ref) || surface.sent.has(ref)) continue;
        fresh.push(ref);
        bytes += jsonBytes(surface.placeholders.get(ref) as WireComponent) + 1;
      }
      if (bytes <= room) {
        room -= bytes;
        fitted += bytes;
        for (const ref of fresh) counted.add(ref);
        continue;
      }
      going.delete(id);
      held.set(id, fresh);
      this.#budgetWaits.set(id, bytes);
    }
    return fitted;
  }

  /**
   * Rule 10 up the tree: a parent that would go out waits with a child that waits, unless the
   * client holds that child already (sent, or its placeholder was): it would name an id the
   * client does not have. Each waiting id is followed once.
   */
  #holdParents(held: Map<string, readonly string[]>, going: Map<string, FormEntry>): void {
    const surface = this.#surface;
    const queue = [...held.keys()];
    for (let child = queue.pop(); child !== undefined; child = queue.pop()) {
      if (surface.sent.has(child)) continue;
      for (const parent of surface.graph.parentsOf(child)) {
        if (!going.delete(parent)) continue;
        held.set(parent, [child]);
        queue.push(parent);
      }
    }
  }

  /** Whether the snapshot `out` may wait (see the module comment), and if so notes since when. */
  #mayWait(out: readonly WireComponent[], at: number | undefined): boolean {
    if (at === undefined || out.length === 0) return false;
    if (this.#waitingSince !== undefined && at - this.#waitingSince >= GROWTH_WAIT) return false;
    if (!onlyGrowsShown(this.#surface, out)) return false;
    this.#waitingSince ??= at;
    return true;
  }

  waiting(): WaitingParent[] {
    const out: WaitingParent[] = [];
    for (const [id, refs] of this.#waitingParents) {
      // One released (sent as it is), or gone, waits for nothing: the turn's end gave it back (`turn-end.ts`).
      const form = this.#surface.forms.get(id);
      if (form === undefined || form === RELEASED) continue;
      const still = refs.filter((ref) => !this.#surface.forms.has(ref));
      if (still.length > 0 && this.#surface.graph.has(id)) out.push(this.#budgetWaits.has(id) ? [id, still, 'budget'] : [id, still]);
    }
    return out;
  }

  wake(): void {}

  release(): void {
    if (this.#putSinceRelease.size === 0) return;
    const surface = this.#surface;
    for (const id of this.#putSinceRelease) {
      const component = surface.forms.get(id);
      if (component === undefined || this.#made.get(id) !== component || surface.sent.get(id) !== component) continue;
      surface.releaseComponent(id);
      this.#made.delete(id);
    }
    this.#putSinceRelease.clear();
    surface.placeholders.forget();
  }

  sleep(): void {}

  reset(): void {
    this.#waitingSince = undefined;
  }
}
