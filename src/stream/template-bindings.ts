/**
 * Which components hold a template bound to which data path (#37: `maxExpansion` counts a template
 * by its list's current length). A data change at a path touches the templates bound at, under or
 * above it: a trie of path segments finds them in steps proportional to the path's length and to
 * the templates found, never to every component.
 */

/** A template reference: the child drawn per item, and the absolute data path of its list. */
export interface Binding {
  readonly child: string;
  readonly path: string;
}

interface Node {
  readonly ids: Set<string>;
  readonly next: Map<string, Node>;
}

const node = (): Node => ({ ids: new Set(), next: new Map() });

/** The segments of an absolute JSON Pointer (`/` and `''`: none). */
const segmentsOf = (path: string): string[] => (path === '/' || path === '' ? [] : path.slice(1).split('/'));

export class TemplateBindings {
  #root = node();
  /** Each component's bindings, as last set. */
  readonly #of = new Map<string, readonly Binding[]>();

  /** The template bindings of component `id`; `undefined` when it has none. */
  of(id: string): readonly Binding[] | undefined {
    return this.#of.get(id);
  }

  /** Component `id` now holds `bindings` (none: no template). */
  set(id: string, bindings: readonly Binding[] | undefined): void {
    const before = this.#of.get(id);
    if (before === bindings) return;
    if (before !== undefined) for (const { path } of before) this.#at(path, false)?.ids.delete(id);
    if (bindings === undefined || bindings.length === 0) {
      this.#of.delete(id);
      return;
    }
    this.#of.set(id, bindings);
    for (const { path } of bindings) this.#at(path, true)?.ids.add(id);
  }

  /** Forgets every binding. */
  clear(): void {
    this.#root = node();
    this.#of.clear();
  }

  /** Adds to `out` the components bound at, under or above data path `path`. */
  near(path: string, out: Set<string>): void {
    let at: Node | undefined = this.#root;
    for (const segment of segmentsOf(path)) {
      for (const id of at.ids) out.add(id);
      at = at.next.get(segment);
      if (at === undefined) return;
    }
    const stack = [at];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      for (const id of top.ids) out.add(id);
      stack.push(...top.next.values());
    }
  }

  #at(path: string, make: boolean): Node | undefined {
    let at = this.#root;
    for (const segment of segmentsOf(path)) {
      let next = at.next.get(segment);
      if (next === undefined) {
        if (!make) return undefined;
        next = node();
        at.next.set(segment, next);
      }
      at = next;
    }
    return at;
  }
}
