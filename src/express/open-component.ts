/**
 * A component statement still being read, shown while its long string argument arrives
 * (`t = Text("…5,000 characters…`), under the JSON reader's rules for a cut string (`readiness.ts`
 * rules 1 and 2): it is looked at again only once the string grew enough, and the string shows
 * only under a cuttable key and when it does not start like a URL.
 *
 * Only the simplest shape qualifies: `name = Type(` with the arguments before the string complete
 * and the string itself an argument of the call (positional or `prop=`), not inside a list, a map
 * or a nested call. Each string gets one first look (which parses the statement's tokens read so
 * far) and then looks at geometric growth, and a call has at most as many arguments as its type
 * has properties, so the looks of one statement cost linear time in it.
 */
import type { ComponentInfo } from './catalog-info.js';
import type { Token } from './lexer.js';

/** A cut string shown is shown again once this many more characters of it arrived (the JSON reader's `CUT_STEP`), … */
const CUT_STEP = 64;
/** … or once it grew by this share of what was shown, if that is more (the JSON reader's `CUT_GROWTH`). */
const CUT_GROWTH = 0.5;

const URL_START = /^(?:https?:\/\/|data:|\/)/i;
/** Characters of a string enough to tell whether it starts like a URL. */
const URL_START_LENGTH = 8;

/** Where the open statement stands, when it is a component call whose only open part is a string argument. */
export interface OpenCall {
  /** The variable assigned (the component's id). */
  readonly name: string;
  /** The component type called. */
  readonly type: string;
}

/**
 * Whether the open statement `tokens` (bracket depth `depth`, `commas` commas at depth 1) is
 * `name = Type(…` with the input inside a string that is one of the call's arguments: the last
 * token opens the call, ends an argument (`,`) or names one (`prop =`), and the call has no more
 * arguments than `info` (the type's, `undefined` for no catalog component) has properties.
 */
export function openCall(tokens: readonly Token[], depth: number, commas: number, info: (type: string) => ComponentInfo | undefined): OpenCall | undefined {
  if (depth !== 1 || tokens.length < 4) return undefined;
  const [name, assign, type, open] = tokens as [Token, Token, Token, Token];
  if (name.kind !== 'ident' || assign.kind !== '=' || type.kind !== 'ident' || open.kind !== '(') return undefined;
  const last = tokens[tokens.length - 1] as Token;
  const argStart = (token: Token | undefined) => token?.kind === '(' || token?.kind === ',';
  const named = last.kind === '=' && tokens.length >= 6 && tokens[tokens.length - 2]?.kind === 'ident' && argStart(tokens[tokens.length - 3]);
  if (!argStart(last) && !named) return undefined;
  const props = info(type.text)?.props.length ?? 0;
  return commas < props ? { name: name.text, type: type.text } : undefined;
}

/** Whether a cut string starts like a URL (rule 2 of `readiness.ts`: a cut URL points somewhere else, it does not show). */
export function startsLikeUrl(value: string): boolean {
  return URL_START.test(value.length > 64 ? value.slice(0, 64) : value);
}

/**
 * Rule 1 of `readiness.ts` for the strings of one block: a string (by its offset) is looked at
 * first once it has {@link CUT_STEP} characters and then once it has grown by {@link CUT_STEP} characters or by {@link CUT_GROWTH}
 * of what was shown, whichever is more; one refused is not looked at again once its verdict is
 * known (its property, or its first {@link URL_START_LENGTH} characters, decided it).
 */
export class OpenLooks {
  /** The string last looked at: its offset, and the length shown (or a verdict: see {@link looked}). */
  private offset = -1;
  private shown = 0;

  /**
   * Whether the string at `offset`, `length` characters long now, is due a look: a new one once it
   * has {@link CUT_STEP} characters (a shorter one costs less to wait for than to show twice: a
   * statement shown while read goes out again when it ends).
   */
  due(offset: number, length: number): boolean {
    if (offset !== this.offset) return length >= CUT_STEP;
    if (this.shown === REFUSED || length <= this.shown) return false;
    if (this.shown === UNDECIDED) return true;
    return length - this.shown >= Math.max(CUT_STEP, Math.ceil(this.shown * CUT_GROWTH));
  }

  /**
   * The string at `offset` was looked at with `length` characters: `shown`, `refused` (its statement
   * or property decided it), or not shown for how it starts (decided once it has
   * {@link URL_START_LENGTH} characters).
   */
  looked(offset: number, length: number, verdict: 'shown' | 'refused' | 'start'): void {
    this.offset = offset;
    this.shown = verdict === 'shown' ? length : verdict === 'refused' || length >= URL_START_LENGTH ? REFUSED : UNDECIDED;
  }
}

const REFUSED = -1;
const UNDECIDED = -2;
