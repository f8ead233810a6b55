/**
 * Comparisons of JSON values that share structure: identical sub-objects are skipped by identity,
 * so comparing a component with its previous form costs only the part that was rebuilt.
 */

/** Whether `a` and `b` are deeply equal JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) => Object.prototype.hasOwnProperty.call(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * Whether `b` differs from `a` only in string values under `textKeys` (a cut string that grew):
 * then a catalog that accepted `a` accepts `b`, as long as it puts no pattern on such text.
 */
export function differsOnlyInText(a: unknown, b: unknown, textKeys: ReadonlySet<string>, key?: string): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return key !== undefined && textKeys.has(key);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => differsOnlyInText(item, b[i], textKeys));
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      differsOnlyInText((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], textKeys, k),
  );
}
