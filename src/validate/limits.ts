/**
 * Checks over a whole message in one walk: JSON nesting depth, nesting of function calls, and
 * the JSON Pointer syntax of every binding `path`.
 */
import { A2uiRecursionError, type A2uiErrorDetail } from '../errors.js';
import { detail, joinPath } from './details.js';

/** Deepest allowed JSON nesting of a message (the message object itself is depth 1). */
export const MAX_JSON_DEPTH = 50;

/** Deepest allowed nesting of function calls. */
export const MAX_FUNCTION_CALL_DEPTH = 5;

/**
 * A relaxed RFC 6901 JSON Pointer: absolute (`/a/b`, `''`) or relative (`a/b`); `~` only as the
 * escapes `~0` and `~1`.
 */
const POINTER = /^(?:(?:\/(?:[^~/]|~[01])*)*|(?:[^~/]|~[01])+(?:\/(?:[^~/]|~[01])*)*)$/;

/** Message-body keys whose values are data, not UI: their `path` keys are not bindings. */
const DATA_KEYS: ReadonlySet<string> = new Set(['value', 'dataModel', 'contents']);

/** Whether `path` is a valid (relaxed) JSON Pointer. */
export function isValidPointer(path: string): boolean {
  return POINTER.test(path);
}

/**
 * Walks one message once. Throws on nesting beyond the limits; returns an `invalid_pointer`
 * detail for each binding `path` that is not a JSON Pointer (data-model values are not
 * searched). Function calls are v0.8 `functionCall` values and v0.9+ `{call, args}` objects.
 * @param path Detail path of the message, e.g. `messages.0`; or a function giving it, called only
 *   when there is a detail to name (most messages have none).
 * @param depth Nesting depth of `message` itself (1 for a message; more for a part of one).
 * @param checkedComponent The elements of a message body's list (its `components`) for which this
 *   returns `true` are not walked: they were checked alone. Default: none.
 * @throws A2uiRecursionError `Global recursion limit exceeded: Depth > 50` or
 *   `Recursion limit exceeded: functionCall depth > 5`.
 */
export function checkMessageLimits(
  message: unknown,
  path: string | (() => string),
  depth = 1,
  checkedComponent?: (component: unknown) => boolean,
): A2uiErrorDetail[] {
  const walker = new LimitWalk(path, checkedComponent);
  walker.walk(message, depth, 0, true, false, false);
  return walker.out;
}

/** One walk: the keys from the message down to the value being looked at, joined into a path only for a detail. */
class LimitWalk {
  readonly out: A2uiErrorDetail[] = [];
  readonly #trail: (string | number)[] = [];
  readonly #base: string | (() => string);
  readonly #checked: ((component: unknown) => boolean) | undefined;

  constructor(base: string | (() => string), checked: ((component: unknown) => boolean) | undefined) {
    this.#base = base;
    this.#checked = checked;
  }

  /** `components`: `value` is a message body's `components` list. */
  walk(value: unknown, depth: number, calls: number, checkPaths: boolean, underFunctionCallKey: boolean, components: boolean): void {
    if (typeof value !== 'object' || value === null) return;
    if (depth > MAX_JSON_DEPTH) {
      throw new A2uiRecursionError(`Global recursion limit exceeded: Depth > ${MAX_JSON_DEPTH}`);
    }
    const trail = this.#trail;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item !== 'object' || item === null) continue;
        if (components && this.#checked?.(item) === true) continue;
        trail.push(i);
        this.walk(item, depth + 1, calls, checkPaths, false, false);
        trail.pop();
      }
      return;
    }
    const record = value as Readonly<Record<string, unknown>>;
    // A call is a v0.8 `functionCall` value, a v0.9+ `{call, args}` or a current v1.0
    // `{"@call", args}`; one object counts once.
    const isCall = underFunctionCallKey || typeof record.call === 'string' || typeof record['@call'] === 'string';
    const here = isCall ? calls + 1 : calls;
    if (here > MAX_FUNCTION_CALL_DEPTH) {
      throw new A2uiRecursionError(`Recursion limit exceeded: functionCall depth > ${MAX_FUNCTION_CALL_DEPTH}`);
    }
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      if ((key === 'path' || key === '@path') && checkPaths && typeof item === 'string' && !isValidPointer(item)) {
        this.out.push(detail(joinPath(this.#path(), key), 'invalid_pointer', `Invalid path syntax: '${item}'`));
      }
      if (typeof item !== 'object' || item === null) continue;
      // Depth 2 is the message body: its data fields hold user data, not bindings.
      const data = depth === 2 && DATA_KEYS.has(key);
      trail.push(key);
      this.walk(item, depth + 1, here, checkPaths && !data, key === 'functionCall', depth === 2 && key === 'components');
      trail.pop();
    }
  }

  /** The detail path of the value being looked at. */
  #path(): string {
    let path = typeof this.#base === 'string' ? this.#base : this.#base();
    for (const key of this.#trail) path = joinPath(path, key);
    return path;
  }
}
