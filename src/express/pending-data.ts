/**
 * The data assignments of a surface this block creates, gathered until its first component
 * (issue #37, no amplification). Each `$/path = value` was its own `updateDataModel`, its envelope
 * and surface id often longer than the statement (400 × `$/aN = 1`: 11 times the input, 75 times
 * with a 2,000-character surface id). Before the surface shows a component nothing reads its data,
 * and its model holds only what this block assigned, so the assignments go out as one update of
 * the whole model (`path: "/"`), as upstream compiles a whole block, at the surface's first
 * component, a function call, or the block's end. A path whose effect a renderer might read
 * differently (a list index, an empty segment, a non-object on the way, nesting past
 * {@link MAX_MERGED_DEPTH}) is not gathered: what was gathered goes first, then that statement as
 * it was written.
 */
/** Deepest a gathered value may nest, path and value together (the validator's bound is 50). */
export const MAX_MERGED_DEPTH = 32;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` nests deeper than `room` levels (walks at most `room` levels down). */
function deeperThan(value: unknown, room: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (room <= 0) return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (deeperThan(item, room - 1)) return true;
  return false;
}

/** One surface's gathered assignments: see the module comment. */
export class PendingData<At> {
  #model: Json = {};
  /** Objects of `#model` made here (compiled values are shared: one is copied before it changes). */
  readonly #owned = new WeakSet<object>([this.#model]);
  /** The last statement gathered (where the update is said to come from); `undefined` while none is. */
  #last: At | undefined;

  /** Gathers `path = value` of statement `held`; `false` when the path is not one to gather (see the module comment). */
  set(path: string, value: unknown, held: At): boolean {
    const segments = path === '/' ? [] : path.slice(1).split('/');
    if (segments.some((s) => s === '' || /^\d+$/.test(s) || s === '__proto__')) return false;
    if (segments.length > MAX_MERGED_DEPTH || deeperThan(value, MAX_MERGED_DEPTH - segments.length)) return false;
    const last = segments.pop();
    if (last === undefined) {
      if (!isObject(value)) return false;
      this.#model = { ...value };
      this.#owned.add(this.#model);
    } else {
      let look: unknown = this.#model;
      for (const segment of segments) {
        look = isObject(look) && Object.hasOwn(look, segment) ? look[segment] : undefined;
        if (look !== undefined && !isObject(look)) return false;
      }
      let node = this.#model;
      for (const segment of segments) {
        const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
        const owned = next === undefined ? {} : this.#owned.has(next as Json) ? (next as Json) : { ...(next as Json) };
        this.#owned.add(owned);
        node[segment] = owned;
        node = owned;
      }
      node[last] = value;
    }
    this.#last = held;
    return true;
  }

  /** The whole model gathered and the statement it is said to come from, emptied; `undefined` when nothing was gathered. */
  take(): { value: Json; at: At } | undefined {
    const at = this.#last;
    if (at === undefined) return undefined;
    const value = this.#model;
    this.#model = {};
    this.#last = undefined;
    return { value, at };
  }
}
