/** Below this size (in characters) an open value is looked at again whenever it may show more. */
export const SMALL_OPEN_VALUE = 8_192;

/** A large open value is looked at again once it has grown by this factor. */
const GROWTH = 1.25;

/** An open value as of its last look. */
interface LastLook {
  /** The reader's revision: the same while no value opened or completed. */
  revision: number;
  /** How much of the cut the look could show (see `shownCutLength`). */
  shown: number;
  /** Its size in characters. */
  size: number;
}

/**
 * Decides when to look again at a value that is still open (heal it, compare it, emit what
 * changed). Each look costs time in proportion to the value, and most chunks change nothing a look
 * could show: they extend a key, a number or a string that may not be shown cut.
 *
 * - Nothing new to show: no value opened or completed since the last look (an object closing
 *   does not count: the last look showed it closed as it stands) and the shown part of the cut is
 *   as long as it was; the look would heal to the same value, or to nothing.
 * - Large values (from {@link SMALL_OPEN_VALUE} characters) are looked at only each time they
 *   have grown by a quarter, so the total work stays linear in their size.
 */
export class LookGate {
  private readonly looks = new WeakMap<object, LastLook>();

  /**
   * Whether the open value identified by `key` is due a look.
   * @param size Its size in characters so far.
   * @param revision The reader's revision now.
   * @param shown How much of the cut a look would show now.
   */
  due(key: object, size: number, revision: number, shown: number): boolean {
    const last = this.looks.get(key);
    if (last === undefined) {
      this.looks.set(key, { revision, shown, size });
      return true;
    }
    if (last.revision === revision && last.shown === shown) return false;
    if (size >= SMALL_OPEN_VALUE && size < last.size * GROWTH) return false;
    last.revision = revision;
    last.shown = shown;
    last.size = size;
    return true;
  }
}
