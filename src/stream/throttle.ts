/** Below this size (in characters) an open value is looked at again after every chunk. */
export const SMALL_OPEN_VALUE = 8_192;

/** A large open value is looked at again once it has grown by this factor. */
const GROWTH = 1.25;

/**
 * Decides when to look again at a value that is still open. Each look costs time in proportion to
 * the value (healing copies its open path, diffs walk it), so a large value is looked at only each
 * time it has grown by a quarter: the total stays linear in its size, and small values, the usual
 * case, still update after every chunk.
 */
export class GrowthThrottle {
  private readonly seen = new WeakMap<object, number>();

  /** Whether the open value identified by `key`, now `size` characters long, is due a look. */
  due(key: object, size: number): boolean {
    if (size < SMALL_OPEN_VALUE) return true;
    if (size < (this.seen.get(key) ?? 0) * GROWTH) return false;
    this.seen.set(key, size);
    return true;
  }
}
