/**
 * JSON values as the core compares and keeps them: deep equality that skips shared sub-objects by
 * identity (comparing a component with its previous form costs only the part rebuilt), and values
 * put aside between blocks as UTF-8 bytes (a surface no later message touches then costs its
 * bytes, not its objects; as a string, one character beyond Latin-1 would take two bytes each),
 * and the bytes a value takes as JSON, measured once per object or without building the string (the
 * output budget's measures).
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Bytes each object took as JSON, computed once: a tree's forms (a message's entries, placeholders) are shared from one message to the next. */
const sizes = new WeakMap<object, number>();

/** Bytes `value` takes as JSON, computed once per object. */
export function jsonBytes(value: object): number {
  let bytes = sizes.get(value);
  if (bytes === undefined) {
    bytes = JSON.stringify(value).length;
    sizes.set(value, bytes);
  }
  return bytes;
}

/** A character `JSON.stringify` writes as an escape (a lone surrogate too: such a string is measured by it). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(value).length` for a JSON value (as a parsed one: no `toJSON`, no bigint),
 * without building the string: the output budget measures each delta snapshot it sends.
 */
export function jsonLength(value: unknown): number {
  if (typeof value === 'string') return ESCAPED.test(value) ? JSON.stringify(value).length : value.length + 2;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  if (typeof value !== 'object' || value === null) return 4;
  if (Array.isArray(value)) {
    let length = value.length > 0 ? value.length + 1 : 2;
    for (const item of value) length += item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 4 : jsonLength(item);
    return length;
  }
  let length = 1;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    length += jsonLength(key) + 2 + jsonLength(item);
  }
  return length === 1 ? 2 : length;
}

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
  return !Array.isArray(b) && sameKeys(a, b, sameJson);
}

/**
 * Whether `after` is `before` grown and nothing else changed: strings lengthened, lists extended,
 * the same keys. What a component's next form is while its text or its child list streams.
 */
export function onlyGrew(before: unknown, after: unknown): boolean {
  if (before === after) return true;
  if (typeof before === 'string') return typeof after === 'string' && after.startsWith(before);
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return false;
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length < before.length) return false;
    for (let i = 0; i < before.length; i++) if (!onlyGrew(before[i], after[i])) return false;
    return true;
  }
  return !Array.isArray(after) && sameKeys(before, after, onlyGrew);
}

/** Whether objects `a` and `b` have the same own keys, each pair of values passing `same(a[k], b[k])`. */
function sameKeys(a: object, b: object, same: (x: unknown, y: unknown) => boolean): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in over own keys allocates no key arrays (inherited keys, if any, are skipped).
  let count = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    if (!Object.hasOwn(y, k) || !same(x[k], y[k])) return false;
    count++;
  }
  for (const k in y) if (Object.hasOwn(y, k)) count--;
  return count === 0;
}

/** `value` as UTF-8 JSON. */
export function parkJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** The value {@link parkJson} put aside (new objects, equal as JSON). */
export function unparkJson(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes));
}
