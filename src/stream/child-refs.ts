/**
 * What a component of the streaming core refers to: each reference by the core's rule (the type's
 * schema-typed reference fields and the conventional names, see `catalog/refs.ts`), and how many
 * times a renderer draws each child (a template by its data list's length where it is known).
 */
import type { Catalog } from '../catalog/model.js';
import { forEachStreamReference, type ReferenceVisitor } from '../catalog/refs.js';
import { isJsonObject } from '../json/is-object.js';
import { componentTypeOf } from '../validate/component.js';
import type { ChildRefs } from './expansion.js';
import type { Binding } from './template-bindings.js';

const NONE: readonly string[] = [];

/**
 * Calls `visit(id, field)` for each reference of `component` by the streaming core's rule (the
 * type's schema-typed reference fields and the conventional names, see `catalog/refs.ts`).
 */
export function forEachReference(catalog: Catalog, component: unknown, visit: ReferenceVisitor): void {
  const type = componentTypeOf(catalog, component);
  if (type !== undefined && isJsonObject(type.props)) forEachStreamReference(type.def, type.props, visit);
}

/**
 * The references of `component` ({@link forEachReference}'s rule), with the multiplier of each
 * template (`{componentId, path}`, v0.8 `template: {componentId, dataBinding}`) whose list
 * `lengthAt` knows.
 */
export function childRefsOf(catalog: Catalog, component: unknown, lengthAt: (path: string) => number | undefined): ChildRefs {
  const type = componentTypeOf(catalog, component);
  if (type === undefined || !isJsonObject(type.props)) return NO_CHILDREN;
  const props = type.props;
  const refs: string[] = [];
  let bindings: Binding[] | undefined;
  forEachStreamReference(type.def, props, (id, field) => {
    refs.push(id);
    if (!field.endsWith('componentId')) return;
    const holder = valueAt(props, field.slice(0, Math.max(0, field.lastIndexOf('.'))));
    const path = isJsonObject(holder) ? (holder.path ?? holder.dataBinding) : undefined;
    if (typeof path === 'string') (bindings ??= []).push({ child: id, path: listPath(path) });
  });
  return refs.length === 0 ? NO_CHILDREN : { refs, templates: templatesOf(bindings, lengthAt), bindings };
}

/**
 * The absolute pointer a renderer reads a template's list at (web_core's resolution): empty
 * segments dropped (`//items` and `/items/` read `/items`), a relative path read from the root, as
 * a template outside any other reads it. Inside another template it reads each item's list, which
 * this count does not know: it counts the root's (docs/security.md).
 */
function listPath(path: string): string {
  if (path.startsWith('/') && !path.includes('//') && (path.length === 1 || !path.endsWith('/'))) return path;
  const segments = path.split('/').filter((segment) => segment !== '');
  return segments.length === 0 ? '/' : `/${segments.join('/')}`;
}

/** Per child of `bindings`, how many times a reference draws it: its longest list that `lengthAt` knows (none: once). */
export function templatesOf(bindings: readonly Binding[] | undefined, lengthAt: (path: string) => number | undefined): Map<string, number> | undefined {
  let templates: Map<string, number> | undefined;
  for (const { child, path } of bindings ?? []) {
    const length = lengthAt(path);
    if (length !== undefined && length !== 1) (templates ??= new Map()).set(child, Math.max(templates.get(child) ?? 0, length));
  }
  return templates;
}

const NO_CHILDREN: ChildRefs = { refs: NONE };

/** The value at a reference field's place (`children`, `tabs[0]`, `a.b[2].c`; `''`: `root` itself). */
function valueAt(root: unknown, field: string): unknown {
  if (field === '') return root;
  if (!field.includes('[') && !field.includes('.')) return isJsonObject(root) && Object.hasOwn(root, field) ? root[field] : undefined;
  let node = root;
  for (const part of field.split('.')) {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (match === null) return undefined;
    const key = match[1] as string;
    if (key !== '') node = isJsonObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    for (const index of (match[2] as string).matchAll(/\[(\d+)\]/g)) node = Array.isArray(node) ? node[Number(index[1])] : undefined;
  }
  return node;
}
