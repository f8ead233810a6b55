/**
 * Minimal JSON Pointer helpers for the data model as sent. `/` and `''` both mean the root (A2UI
 * writes the root as `/`). Values are shared and never modified: {@link setAt} copies the path
 * (or changes in place only what it made itself).
 */
import { setOwn } from '../json/builder.js';

function segments(path: string): string[] {
  if (path === '' || path === '/') return [];
  return path
    .replace(/^\//, '')
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Whether a data-model update may set `key` under another pointer: not a key JSON Pointer cannot
 * tell from its parent at the root (`''`, whose pointer `/` means the root here), nor one a
 * renderer refuses in a path (`__proto__`, `constructor`, `prototype`). An update that changes
 * such a key sets its parent whole instead, as the message does.
 */
export function addressable(key: string): boolean {
  return key !== '' && key !== '__proto__' && key !== 'constructor' && key !== 'prototype';
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

/**
 * `root` with `value` at `path`, sharing everything off the path. Containers on the path are
 * copied, except those in `owned` (made by an earlier call and held by nobody else), which are
 * changed in place; the copies are added to `owned`. So setting many paths under one large object
 * copies it once, not once per path.
 */
export function setAt(root: unknown, path: string, value: unknown, owned?: WeakSet<object>): unknown {
  return setIn(root, segments(path), 0, value, owned);
}

function setIn(node: unknown, keys: readonly string[], index: number, value: unknown, owned: WeakSet<object> | undefined): unknown {
  if (index === keys.length) return value;
  const key = keys[index] as string;
  const child = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  const next = setIn(child, keys, index + 1, value, owned);
  let copy: Record<string, unknown>;
  if (writesInto(node, key)) {
    if (Array.isArray(node)) {
      const target = owned?.has(node) ? node : node.slice();
      target[Number(key)] = next;
      owned?.add(target);
      return target;
    }
    const object = node as Record<string, unknown>;
    if (owned?.has(object)) {
      setOwn(object, key, next);
      return object;
    }
    copy = {};
    for (const k of Object.keys(object)) setOwn(copy, k, object[k]);
  } else {
    copy = {};
  }
  setOwn(copy, key, next);
  owned?.add(copy);
  return copy;
}

/**
 * Whether `setAt` writes `key` into `node` (or its copy): an object, or an array under an index.
 * Anything else it replaces with a new object.
 */
function writesInto(node: unknown, key: string): node is object {
  return typeof node === 'object' && node !== null && (!Array.isArray(node) || /^\d+$/.test(key));
}

/** The place a {@link setAt} at some path first changes, as it was before (see {@link undoOf}). */
export interface PathUndo {
  /** Segments of the place. */
  readonly segments: readonly string[];
  /** Whether something stood there (`value`); if not, an array holding the place had `length`. */
  readonly present: boolean;
  readonly value?: unknown;
  readonly length?: number;
}

/**
 * What setting `path` in `root` changes, recorded so that {@link restoreAt} can put it back: the
 * shallowest place `setAt` writes (a key it adds, or a value or container it replaces) as it is
 * now. Costs the depth of the path, where keeping a copy of `root` would cost its size.
 */
export function undoOf(root: unknown, path: string): PathUndo {
  const keys = segments(path);
  let node = root;
  for (let depth = 0; depth < keys.length; depth++) {
    const key = keys[depth] as string;
    if (!writesInto(node, key)) {
      return { segments: keys.slice(0, depth), present: true, value: node };
    }
    if (!Object.hasOwn(node, key)) {
      return { segments: keys.slice(0, depth + 1), present: false, length: Array.isArray(node) ? node.length : undefined };
    }
    node = (node as Record<string, unknown>)[key];
  }
  return { segments: keys, present: true, value: node };
}

/** `root` with the place `undo` recorded put back as it was; containers on the way are copied. */
export function restoreAt(root: unknown, undo: PathUndo): unknown {
  return restoreIn(root, undo, 0);
}

function restoreIn(node: unknown, undo: PathUndo, index: number): unknown {
  const keys = undo.segments;
  if (index === keys.length) return undo.value;
  const key = keys[index] as string;
  const isObject = typeof node === 'object' && node !== null;
  if (index === keys.length - 1 && !undo.present && isObject) {
    if (Array.isArray(node)) return node.slice(0, undo.length);
    const copy: Record<string, unknown> = {};
    for (const k of Object.keys(node)) if (k !== key) setOwn(copy, k, (node as Record<string, unknown>)[k]);
    return copy;
  }
  const child = isObject ? (node as Record<string, unknown>)[key] : undefined;
  return setIn(node, [key], 0, restoreIn(child, undo, index + 1), undefined);
}
