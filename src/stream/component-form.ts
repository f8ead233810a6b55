/**
 * The emitted form of a component: references to components not yet seen swapped for
 * `loading_<id>` placeholders, a still-streaming empty child list marked with
 * `loading_children_<id>`, and (v0.8) relative binding paths made absolute. Pure functions; the
 * surface caches their results per component object.
 */
import type { Catalog } from '../catalog/model.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { mapStreamReferences, streamListFields } from '../catalog/refs.js';
import type { VersionSpec } from '../protocol/versions.js';
import { componentTypeOf } from '../validate/component.js';
import type { WireComponent } from '../validate/graph.js';

/** Prefix of a placeholder standing for a missing child. */
export const LOADING_PREFIX = 'loading_';
/** Prefix of the placeholder standing for a child list that is still streaming. */
export const LOADING_CHILDREN_PREFIX = 'loading_children_';

/** A placeholder component with id `id` (a `Row` with no children), in the version's shape. */
export function placeholder(id: string, spec: VersionSpec): WireComponent {
  return spec.nestedComponents
    ? { id, component: { Row: { children: { explicitList: [] } } } }
    : { id, component: 'Row', children: [] };
}

/**
 * The component as it is emitted: each reference replaced by what `swap` gives for it (the
 * placeholder id of a missing one, else itself), an empty list reference marked as loading when
 * `openList` is true, and (v0.8) relative paths made absolute. Returns `component` itself when
 * nothing changes.
 */
export function emittedForm(
  component: WireComponent,
  catalog: Catalog,
  spec: VersionSpec,
  swap: (ref: string) => string,
  openList: boolean,
): WireComponent {
  let result = component;
  const type = componentTypeOf(catalog, component);
  if (type !== undefined && isObject(type.props)) {
    let props: Record<string, unknown> = mapStreamReferences(type.def, type.props, swap);
    if (openList) props = markLoadingList(props, streamListFields(type.def), String(component.id));
    if (props !== type.props) {
      result = spec.nestedComponents
        ? { ...component, component: { [type.name]: props } }
        : props;
    }
  }
  return spec.absolutePaths ? absolutePaths(result) as WireComponent : result;
}

/** Replaces the first empty list under a list-reference property with the loading marker. */
function markLoadingList(props: Record<string, unknown>, listKeys: readonly string[], id: string): Record<string, unknown> {
  for (const key of listKeys) {
    const value = props[key];
    if (Array.isArray(value) && value.length === 0) {
      return { ...props, [key]: [LOADING_CHILDREN_PREFIX + id] };
    }
    if (isObject(value) && Array.isArray(value.explicitList) && value.explicitList.length === 0) {
      return { ...props, [key]: { ...value, explicitList: [LOADING_CHILDREN_PREFIX + id] } };
    }
  }
  return props;
}

/**
 * v0.8 path rule: a `path` string without a leading `/` gets one. Unlike the reference, siblings
 * of an absolute `path` (a `literalString` initialiser) are kept. Untouched values are shared.
 */
export function absolutePaths(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = absolutePaths(item);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return copy ?? value;
  }
  if (!isObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const next = key === 'path' && typeof item === 'string' && !item.startsWith('/') ? `/${item}` : absolutePaths(item);
    if (next !== item) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}
