/**
 * The streaming core's component references (see `mapStreamReferences` in `catalog/refs.ts`):
 * schema-typed reference fields and the conventional names, for a whole wire component.
 */
import { forEachStreamReference } from '../catalog/refs.js';
import type { ReferenceVisitor } from '../catalog/refs.js';
import type { Catalog } from '../catalog/model.js';
import { isJsonObject } from '../json/is-object.js';
import { componentTypeOf } from '../validate/component.js';
import { selfReferenceError } from '../validate/graph.js';
import type { WireComponent } from '../validate/graph.js';

/** Calls `visit(id, field)` for each reference of `component` by the streaming core's rule. */
export function forEachStreamComponentReference(catalog: Catalog, component: unknown, visit: ReferenceVisitor): void {
  const type = componentTypeOf(catalog, component);
  if (type !== undefined && isJsonObject(type.props)) forEachStreamReference(type.def, type.props, visit);
}

/** Throws the reference's self-reference error when `component` (id `id`) names itself. */
export function checkStreamSelfReference(catalog: Catalog, id: string, component: WireComponent): void {
  forEachStreamComponentReference(catalog, component, (ref, field) => {
    if (ref === id) throw selfReferenceError(id, field);
  });
}
