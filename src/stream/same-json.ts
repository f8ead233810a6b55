/**
 * Comparison of JSON values that share structure: identical sub-objects are skipped by identity,
 * so comparing a component with its previous form costs only the part that was rebuilt. Also the
 * one comparison of id lists (references, missing children) the surface's caches use.
 */

/** Whether two lists hold the same strings in the same order. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}

/** Whether `a` and `b` are deeply equal JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in over own keys allocates no key arrays (inherited keys, if any, are skipped).
  let count = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
    count++;
  }
  for (const k in y) if (Object.hasOwn(y, k)) count--;
  return count === 0;
}
