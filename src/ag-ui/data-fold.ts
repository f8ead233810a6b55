import type { A2uiPatchOperation } from './events.js';

type Obj = Record<string, unknown>;

/** A canonical array index (`0`, `12`; not `012`), else -1. */
const indexOf = (key: string): number => (/^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1);

const isContainer = (value: unknown): value is Obj | unknown[] => typeof value === 'object' && value !== null;
const isObject = (value: unknown): value is Obj => isContainer(value) && !Array.isArray(value);

/** A JSON Pointer's keys, unescaped; `undefined` for a pointer this fold does not take (one with an empty key). */
function keysOf(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  const keys = pointer
    .slice(1)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.includes('') ? undefined : keys;
}

const escapeKey = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** `value` as JSON; `undefined` when it has no JSON form (an in-process value holding a cycle, `undefined`). */
export function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** An `updateDataModel` path as a JSON Pointer (`''` for the root); `undefined` when it is not one. */
export function dataPointer(path: unknown): string | undefined {
  if (path === undefined || path === '/') return '';
  return typeof path === 'string' && path.startsWith('/') && keysOf(path) !== undefined ? path : undefined;
}

/** What folding one set did: the patch that does the same to the client's copy, and how many bytes the content grew by. */
export interface Fold {
  readonly op: A2uiPatchOperation;
  readonly grew: number;
}

/**
 * A v0.9+ `updateDataModel` set in an activity card, the last data-model message of its surface:
 * a later set at its path or below is folded into its value (the message as the client holds it
 * changed by one patch operation inside it) instead of added as one more message, so the content
 * grows with the data, not with the streamed partials (each of which would repeat the message's
 * version, surface id and path). Its value is a copy of its own, changed in place, never handed out.
 */
export class FoldedSet {
  private constructor(
    /** Where its value is in the card's content (`/a2ui_operations/<i>/updateDataModel/value`). */
    private readonly base: string,
    private readonly pointer: string,
    private current: unknown,
  ) {}

  /** A set of `value` at `path`, the message at `base`; `undefined` when its path is none this fold takes, or the value has no JSON form. */
  static of(base: string, path: unknown, value: unknown): FoldedSet | undefined {
    const pointer = dataPointer(path);
    const json = jsonOf(value);
    return pointer === undefined || json === undefined ? undefined : new FoldedSet(base, pointer, JSON.parse(json) as unknown);
  }

  /** Its value as it stands (a copy: the caller may hand it out). */
  value(): unknown {
    return JSON.parse(JSON.stringify(this.current)) as unknown;
  }

  /**
   * Folds a set of `value` (`json`: it as JSON) at `pointer` into this value: at its path or
   * below, where every container on the way exists (an array item set, or appended at its end).
   * `undefined` when it cannot be.
   */
  fold(pointer: string, value: unknown, json: string): Fold | undefined {
    const relative =
      pointer === this.pointer ? '' : this.pointer === '' || pointer.startsWith(`${this.pointer}/`) ? pointer.slice(this.pointer.length) : undefined;
    const keys = relative === undefined ? undefined : keysOf(relative);
    if (keys === undefined) return undefined;
    const copy = (): unknown => JSON.parse(json) as unknown;
    const last = keys.pop();
    if (last === undefined) {
      const grew = json.length - JSON.stringify(this.current).length;
      this.current = copy();
      return { op: { op: 'replace', path: this.base, value }, grew };
    }
    let node: unknown = this.current;
    for (const key of keys) {
      node = Array.isArray(node) ? node[indexOf(key)] : isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
      if (!isContainer(node)) return undefined;
    }
    const path = `${this.base}${keys.map((key) => `/${escapeKey(key)}`).join('')}/${escapeKey(last)}`;
    if (Array.isArray(node)) {
      const index = indexOf(last);
      if (index < 0 || index > node.length) return undefined;
      const replaced = index < node.length;
      const grew = json.length + (replaced ? -JSON.stringify(node[index]).length : 1);
      node[index] = copy();
      return { op: { op: replaced ? 'replace' : 'add', path, value }, grew };
    }
    if (!isObject(node)) return undefined;
    const replaced = Object.hasOwn(node, last);
    const grew = json.length + (replaced ? -JSON.stringify(node[last]).length : JSON.stringify(last).length + 2);
    Object.defineProperty(node, last, { value: copy(), enumerable: true, writable: true, configurable: true });
    return { op: { op: replaced ? 'replace' : 'add', path, value }, grew };
  }
}
