/**
 * JSON values put aside between blocks as UTF-8 bytes: a surface that no later message touches
 * then costs its bytes, not its objects. As a string, a JSON text with one character beyond
 * Latin-1 would take two bytes per character.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `value` as UTF-8 JSON. */
export function parkJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** The value {@link parkJson} put aside (new objects, equal as JSON). */
export function unparkJson(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes));
}
