/**
 * Whether its catalog accepts each form a surface emits, cached per (immutable) form object. A form
 * that changed from the last valid form of its component is checked only where it changed
 * ({@link validateChange}); a new component (a placeholder too) where it differs from the last
 * valid form of its type; in the current v1.0 dialect, whole.
 */
import type { Catalog } from '../catalog/model.js';
import { validateComponent } from '../validate/component.js';
import { validateChange } from '../validate/component-change.js';
import type { CatalogScope } from '../validate/current-dialect.js';
import type { WireComponent } from '../validate/graph.js';

export class Validity {
  readonly #verdicts = new Map<string, { form: WireComponent; valid: boolean }>();
  /** The last form of each component found valid. */
  readonly #lastValid = new Map<string, WireComponent>();
  /** The last form found valid per type: a new component is checked where it differs from it. */
  readonly #lastValidOfType = new Map<unknown, WireComponent>();

  readonly #validate: boolean;
  /** With turns: the ids judged in the turn (at its end, those the surface does not hold are forgotten). */
  readonly #judged: Set<string> | undefined;
  /**
   * @param validate `false`: every form is valid (the parser's `validate: false`).
   * @param turns Keep the ids judged in each turn (the `turns` option; see {@link turnEnded}).
   */
  constructor(validate: boolean, turns = false) {
    this.#validate = validate;
    this.#judged = turns ? new Set() : undefined;
  }

  /**
   * Whether `catalog` accepts `form` (`undefined`: it resolves to no catalog, not valid). `scope`
   * (current v1.0 dialect): its calls resolve there, and it is checked whole: a change alone would
   * miss its id, its reserved keys and its calls.
   */
  isValid(catalog: Catalog | undefined, form: WireComponent, scope?: CatalogScope): boolean {
    if (!this.#validate) return true;
    const id = form.id as string;
    const cached = this.#verdicts.get(id);
    if (cached?.form === form) return cached.valid;
    const type = scope === undefined ? typeKey(form) : undefined;
    const valid =
      catalog !== undefined && (scope === undefined ? this.#judge(catalog, id, type, form) : validateComponent(catalog, form, '', scope).length === 0);
    this.#verdicts.set(id, { form, valid });
    this.#judged?.add(id);
    if (valid) {
      this.#lastValid.set(id, form);
      if (scope === undefined) this.#lastValidOfType.set(type, form);
    }
    return valid;
  }

  /** Whether `catalog` accepts `form`, checked where it differs from a form found valid when one is alike. */
  #judge(catalog: Catalog, id: string, type: unknown, form: WireComponent): boolean {
    const previous = this.#lastValid.get(id);
    const peer = this.#lastValidOfType.get(type);
    return (
      (previous === undefined ? undefined : validateChange(catalog, previous, form)) ??
      (peer === undefined || peer === previous ? undefined : validateChange(catalog, peer, form)) ??
      validateComponent(catalog, form).length === 0
    );
  }

  /** Whether `component` (this very object) was found valid. */
  isKnownValid(component: unknown): boolean {
    const id = (component as WireComponent | null)?.id;
    return typeof id === 'string' && this.#lastValid.get(id) === component;
  }

  /** Records that `component` was found valid elsewhere. */
  markValid(component: WireComponent): void {
    this.#verdicts.set(component.id as string, { form: component, valid: true });
    this.#lastValid.set(component.id as string, component);
    this.#lastValidOfType.set(typeKey(component), component);
  }

  /** How many forms' verdicts are kept (one per component id). */
  get size(): number {
    return this.#verdicts.size;
  }

  /** Forgets the verdicts about component `id`. */
  forget(id: string): void {
    this.#verdicts.delete(id);
    this.#lastValid.delete(id);
  }

  /**
   * A turn ended: the verdicts about the ids judged in it that the surface does not hold (`holds`)
   * go, so a parser reading turn after turn keeps only what its surfaces hold.
   */
  turnEnded(holds: (id: string) => boolean): void {
    if (this.#judged === undefined) return;
    for (const id of this.#judged) if (!holds(id)) this.forget(id);
    this.#judged.clear();
  }

  /**
   * Forgets the last valid form of each type (only new components are checked against them, and
   * each keeps a whole component alive).
   */
  forgetTypes(): void {
    this.#lastValidOfType.clear();
  }

  /** Forgets every verdict (the catalog changed). */
  clear(): void {
    this.#verdicts.clear();
    this.#lastValid.clear();
    this.#lastValidOfType.clear();
  }
}

/** What names a form's type: v0.9+ the `component` string, v0.8 the `component` object's one key. */
function typeKey(form: WireComponent): unknown {
  const type = form.component;
  if (typeof type !== 'object' || type === null) return type;
  for (const key in type) return key;
  return undefined;
}
