/** Checking a compiled component against its catalog schema. */
import * as v from 'valibot';
import type { Catalog } from '../catalog/model.js';
import { A2uiValidationError } from '../errors.js';

/** Throws an `A2uiValidationError` for a missing required property or a schema violation. */
export function validateComponent(catalog: Catalog, component: Readonly<Record<string, unknown>>, type: string): void {
  const def = catalog.components.get(type);
  if (def === undefined) return;
  const missing = def.required.filter((name) => !(name in component));
  if (missing.length > 0) {
    throw new A2uiValidationError(`${type} '${String(component.id)}' is missing required ${missing.map((m) => `'${m}'`).join(', ')}`);
  }
  const result = v.safeParse(def.schema, component);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    throw new A2uiValidationError(`${type} '${String(component.id)}'${where ? ` at ${where}` : ''}: ${issue.message}`);
  }
}
