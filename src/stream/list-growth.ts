import type { Frame } from '../json/builder.js';
import type { VersionSpec } from '../protocol/versions.js';

/**
 * Decides when a component whose child list is still streaming is put again: each time the list
 * has grown by a quarter (at least one child) since the form last put. Re-sending the parent for
 * every child a list gains would cost the list's length squared in bytes out (delta snapshots
 * re-send a changed component whole); growth by a quarter keeps the total linear in the list, as
 * {@link LookGate} does for large open values. A child arriving after the list is unaffected: the
 * list's close puts the parent with every child, and a child shows as soon as it closes. The first
 * children (up to eight) are shown one by one. A list still open when its block ends is shown
 * whole by the session's last look.
 */
export class ListGrowth {
  /** The number of children last put, per open list (the builder's frame: one per open value). */
  private readonly shown = new WeakMap<Frame, number>();

  /**
   * Whether the component whose open child list is `list` is due to be put again.
   * @param list The list's frame; `list.container` holds its complete children.
   */
  due(list: Frame): boolean {
    const count = (list.container as readonly unknown[]).length;
    const last = this.shown.get(list);
    if (last !== undefined && count < last + Math.max(1, Math.floor(last / 4))) return false;
    this.shown.set(list, count);
    return true;
  }
}

/**
 * The component's child list the input stops inside (a list-reference field of its catalog type,
 * or v0.8's `explicitList` under one), which is still streaming; `undefined` when there is none.
 * @param level Index of the component in `frames`.
 */
export function openChildList(frames: readonly Frame[], level: number, listFields: readonly string[], spec: VersionSpec): Frame | undefined {
  // v0.8 properties sit two objects down: `{id, component: {Type: {…}}}`.
  const props = spec.nestedComponents ? level + 2 : level;
  const field = frames[props + 1];
  if (field === undefined || !listFields.includes(field.keyInParent as string)) return undefined;
  if (field.isArray) return field;
  const list = frames[props + 2];
  return list !== undefined && list.isArray && list.keyInParent === 'explicitList' ? list : undefined;
}
