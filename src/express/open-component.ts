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
import type { ValueCompiler } from './compile-values.js';
import type { OpenString, Token } from './tokens.js';
import type { ExpressMessage } from './reader-types.js';
import { CUT_STEP, grewEnough, isUrlHint, startsLikeUrl, URL_START_LENGTH } from '../json/cut-rules.js';
import { parseStatement } from './syntax.js';

/**
 * The component statement being read, when all it lacks is the rest of a string argument (see
 * below): what a look at it needs.
 */
export interface OpenComponentLook {
  /** The string's offset in the block (the same while it is read). */
  readonly offset: number;
  /** Characters of the string's value so far. */
  readonly length: number;
  /** The statement's offset in the block (where an error of it is located). */
  readonly statement: number;
  /** The surface the statement writes to. */
  readonly surfaceId: string;
  /**
   * The component as it stands, the string cut where it stopped (after the surface's
   * `createSurface`, if it still owed one); else why not: `refused` (the statement or the
   * property will not show this string) or `start` (the string starts like a URL).
   */
  build(): ExpressMessage | 'refused' | 'start';
}

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

/**
 * The open statement `tokens` (an {@link OpenCall}, the input `position` characters into the
 * block) as a component, its string argument cut where the input stopped; else why not:
 * `refused` (it does not compile as it stands, or the string's property is not cuttable in
 * `compiler`'s catalog) or `start` (the string starts like a URL). Repairs are not reported
 * (the compiler reports none outside a statement being run).
 */
export function partialOf(
  tokens: readonly Token[],
  string: OpenString,
  position: number,
  call: OpenCall,
  compiler: ValueCompiler,
): ExpressMessage | 'refused' | 'start' {
  const value = string.value();
  const cut: Token[] = [
    { kind: 'string', text: value, offset: string.offset, line: string.line, column: string.column },
    { kind: ')', text: ')', offset: position, line: string.line, column: string.column + position - string.offset },
  ];
  try {
    const statement = parseStatement([...tokens, ...cut]);
    if (statement.kind !== 'assign' || statement.expr.k !== 'call') return 'refused';
    const args = statement.expr.args;
    const prop = compiler.lastArgProp(call.type, args);
    if (prop === undefined || !compiler.cuttableKeys.has(prop.name) || isUrlHint(prop.name)) return 'refused';
    if (startsLikeUrl(value)) return 'start';
    return compiler.component(call.name, call.type, args)[0] ?? 'refused';
  } catch {
    // It does not compile as it stands (a value variable not assigned yet, a wrong argument): its end will say.
    return 'refused';
  }
}

/**
 * Rule 1 of `readiness.ts` for the strings of one block: a string (by its offset) is looked at
 * first once it has {@link CUT_STEP} characters and then once it has grown enough
 * ({@link grewEnough}; with full snapshots, at any growth); one refused is not looked at again
 * once its verdict is known (its property, or its first {@link URL_START_LENGTH} characters, decided it).
 */
export class OpenLooks {
  /** The string last looked at: its offset, and the length shown (or a verdict: see {@link looked}). */
  #offset = -1;
  #shown = 0;

  /** @param bounded Whether a string shown waits to grow enough before it shows again (else any growth shows it). */
  constructor(private readonly bounded: boolean) {}

  /**
   * Whether the string at `offset`, `length` characters long now, is due a look: a new one once it
   * has {@link CUT_STEP} characters (a shorter one costs less to wait for than to show twice: a
   * statement shown while read goes out again when it ends).
   */
  due(offset: number, length: number): boolean {
    if (offset !== this.#offset) return length >= CUT_STEP;
    if (this.#shown === REFUSED || length <= this.#shown) return false;
    if (this.#shown === UNDECIDED) return true;
    return this.bounded ? grewEnough(this.#shown, length) : true;
  }

  /**
   * The string at `offset` was looked at with `length` characters: `shown`, `refused` (its statement
   * or property decided it), or not shown for how it starts (decided once it has
   * {@link URL_START_LENGTH} characters).
   */
  looked(offset: number, length: number, verdict: 'shown' | 'refused' | 'start'): void {
    this.#offset = offset;
    this.#shown = verdict === 'shown' ? length : verdict === 'refused' || length >= URL_START_LENGTH ? REFUSED : UNDECIDED;
  }
}

const REFUSED = -1;
const UNDECIDED = -2;
