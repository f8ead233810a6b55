/**
 * Folding a data-model set into the value of a set above its path, in place: the compactor
 * changes only containers it copied itself (copy on first write), so each container of the input
 * is copied at most once and a fold costs its path's length, whatever came before it.
 */

type Obj = Record<string, unknown>;
type Container = Obj | unknown[];

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An array index segment as a number; -1 when it is none. */
const indexOf = (key: string): number => (/^\d+$/.test(key) ? Number(key) : -1);

/** Sets `key` on `object` as its own data property (so that `__proto__` is a key like any other). */
function setOwn(object: Obj, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The containers a compactor copied, which it may change in place until it hands them out
 * ({@link OwnedValues.release}); any other container (the caller's messages) is copied first.
 */
export class OwnedValues {
  private owned = new WeakSet<object>();

  /** `container` when owned; else a shallow copy of it, now owned. */
  own<T extends Container>(container: T): T {
    if (this.owned.has(container)) return container;
    const copy = (Array.isArray(container) ? container.slice() : { ...container }) as T;
    this.owned.add(copy);
    return copy;
  }

  /** Owns nothing any more: what it owned was handed out and must not change. */
  release(): void {
    this.owned = new WeakSet();
  }
}

/**
 * Whether a set at `path` (relative to `root`, at least one segment) can be folded into `root`:
 * every container on the way exists (an array index within the array), and a delete is not of an
 * array item (a renderer may splice or clear it).
 */
export function canFold(root: unknown, path: readonly string[], remove: boolean): boolean {
  let node = root;
  for (const [depth, key] of path.entries()) {
    if (Array.isArray(node)) {
      const index = indexOf(key);
      if (index < 0 || index >= node.length || (remove && depth === path.length - 1)) return false;
      node = node[index];
    } else if (isObject(node)) {
      node = Object.hasOwn(node, key) ? node[key] : undefined;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * `root` with `value` set (or the key deleted, when `remove`) at `path`, changing owned containers
 * in place and copying the others on the way once; `path` is one {@link canFold} accepted. Returns
 * the root (a copy when `root` was not owned).
 */
export function fold(root: Container, path: readonly string[], value: unknown, remove: boolean, owned: OwnedValues): Container {
  const top = owned.own(root);
  let node: Container = top;
  const last = path.length - 1;
  for (let depth = 0; depth < last; depth++) {
    const key = path[depth] as string;
    const index = Array.isArray(node) ? indexOf(key) : -1;
    const before = (Array.isArray(node) ? node[index] : (node as Obj)[key]) as Container;
    const child = owned.own(before);
    if (child !== before) {
      if (Array.isArray(node)) node[index] = child;
      else setOwn(node, key, child);
    }
    node = child;
  }
  const key = path[last] as string;
  if (Array.isArray(node)) node[indexOf(key)] = value;
  else if (remove) delete node[key];
  else setOwn(node, key, value);
  return top;
}
