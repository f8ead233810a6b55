/**
 * No flicker: a component sent again (a new definition of an id the surface already holds) is held
 * back until its object closes. A half-streamed new definition would replace the whole old one in
 * the renderer, which would drop the properties, children and text the new one has not reached
 * yet, and then show them again (in the spec's `00_incremental` a card went from three children
 * to one, then to four).
 *
 * Why until it closes, and not until it holds at least what was sent: the surface keeps no copy of
 * a component it has sent once its block closes (see `Surface.compact`), so there is nothing to
 * compare a partial with; and a redefinition usually changes what it repeats (other children, a
 * new text), so a partial rarely covers the old form before it is complete anyway.
 */
export class Redefinitions {
  /** Per surface, the ids whose held form is a partial of the object still streaming (few: those being read). */
  private streaming = new WeakMap<object, Set<string>>();

  /**
   * Whether a partial of `id` on `surface` must wait for its object to close.
   * @param held Whether the surface holds a form of `id` already.
   */
  waits(surface: object, id: string, held: boolean): boolean {
    return held && this.streaming.get(surface)?.has(id) !== true;
  }

  /** Records what `surface` now holds for `id`: a partial (`true`) or a closed definition. */
  put(surface: object, id: string, partial: boolean): void {
    let ids = this.streaming.get(surface);
    if (partial) {
      if (ids === undefined) this.streaming.set(surface, (ids = new Set()));
      ids.add(id);
    } else {
      ids?.delete(id);
    }
  }

  /**
   * Forgets every partial of `surface` (its changes were rolled back): what it holds counts as
   * closed, so a later partial waits rather than replace it.
   */
  forget(surface: object): void {
    this.streaming.delete(surface);
  }

  /**
   * Forgets every partial of every surface: the block ended, so an object left open in it never
   * closes, and what it put counts as closed (a later partial of that id waits).
   */
  clear(): void {
    this.streaming = new WeakMap();
  }
}
