/**
 * Comparisons of JSON values that share structure: identical sub-objects are skipped by identity,
 * so comparing a component with its previous form costs only the part that was rebuilt.
 */

/** Whether `a` and `b` are deeply equal JSON values (object key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  return equalBut(a, b, undefined, undefined);
}

/**
 * Whether `b` differs from `a` only in string values under `textKeys` (a cut string that grew):
 * then a catalog that accepted `a` accepts `b`, as long as it puts no pattern on such text.
 */
export function differsOnlyInText(a: unknown, b: unknown, textKeys: ReadonlySet<string>): boolean {
  return equalBut(a, b, textKeys, undefined);
}

/**
 * Deep equality (object key order ignored) where, with `textKeys`, strings under those keys may
 * differ. `key` is the key `a` and `b` stand under (`undefined` for array items and the top).
 */
function equalBut(a: unknown, b: unknown, textKeys: ReadonlySet<string> | undefined, key: string | undefined): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return key !== undefined && textKeys?.has(key) === true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalBut(a[i], b[i], textKeys, undefined)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in over own keys allocates no key arrays (inherited keys, if any, are skipped).
  let count = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    if (!Object.hasOwn(y, k) || !equalBut(x[k], y[k], textKeys, k)) return false;
    count++;
  }
  for (const k in y) if (Object.hasOwn(y, k)) count--;
  return count === 0;
}
