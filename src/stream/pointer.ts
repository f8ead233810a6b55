/**
 * Minimal JSON Pointer helpers for the data model as sent. `/` and `''` both mean the root (A2UI
 * writes the root as `/`). Values are shared and never modified: {@link setAt} copies the path.
 */
import { setOwn } from '../json/builder.js';

function segments(path: string): string[] {
  if (path === '' || path === '/') return [];
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The pointer to `key` under `path`. */
export function childPointer(path: string, key: string): string {
  const escaped = key.replace(/~/g, '~0').replace(/\//g, '~1');
  return path === '/' || path === '' ? `/${escaped}` : `${path}/${escaped}`;
}

/** The value at `path` in `root`, or `undefined`. */
export function getAt(root: unknown, path: string): unknown {
  let node = root;
  for (const segment of segments(path)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node;
}

/** A copy of `root` with `value` at `path`, sharing everything off the path. */
export function setAt(root: unknown, path: string, value: unknown): unknown {
  return setIn(root, segments(path), 0, value);
}

function setIn(node: unknown, keys: readonly string[], index: number, value: unknown): unknown {
  if (index === keys.length) return value;
  const key = keys[index] as string;
  const child = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  const next = setIn(child, keys, index + 1, value);
  if (Array.isArray(node) && /^\d+$/.test(key)) {
    const copy = node.slice();
    copy[Number(key)] = next;
    return copy;
  }
  const copy: Record<string, unknown> = {};
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const k of Object.keys(node)) setOwn(copy, k, (node as Record<string, unknown>)[k]);
  }
  setOwn(copy, key, next);
  return copy;
}
