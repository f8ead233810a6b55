import { Expect, setOwn } from './builder.js';
import type { Frame, JsonContainer } from './builder.js';

/** Where the input stopped, as far as the open value is concerned. */
export type Cut =
  /** Between tokens: every read value is complete. */
  | { kind: 'none' }
  /** Inside a string value (or array item when `key` is undefined and `inArray`). */
  | { kind: 'string'; text: string; key: string | undefined; inArray: boolean }
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

/** Decides whether a cut string may be shown as it stands. */
export type AllowCutString = (text: string, key: string | undefined, inArray: boolean) => boolean;

/**
 * A healed copy of `frames[index]`'s container: the open containers above it copied (closed
 * children are shared, not copied), closed as they stand, with the cut string added when allowed.
 * Returns `undefined` when the policy says the value is unusable.
 */
export function heal(
  frames: readonly Frame[],
  index: number,
  cut: Cut,
  policy: HealPolicy,
  allowString: AllowCutString,
): JsonContainer | undefined {
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
  if (cut.kind === 'string') return allowString(cut.text, cut.key, cut.inArray);
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
      return policy === 'drop' || frame.isArray || frame.expect !== Expect.Colon && frame.expect !== Expect.Value;
    case 'string':
      if (allowString(cut.text, cut.key, cut.inArray)) {
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
  return cut.kind === 'string' && allowString(cut.text, cut.key, cut.inArray) ? cut.text.length : -1;
}

/** The cut as seen from the innermost open container, given the lexer's view of the input end. */
export function describeCut(
  frames: readonly Frame[],
  partialString: string | undefined,
  inString: boolean,
  inBareWord: boolean,
): Cut {
  const top = frames[frames.length - 1];
  if (inString) {
    if (!top || (!top.isArray && top.expect !== Expect.Value)) return { kind: 'key' };
    return { kind: 'string', text: partialString ?? '', key: top.isArray ? undefined : top.key, inArray: top.isArray };
  }
  if (inBareWord) return { kind: 'scalar' };
  return { kind: 'none' };
}
