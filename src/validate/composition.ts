/**
 * Composition constraints (v1.0 catalogs): a component type's `allowedParents` and a container's
 * `allowedChildren`, with the implicit `Surface` container as the parent of `root`. Pure
 * functions: {@link compositionProblem} judges one edge once both ends are known, which is how a
 * streaming reader can apply it; {@link checkComposition} judges a whole surface.
 */
import { A2uiValidationError, type A2uiErrorDetail } from '../errors.js';
import { clipText, reportedDetails } from './report.js';
import type { Catalog, ComponentDef } from '../catalog/model.js';
import { componentTypeOf } from './component.js';
import { forEachComponentReference, type CatalogSource, type WireComponent } from './graph.js';

/** The type name of the implicit container every surface's `root` sits in. */
export const SURFACE_TYPE = 'Surface';

/** Detail code: a child whose type does not list its parent's type in `allowedParents`. */
export const UNALLOWED_PARENT = 'UNALLOWED_PARENT';
/** Detail code: a container whose `allowedChildren` does not list the child's type. */
export const UNALLOWED_CHILD = 'UNALLOWED_CHILD';

/** One end of a parent–child edge. */
export interface EdgeEnd {
  /** Component id (for the `Surface` container: the surface id). */
  readonly id: string;
  /** Type name (`Surface` for the implicit container). */
  readonly type: string;
  /** The type's definition in its catalog; absent: unconstrained (the `Surface`, an unknown type). */
  readonly def?: ComponentDef | undefined;
}

const list = (names: readonly string[]) => `[${names.map((name) => `'${name}'`).join(', ')}]`;

/**
 * The problem of one edge, if any: the child's `allowedParents` first, then the parent's
 * `allowedChildren`. `path` is the detail path (where the reference is written).
 */
export function compositionProblem(parent: EdgeEnd, child: EdgeEnd, path = ''): A2uiErrorDetail | undefined {
  const parents = child.def?.allowedParents;
  if (parents !== undefined && !parents.includes(parent.type)) {
    const message = `Component '${child.id}' (${child.type}) cannot be placed under parent '${parent.id}' (${parent.type}). Allowed parents: ${list(parents)}.`;
    return { path, code: UNALLOWED_PARENT, message };
  }
  const children = parent.def?.allowedChildren;
  if (children !== undefined && !children.includes(child.type)) {
    const message = `Container '${parent.id}' (${parent.type}) cannot contain child '${child.id}' (${child.type}). Allowed children: ${list(children)}.`;
    return { path, code: UNALLOWED_CHILD, message };
  }
  return undefined;
}

const constraining = new WeakMap<Catalog, boolean>();

/** Whether any type of `catalog` has composition constraints (most catalogs have none: nothing to walk). */
export function constrains(catalog: Catalog): boolean {
  let found = constraining.get(catalog);
  if (found === undefined) {
    found = false;
    for (const def of catalog.components.values()) if (def.allowedParents !== undefined || def.allowedChildren !== undefined) found = true;
    constraining.set(catalog, found);
  }
  return found;
}

function endOf(catalogs: CatalogSource, id: string, component: WireComponent | undefined): EdgeEnd | undefined {
  if (component === undefined) return undefined;
  const catalog = typeof catalogs === 'function' ? catalogs(component) : catalogs;
  const type = catalog === undefined ? undefined : componentTypeOf(catalog, component);
  return type === undefined ? undefined : { id, type: type.name, def: type.def };
}

/**
 * Checks every edge of a surface whose both ends are in `components`, and `root` (when present)
 * under the implicit `Surface` container named `surfaceId`.
 *
 * @throws A2uiValidationError with the first problem's message and the problems in `details`
 *   (codes {@link UNALLOWED_PARENT}, {@link UNALLOWED_CHILD}; at most 100, then one counting the rest).
 */
export function checkComposition(components: ReadonlyMap<string, WireComponent>, root: string | undefined, catalogs: CatalogSource, surfaceId: string): void {
  if (typeof catalogs !== 'function' && !constrains(catalogs)) return;
  const problems: A2uiErrorDetail[] = [];
  const rootEnd = root === undefined ? undefined : endOf(catalogs, root, components.get(root));
  if (rootEnd !== undefined) {
    const problem = compositionProblem({ id: surfaceId, type: SURFACE_TYPE }, rootEnd, `${surfaceId}.${root}`);
    if (problem !== undefined) problems.push(problem);
  }
  for (const [id, component] of components) {
    const parent = endOf(catalogs, id, component);
    if (parent === undefined) continue;
    forEachComponentReference(catalogs, component, (ref, field) => {
      const child = endOf(catalogs, ref, components.get(ref));
      const problem = child === undefined ? undefined : compositionProblem(parent, child, `${surfaceId}.${id}.${field}`);
      if (problem !== undefined) problems.push(problem);
    });
  }
  const first = problems[0];
  if (first !== undefined) throw new A2uiValidationError(clipText(first.message), { details: reportedDetails(problems) });
}
