/**
 * What a surface sent, and letting go of it once sent: each component (placeholders included) as
 * last emitted; when a block closes, every component sent as it is is released (a frozen marker
 * stands in the surface's components, its id and references stay in the graph) with the caches
 * about it. Full snapshots re-send the whole tree on the next change, so they park the released
 * components as one UTF-8 JSON array, read back when the surface next changes.
 */
import type { WireComponent } from '../validate/graph.js';
import type { EmittedForms } from './emitted-forms.js';
import type { FormVerdicts } from './form-verdicts.js';
import type { FullSnapshot } from './full-snapshot.js';
import { parkJson, unparkJson } from './parked-json.js';
import { sameJson } from './same-json.js';

/**
 * Stands for a component that was sent as it is and then let go of when its block closed: its id
 * and references are kept (reachability), its object is not (memory). Full snapshots keep it in
 * UTF-8 JSON until the surface next changes (see {@link SentForms.park}).
 */
export const RELEASED: WireComponent = Object.freeze({});

export class SentForms {
  /** Each component (placeholders included) as last emitted. */
  private readonly emitted = new Map<string, WireComponent>();
  /** Full snapshots: the components released when their block closed, as one JSON array in UTF-8. */
  private parked: Uint8Array | undefined;
  /** Components put since the last release (the ones it looks at). */
  private readonly sinceCompact = new Set<string>();

  /**
   * @param components The surface's components by id (released ones are marked there).
   * @param forms The surface's emitted forms, forgotten for what is released.
   * @param verdicts The surface's verdicts, forgotten for what is released.
   */
  constructor(
    private readonly components: Map<string, WireComponent>,
    private readonly forms: EmittedForms,
    private readonly verdicts: FormVerdicts,
  ) {}

  /** `id` was put: the next {@link release} looks at it. */
  put(id: string): void {
    this.sinceCompact.add(id);
  }

  /**
   * Whether `form` is the same JSON as the form last sent under `id`. Then `form` is kept as the
   * one sent, so the component it came from can be released later.
   */
  isSent(id: string, form: WireComponent): boolean {
    const sent = this.emitted.get(id);
    if (sent === form) return true;
    if (!sameJson(sent, form)) return false;
    this.emitted.set(id, form);
    return true;
  }

  /** Records `forms` as sent. */
  record(forms: readonly WireComponent[]): void {
    for (const form of forms) this.emitted.set(form.id as string, form);
  }

  /** Delta snapshots: releases every component put since the last release and sent as it is. */
  release(): void {
    if (this.sinceCompact.size === 0) return;
    for (const id of this.sinceCompact) {
      const component = this.components.get(id);
      if (component !== undefined && this.sentAsIs(component, false)) this.releaseOne(id);
    }
    this.sinceCompact.clear();
    this.forms.forgetPlaceholders();
  }

  /** Full snapshots: releases and parks the components sent as they are; clears `layout`. */
  park(layout: FullSnapshot): void {
    // Still parked: nothing was read back since, so there is nothing new to release.
    if (this.parked !== undefined) return;
    const sent = [...this.components.values()].filter((component) => this.sentAsIs(component, true));
    if (sent.length > 0) this.parked = parkJson(sent);
    for (const component of sent) this.releaseOne(component.id as string);
    // Placeholders no longer shown: only what the renderer still has needs remembering.
    for (const id of this.emitted.keys()) if (!this.components.has(id) && !layout.needsPlaceholder(id)) this.forget(id);
    layout.clear();
    this.sinceCompact.clear();
    this.forms.forgetPlaceholders();
  }

  /** Full snapshots: reads the parked components back, as sent and valid. */
  unpark(): void {
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

  /** Whether `component` was sent as it is (with full snapshots: as its own form, unchanged). */
  private sentAsIs(component: WireComponent, full: boolean): boolean {
    const form = this.forms.cachedForm(component);
    return form !== undefined && this.emitted.get(component.id as string) === form && (!full || form === component);
  }

  private releaseOne(id: string): void {
    this.components.set(id, RELEASED);
    this.forget(id);
  }

  /** Drops what the caches hold about `id`. */
  private forget(id: string): void {
    this.emitted.delete(id);
    this.forms.forget(id);
    this.verdicts.forget(id);
  }
}
