/**
 * What a message takes as JSON, for the output budget (`held-resends.ts`): measured without building
 * its string, each shared object once (a message that repeats the one before costs only what is new).
 */
import type { A2uiMessage } from '../types.js';
import { jsonBytes, jsonLength } from './json-values.js';

/** Bytes `value` takes as JSON, about (a string's escapes not counted); an object's computed once. */
function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'object' && value !== null) return jsonBytes(value);
  return String(value).length;
}

/**
 * Bytes a data-model update (`{version, <key>: {surfaceId, path?, value}}`, as the core builds it)
 * takes as JSON, about: its value's objects measured once, shared from one update to the next.
 */
export function updateBytes(message: Readonly<Record<string, unknown>>): number {
  let bytes = 2;
  for (const [key, body] of Object.entries(message)) {
    if (typeof body !== 'object' || body === null) {
      bytes += key.length + valueBytes(body) + 4;
      continue;
    }
    bytes += key.length + 6;
    for (const [name, value] of Object.entries(body)) bytes += name.length + valueBytes(value) + 4;
  }
  return bytes;
}

/**
 * Bytes `message` takes as JSON; the items of its body's list (`components`, v0.8 `contents`)
 * counted once per object, so a message that repeats the one before costs only what is new.
 */
export function messageBytes(message: A2uiMessage): number {
  for (const [key, body] of Object.entries(message)) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) continue;
    const field = Array.isArray((body as Record<string, unknown>).components) ? 'components' : 'contents';
    const items = (body as Record<string, unknown>)[field];
    if (!Array.isArray(items)) continue;
    // The message around its list (written empty), then a comma between two items.
    let bytes = lengthAround(message, key, lengthAround(body as Readonly<Record<string, unknown>>, field, 2)) + Math.max(0, items.length - 1);
    for (const item of items) bytes += typeof item === 'object' && item !== null ? jsonBytes(item) : (JSON.stringify(item)?.length ?? 4);
    return bytes;
  }
  return JSON.stringify(message).length;
}

/**
 * `JSON.stringify(object).length` with the value at `key` taking `length` characters: the message
 * around its components list measured without copying it (no spread, no string).
 */
function lengthAround(object: Readonly<Record<string, unknown>>, key: string, length: number): number {
  let bytes = 1;
  for (const name in object) {
    if (!Object.hasOwn(object, name)) continue;
    const value = object[name];
    if (name === key) bytes += jsonLength(name) + 2 + length;
    else if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') bytes += jsonLength(name) + 2 + jsonLength(value);
  }
  return bytes === 1 ? 2 : bytes;
}
