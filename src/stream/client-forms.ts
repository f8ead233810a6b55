/**
 * What the client holds of one surface: each component (placeholders included) in the form last
 * sent, and the ids whose placeholder must replace a form it holds (a component left out as
 * invalid after a partial of it went out).
 */
import type { WireComponent } from '../validate/graph.js';
import { sameJson } from './json-values.js';
import { isPlaceholderId, type Placeholders } from './placeholders.js';

export class ClientForms extends Map<string, WireComponent> {
  /** Ids whose placeholder must replace the form the client holds. */
  readonly #standIns = new Set<string>();
  /** The surface's placeholders: which forms are stand-ins, and the one for an id. */
  readonly #placeholders: Placeholders;

  constructor(placeholders: Placeholders) {
    super();
    this.#placeholders = placeholders;
  }

  /**
   * Whether `form` is the same JSON as the form last sent under `id`. Then `form` is kept as the
   * one sent, so the component it came from can be released later; but a placeholder stays what
   * was sent: the client still shows a stand-in, and the component's next form is its first paint.
   */
  isSent(id: string, form: WireComponent): boolean {
    const sent = this.get(id);
    if (sent === form) return true;
    if (!sameJson(sent, form)) return false;
    if (!this.#placeholders.isPlaceholder(sent as WireComponent)) this.set(id, form);
    return true;
  }

  /**
   * Whether `component`, which `history` holds, is the placeholder this surface makes for its id
   * (full snapshots, `namesMissing`, give placeholders `loading_` ids; delta ones the missing
   * child's own id): it is then recorded as sent, and not held as a component.
   */
  seededPlaceholder(component: WireComponent, namesMissing: boolean): boolean {
    const id = component.id as string;
    if (isPlaceholderId(id) !== namesMissing) return false;
    const placeholder = this.#placeholders.get(id);
    if (placeholder === undefined || !sameJson(placeholder, component)) return false;
    this.set(id, placeholder);
    return true;
  }

  /** Whether the client holds a placeholder under `id`. */
  showsPlaceholder(id: string): boolean {
    const sent = this.get(id);
    return sent !== undefined && this.#placeholders.isPlaceholder(sent);
  }

  /** Records `forms` as sent. */
  record(forms: readonly WireComponent[]): void {
    for (const form of forms) this.set(form.id as string, form);
  }

  /** The client holds a form of `id` (`released`: one let go of, no longer recorded here) that must give way to its placeholder. */
  standIn(id: string, released = false): void {
    if (released || this.has(id)) this.#standIns.add(id);
  }

  /** A form of `id` goes out: no placeholder is owed for it. */
  owesNothing(id: string): void {
    this.#standIns.delete(id);
  }

  /**
   * The placeholders owed (see {@link standIn}) that the surface has and `valid` accepts, not
   * already sent; each is owed no more once given.
   */
  takeStandIns(valid: (form: WireComponent) => boolean): WireComponent[] {
    const out: WireComponent[] = [];
    for (const id of this.#standIns) {
      const form = this.#placeholders.get(id);
      if (form === undefined || !valid(form)) continue;
      this.#standIns.delete(id);
      if (!this.isSent(id, form)) out.push(form);
    }
    return out;
  }
}
