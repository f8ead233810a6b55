/** Which named definitions a set of `$ref`s reaches, read by JSON Pointer. */
import { forEachRef, isRecord, pointerSegment, type JsonRecord } from './json.js';

/**
 * The name a `$ref` gives inside `container` (`$defs`, `properties`, …) of a document: the first
 * pointer segment after `#/<container>/` when the ref's document part ends with one of
 * `documents` (e.g. `common_types.json`, full URLs included) or, when `internal`, is empty; else
 * `undefined`. A ref into a definition (`#/$defs/A/properties/b`) names `A`.
 */
export function refName(ref: string, container: string, documents: readonly string[] = [], internal = true): string | undefined {
  const hash = ref.indexOf('#');
  if (hash < 0) return undefined;
  const uri = ref.slice(0, hash);
  const named = documents.some((name) => uri === name || uri.endsWith(`/${name}`));
  if (uri === '' ? !internal : !named) return undefined;
  const prefix = `/${container}/`;
  const fragment = ref.slice(hash + 1);
  if (!fragment.startsWith(prefix)) return undefined;
  const rest = fragment.slice(prefix.length);
  const slash = rest.indexOf('/');
  return pointerSegment(slash < 0 ? rest : rest.slice(0, slash));
}

/**
 * The names of `defs` reached from `roots`, following the refs inside each reached definition
 * (read with {@link refName} for `container` and `documents`), breadth first.
 */
export function reachable(defs: JsonRecord, roots: Iterable<string>, container: string, documents: readonly string[] = []): Set<string> {
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (name: string | undefined) => {
    if (name !== undefined && !seen.has(name) && Object.hasOwn(defs, name)) {
      seen.add(name);
      queue.push(name);
    }
  };
  for (const root of roots) add(root);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    forEachRef(defs[next], (ref) => add(refName(ref, container, documents)));
  }
  return seen;
}

/** The names `value`'s refs give in `container` of the (other) document named by `documents`. */
export function namesReferenced(value: unknown, container: string, documents: readonly string[]): Set<string> {
  const names = new Set<string>();
  forEachRef(value, (ref) => {
    const name = refName(ref, container, documents, false);
    if (name !== undefined) names.add(name);
  });
  return names;
}

/** Whether `value` is an object with a non-empty `$defs` object. */
export function hasDefs(value: unknown): value is JsonRecord & { $defs: JsonRecord } {
  return isRecord(value) && isRecord(value.$defs) && Object.keys(value.$defs).length > 0;
}
