/**
 * The catalog's verdict on each form a surface emits, cached per (immutable) form object. A form
 * that changed from the last valid form of its component is checked only where it changed
 * ({@link validateChange}); a new placeholder against a placeholder already found valid.
 */
import type { Catalog } from '../catalog/model.js';
import { validateComponent } from '../validate/component.js';
import { validateChange } from '../validate/component-change.js';
import type { WireComponent } from '../validate/graph.js';

export class FormVerdicts {
  private readonly verdicts = new Map<string, { form: WireComponent; valid: boolean }>();
  /** The last form of each component found valid. */
  private readonly lastValid = new Map<string, WireComponent>();
  /** A placeholder found valid: placeholders differ only in their id, so it vouches for the others. */
  private validPlaceholder: WireComponent | undefined;

  /** @param validate `false`: every form is valid (the parser's `validate: false`). */
  constructor(private readonly validate: boolean) {}

  /** Whether `catalog` accepts `form`; `isPlaceholder` when it is a placeholder the surface made. */
  isValid(catalog: Catalog, form: WireComponent, isPlaceholder: boolean): boolean {
    if (!this.validate) return true;
    const id = form.id as string;
    const cached = this.verdicts.get(id);
    if (cached?.form === form) return cached.valid;
    const previous = this.lastValid.get(id) ?? (isPlaceholder ? this.validPlaceholder : undefined);
    const valid =
      (previous === undefined ? undefined : validateChange(catalog, previous, form)) ??
      validateComponent(catalog, form).length === 0;
    this.verdicts.set(id, { form, valid });
    if (valid) this.lastValid.set(id, form);
    if (valid && isPlaceholder) this.validPlaceholder = form;
    return valid;
  }

  /** Whether `component` (this very object) was found valid. */
  isKnownValid(component: unknown): boolean {
    const id = (component as WireComponent | null)?.id;
    return typeof id === 'string' && this.lastValid.get(id) === component;
  }

  /** Records that `component` was found valid elsewhere. */
  markValid(component: WireComponent): void {
    this.verdicts.set(component.id as string, { form: component, valid: true });
    this.lastValid.set(component.id as string, component);
  }

  /** Forgets the verdicts about component `id`. */
  forget(id: string): void {
    this.verdicts.delete(id);
    this.lastValid.delete(id);
  }

  /** Forgets every verdict (the catalog changed). */
  clear(): void {
    this.verdicts.clear();
    this.lastValid.clear();
    this.validPlaceholder = undefined;
  }
}
