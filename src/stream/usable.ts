/**
 * Whether a component (closed, or healed from a partial) may be put on a surface: it has an id
 * and a type and no empty object anywhere; a partial also needs its type's required properties,
 * and is not looked at while its innermost open object is still empty (it would heal empty).
 */
import type { Frame } from '../json/builder.js';
import type { VersionSpec } from '../protocol/versions.js';
import type { ComponentType } from '../validate/component.js';
import type { WireComponent } from '../validate/graph.js';

/** A component may be cached: it has an id and a type, and no empty object anywhere. */
export function usable(component: WireComponent, spec: VersionSpec): boolean {
  if (typeof component.id !== 'string' || component.id === '') return false;
  const type = component.component;
  const typed = spec.nestedComponents
    ? typeof type === 'object' && type !== null && Object.keys(type).length > 0
    : typeof type === 'string' && type !== '';
  return typed && !hasEmptyObject(component);
}

/** The catalog's required properties are all present (partials only). */
export function hasRequired(type: ComponentType | undefined): boolean {
  if (!type?.def || typeof type.props !== 'object' || type.props === null) return true;
  for (const name of type.def.required) if (!(name in type.props)) return false;
  return true;
}

/** Whether `frame` is an object with no complete member yet. */
export function isEmptyObjectFrame(frame: Frame): boolean {
  if (frame.isArray) return false;
  for (const key in frame.container) if (Object.hasOwn(frame.container, key)) return false;
  return true;
}

function hasEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(hasEmptyObject);
  let empty = true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (hasEmptyObject((value as Record<string, unknown>)[key])) return true;
    empty = false;
  }
  return empty;
}
