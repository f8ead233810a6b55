import { Expect, setOwn } from './builder.js';
import type { Frame, JsonContainer } from './builder.js';

/**
 * A string value (or array item when `inArray`) cut by the end of the input. Its `text` is joined
 * only when read, so measuring a long text that grows chunk by chunk costs nothing; it is read
 * from the reader, so read it before the reader reads more input.
 */
export interface CutString {
  /** Discriminator: the input stopped inside a string. */
  readonly kind: 'string';
  /** The decoded part read so far. */
  readonly text: string;
  /** `text.length`. */
  readonly length: number;
  /** Its key in the innermost open object; `undefined` in an array. */
  readonly key: string | undefined;
  /** Whether the string is an item of an array (not the value of a key). */
  readonly inArray: boolean;
}

/** Where the input stopped, as far as the open value is concerned. */
export type Cut =
  /** Between tokens: every read value is complete. */
  | { kind: 'none' }
  /** Inside a string value or array item. */
  | CutString
  /** Inside an object key, or after a key before its value began. */
  | { kind: 'key' }
  /** Inside a number or literal (`12`, `tru`): its final value is unknown. */
  | { kind: 'scalar' };

/**
 * How to treat what the cut leaves unfinished:
 * - `'strict'`: the healed value is unusable (`undefined`) unless the cut is clean or a string
 *   that `allowString` accepts (the reference heals components this way);
 * - `'drop'`: the unfinished entry is left out and the rest kept (the reference's data-model reading).
 */
export type HealPolicy = 'strict' | 'drop';

/** Decides whether a cut string may be shown as it stands (reading its `text` only if needed). */
export type AllowCutString = (cut: CutString) => boolean;

/**
 * A healed copy of `frames[index]`'s container: the open containers above it copied (closed
 * children are shared, not copied), closed as they stand, with the cut string added when allowed.
 * Returns `undefined` when the policy says the value is unusable.
 */
export function heal(frames: readonly Frame[], index: number, cut: Cut, policy: HealPolicy, allowString: AllowCutString): JsonContainer | undefined {
  if (policy === 'strict' && !cutIsUsable(frames[frames.length - 1] as Frame, cut, allowString)) return undefined;
  let child: JsonContainer | undefined;
  let childKey: string | number | undefined;
  for (let j = frames.length - 1; j >= index; j--) {
    const frame = frames[j] as Frame;
    const copy = copyContainer(frame.container, frame.isArray);
    if (j === frames.length - 1) {
      const usable = addCut(copy, frame, cut, policy, allowString);
      if (!usable) return undefined;
    } else if (child !== undefined) {
      attach(copy, childKey, child);
    }
    child = copy;
    childKey = frame.keyInParent;
  }
  return child;
}

/** Whether, under the strict policy, the cut leaves a usable value (checked before any copying). */
function cutIsUsable(top: Frame, cut: Cut, allowString: AllowCutString): boolean {
  if (cut.kind === 'string') return allowString(cut);
  if (cut.kind !== 'none') return false;
  return top.isArray || (top.expect !== Expect.Colon && top.expect !== Expect.Value);
}

function copyContainer(container: JsonContainer, isArray: boolean): JsonContainer {
  // Spread defines own data properties, so a `__proto__` key stays a key (as with `JSON.parse`).
  return isArray ? (container as unknown[]).slice() : { ...container };
}

function attach(parent: JsonContainer, key: string | number | undefined, child: unknown): void {
  if (Array.isArray(parent)) parent.push(child);
  else setOwn(parent, key as string, child);
}

/** Adds what the cut left in the innermost container; false when the value is unusable. */
function addCut(copy: JsonContainer, frame: Frame, cut: Cut, policy: HealPolicy, allowString: AllowCutString): boolean {
  switch (cut.kind) {
    case 'none':
      // An object key read without its value is a dangling key.
      return policy === 'drop' || frame.isArray || (frame.expect !== Expect.Colon && frame.expect !== Expect.Value);
    case 'string':
      if (allowString(cut)) {
        attach(copy, cut.key, cut.text);
        return true;
      }
      return policy === 'drop';
    default:
      return policy === 'drop';
  }
}

/**
 * How much of the cut a healed value shows: the length of a cut string that `allowString`
 * accepts, else -1 (a cut string only grows until it completes, so its length identifies it).
 */
export function shownCutLength(cut: Cut, allowString: AllowCutString): number {
  return cut.kind === 'string' && allowString(cut) ? cut.length : -1;
}

/** What the lexer knows of the input end. */
export interface InputEnd {
  readonly inString: boolean;
  readonly inBareWord: boolean;
  /** The decoded part read so far of the string the input ends in. */
  readonly partialString: string;
  /** Its length (cheap to ask, unlike the text). */
  readonly partialLength: number;
}

/** The string the input ends in, its text read from the lexer when asked for. */
class OpenString implements CutString {
  readonly kind = 'string';
  readonly length: number;
  readonly #end: InputEnd;

  constructor(
    end: InputEnd,
    readonly key: string | undefined,
    readonly inArray: boolean,
  ) {
    this.#end = end;
    this.length = end.partialLength;
  }

  get text(): string {
    return this.#end.partialString;
  }
}

/** The cut as seen from the innermost open container, given the lexer's view of the input end. */
export function describeCut(frames: readonly Frame[], end: InputEnd): Cut {
  const top = frames[frames.length - 1];
  if (end.inString) {
    if (!top || (!top.isArray && top.expect !== Expect.Value)) return { kind: 'key' };
    return new OpenString(end, top.isArray ? undefined : top.key, top.isArray);
  }
  if (end.inBareWord) return { kind: 'scalar' };
  return { kind: 'none' };
}
