/**
 * Which components hold a template bound to which data path (#37: `maxExpansion` counts a template
 * by its list's current length), and which of them a data change makes draw another number of
 * items. A trie of path segments keeps, per path with templates, the list length they were last
 * counted with. A change at a path looks at the paths above it (their lengths read again), at its
 * own, and below it only where the new value has something or a length was known before: its work
 * is proportional to the path, to what the change carries and to lengths it forgets (each known
 * once before), never to every template of the surface nor to templates whose count stays.
 */

/**
 * Most components that may hold a template bound to one data list. Each change of the list's
 * length counts them all again (and what each draws up to the root), so without a bound a few
 * short updates would cost as much as the whole surface each. Real surfaces bind a list once or twice.
 */
export const MAX_TEMPLATES_PER_LIST = 16;

/** A template reference: the child drawn per item, and the absolute data path of its list. */
export interface Binding {
  readonly child: string;
  readonly path: string;
}

/** What the bindings read of the data model as sent. */
export interface BoundData {
  /** The length of the list at absolute pointer `path`; `undefined` when there is none or it is unknown. */
  lengthAt(path: string): number | undefined;
  /**
   * The value at `path` (`undefined`: none). Absent when the model keeps only list lengths, each
   * changed only by an update at its own path (v0.8, by entry path).
   */
  valueAt?(path: string): unknown;
}

interface Node {
  readonly parent: Node | undefined;
  readonly segment: string;
  readonly ids: Set<string>;
  readonly next: Map<string, Node>;
  /** The list length this node's templates were last counted with (`undefined`: no list there, or no template). */
  length: number | undefined;
  /** Nodes of this subtree (itself included) whose `length` is known. */
  known: number;
  /** The children whose subtree has a known length. */
  readonly live: Set<Node>;
}

const node = (parent: Node | undefined, segment: string): Node => ({
  parent,
  segment,
  ids: new Set(),
  next: new Map(),
  length: undefined,
  known: 0,
  live: new Set(),
});

/** The segments of an absolute JSON Pointer (`/` and `''`: none), escaped as written. */
const segmentsOf = (path: string): string[] => (path === '/' || path === '' ? [] : path.slice(1).split('/'));
const childPath = (path: string, segment: string) => (path === '/' || path === '' ? `/${segment}` : `${path}/${segment}`);
const keyOf = (segment: string) => (segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment);
const segmentOf = (key: string) => (key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);
const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** Whether `value` is an object (not an array) with exactly one own key. */
const holdsOneKey = (value: unknown): boolean => {
  if (!isContainer(value) || Array.isArray(value)) return false;
  let keys = 0;
  for (const key in value) if (Object.hasOwn(value, key) && ++keys > 1) return false;
  return keys === 1;
};
const lengthOf = (value: unknown): number | undefined => (Array.isArray(value) ? value.length : undefined);
const childOf = (value: unknown, key: string): unknown => (isContainer(value) && Object.hasOwn(value, key) ? value[key] : undefined);

export class TemplateBindings {
  #root = node(undefined, '');
  /** Each component's bindings, as last set. */
  readonly #of = new Map<string, readonly Binding[]>();

  constructor(private readonly data: BoundData) {}

  /** The template bindings of component `id`; `undefined` when it has none. */
  of(id: string): readonly Binding[] | undefined {
    return this.#of.get(id);
  }

  /** Whether no component holds a template bound to a data path (a data change then counts nothing again). */
  get isEmpty(): boolean {
    return this.#of.size === 0;
  }

  /** How many components hold a template bound at `path`. */
  countAt(path: string): number {
    return this.#at(path, false)?.ids.size ?? 0;
  }

  /** A path of `bindings` that {@link MAX_TEMPLATES_PER_LIST} other components bind already, were `id` to hold them. */
  crowded(id: string, bindings: readonly Binding[] | undefined): string | undefined {
    if (bindings === undefined) return undefined;
    const before = this.#of.get(id);
    for (const { path } of bindings) {
      if (before?.some((binding) => binding.path === path)) continue;
      if (this.countAt(path) >= MAX_TEMPLATES_PER_LIST) return path;
    }
    return undefined;
  }

  /** Component `id` now holds `bindings` (none: no template), counted with the lengths the data has now. */
  set(id: string, bindings: readonly Binding[] | undefined): void {
    const before = this.#of.get(id);
    if (before === bindings) return;
    // A partial put again with its templates on the same lists (the common case): the lengths stay.
    if (before !== undefined && bindings !== undefined && samePaths(before, bindings)) {
      this.#of.set(id, bindings);
      return;
    }
    if (before !== undefined) {
      for (const { path } of before) {
        const at = this.#at(path, false);
        if (at === undefined || !at.ids.delete(id) || at.ids.size > 0) continue;
        this.#setLength(at, undefined);
      }
    }
    if (bindings === undefined || bindings.length === 0) {
      this.#of.delete(id);
      return;
    }
    this.#of.set(id, bindings);
    for (const { path } of bindings) {
      const at = this.#at(path, true) as Node;
      at.ids.add(id);
      this.#setLength(at, this.data.lengthAt(path));
    }
  }

  /**
   * The data at `path` changed (the model already holds the new value): adds to `out` each
   * component with a template at, under or above it whose list length is not the one it was
   * counted with, and records the new lengths.
   */
  changed(path: string, out: Set<string>): void {
    if (this.data.valueAt === undefined) {
      const at = this.#at(path, false);
      if (at !== undefined && at.ids.size > 0) this.#check(at, this.data.lengthAt(path), out);
      return;
    }
    const stack: [Node, string, unknown][] = [];
    let at = this.#root;
    let atPath = '/';
    let reached = true;
    let value = this.data.valueAt('/');
    for (const segment of segmentsOf(path)) {
      if (at.ids.size > 0) this.#check(at, lengthOf(value), out);
      const next: Node | undefined = at.next.get(segment);
      // An update through a value that is no container for its key replaces it with a new object
      // holding that key alone (`setAt`): lists known under its other keys are gone.
      if (at.live.size > (next !== undefined && at.live.has(next) ? 1 : 0) && holdsOneKey(value)) {
        for (const child of at.live) if (child !== next) stack.push([child, childPath(atPath, child.segment), childOf(value, keyOf(child.segment))]);
      }
      if (next === undefined) {
        reached = false;
        break;
      }
      at = next;
      atPath = childPath(atPath, segment);
      value = childOf(value, keyOf(segment));
    }
    if (reached) stack.push([at, path, value]);
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const [here, herePath, value] = top;
      if (here.ids.size > 0) this.#check(here, lengthOf(value), out);
      if (here.next.size === 0) continue;
      const visit = new Set(here.live);
      if (isContainer(value)) {
        const keys = Array.isArray(value) ? undefined : Object.keys(value);
        const size = Array.isArray(value) ? value.length : (keys as string[]).length;
        if (size < here.next.size) {
          for (let i = 0; i < size; i++) {
            const child = here.next.get(keys === undefined ? String(i) : segmentOf(keys[i] as string));
            if (child !== undefined) visit.add(child);
          }
        } else {
          for (const child of here.next.values()) if (Object.hasOwn(value, keyOf(child.segment))) visit.add(child);
        }
      }
      for (const child of visit) stack.push([child, childPath(herePath, child.segment), childOf(value, keyOf(child.segment))]);
    }
  }

  /** `at`'s list is `length` long now: its templates are counted again when it was another. */
  #check(at: Node, length: number | undefined, out: Set<string>): void {
    if (length === at.length) return;
    this.#setLength(at, length);
    for (const id of at.ids) out.add(id);
  }

  /** Sets `at`'s length, keeping the known counts and live sets of its ancestors. */
  #setLength(at: Node, length: number | undefined): void {
    const change = (length === undefined ? 0 : 1) - (at.length === undefined ? 0 : 1);
    at.length = length;
    if (change === 0) return;
    for (let child: Node | undefined = at; child !== undefined; child = child.parent) {
      child.known += change;
      if (child.known === 0) child.parent?.live.delete(child);
      else child.parent?.live.add(child);
    }
  }

  #at(path: string, make: boolean): Node | undefined {
    let at = this.#root;
    for (const segment of segmentsOf(path)) {
      let next = at.next.get(segment);
      if (next === undefined) {
        if (!make) return undefined;
        next = node(at, segment);
        at.next.set(segment, next);
      }
      at = next;
    }
    return at;
  }
}

/** Whether two binding lists bind the same data paths in the same order. */
function samePaths(a: readonly Binding[], b: readonly Binding[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if ((a[i] as Binding).path !== (b[i] as Binding).path) return false;
  return true;
}
