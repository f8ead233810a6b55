/**
 * Parents a surface holds back (delta snapshots) because a child they refer to has not arrived and
 * no placeholder the catalog accepts can stand in for it: retried on every snapshot, named when
 * their block closes (see `held-back.ts`).
 */
import { LOADING_CHILDREN_PREFIX, LOADING_PREFIX } from './component-form.js';

export class HeldParents {
  /** Each held parent with the children it waited for when last looked at. */
  private readonly parents = new Map<string, readonly string[]>();

  /** The held parents' ids (to look at again). */
  ids(): Iterable<string> {
    return this.parents.keys();
  }

  /** Holds `id` back for the missing children `refs`. */
  hold(id: string, refs: readonly string[]): void {
    this.parents.set(id, refs);
  }

  /** `id` went out, or no longer waits. */
  release(id: string): void {
    this.parents.delete(id);
  }

  /** The held parents still reachable, each with the children that have still not arrived. */
  waiting(exists: (id: string) => boolean, reachable: (id: string) => boolean): [string, string[]][] {
    const out: [string, string[]][] = [];
    for (const [id, refs] of this.parents) {
      const still = refs.filter((ref) => !exists(ref));
      if (still.length > 0 && reachable(id)) out.push([id, still]);
    }
    return out;
  }
}

/** What a full-snapshot placeholder id stands for: the missing child, or a child list still streaming. */
export function childOfPlaceholder(id: string): string {
  if (id.startsWith(LOADING_CHILDREN_PREFIX)) return `the children of '${id.slice(LOADING_CHILDREN_PREFIX.length)}'`;
  return id.startsWith(LOADING_PREFIX) ? id.slice(LOADING_PREFIX.length) : id;
}
