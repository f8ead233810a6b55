/** Small helpers over plain JSON values, shared by the agent side's document transforms. */

/** A JSON object as the agent side reads documents. */
export type JsonRecord = Record<string, unknown>;

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of a JSON value (documents handed in are never changed). */
export function copyJson<T>(value: T): T {
  return structuredClone(value);
}

/** Calls `visit` with every string `$ref` at any depth of `value`. */
export function forEachRef(value: unknown, visit: (ref: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachRef(item, visit);
  } else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') visit(child);
      else forEachRef(child, visit);
    }
  }
}

/** Sets `key` as an own property (a JSON key `__proto__` stays a key, not a prototype). */
export function setOwn(object: JsonRecord, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `object` with only the keys `keep` accepts, in their original order. */
export function filterKeys(object: JsonRecord, keep: (key: string) => boolean): JsonRecord {
  const out: JsonRecord = {};
  for (const [key, value] of Object.entries(object)) if (keep(key)) setOwn(out, key, value);
  return out;
}

/** Decodes one JSON Pointer segment (`~1` → `/`, `~0` → `~`, percent-escapes as in a URI fragment). */
export function pointerSegment(raw: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded: read as written.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}
