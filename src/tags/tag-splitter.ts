import { EXPRESS_CLOSE_TAG_NAME, matchCloseTag, matchExpressOpenTag, matchOpenTag } from './tag-matcher.js';

/** The notation of a block: direct JSON (`<a2ui-json>`) or Express (`<a2ui>`). */
export type BlockFormat = 'json' | 'express';

/**
 * What {@link TagSplitter} reports, in input order:
 * - `text`: conversational text outside blocks, verbatim (one event per contiguous piece);
 * - `open`: an `<a2ui-json …>` tag (attributes allowed, any case) started a block (`format: 'json'`),
 *   or, with {@link TagSplitterOptions.express}, an `<a2ui …>` tag an Express one (`format: 'express'`);
 *   `offset`: the characters of input before the tag (0 with `wrapped: false`);
 * - `block`: the next piece of the current block's content, verbatim;
 * - `close`: a `</a2ui-json>` tag ended the block (with `wrapped: false`, the end of input);
 * - `unclosed`: the input ended inside a block (emitted by {@link TagSplitter.end} instead of `close`).
 */
export type TagEvent =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'open'; readonly format: BlockFormat; readonly offset: number }
  | { readonly type: 'block'; readonly text: string }
  | { readonly type: 'close' }
  | { readonly type: 'unclosed' };

/** Reads an Express block's characters, one at a time (`ExpressScan` of `express-scan.ts`). */
export interface ExpressScanner {
  /** Reads `c`; returns whether it stands in code (where a `<` may start the close tag). */
  step(c: string): boolean;
}

/** Options of {@link TagSplitter}. */
export interface TagSplitterOptions {
  /**
   * Whether blocks are wrapped in `<a2ui-json>` tags. `false`: the whole input is one block without
   * tags (an `open` event comes first, a `close` event from `end()`). Default `true`.
   */
  wrapped?: boolean;
  /**
   * Makes the scanner of one Express block (`newExpressScan` of `express-scan.ts`): with it,
   * `<a2ui>` tags (attributes allowed, any case; not `<a2ui-json>`) open Express blocks, closed by
   * `</a2ui>` outside Express strings and comments. A function, so that a splitter without it
   * holds no Express code. Default none: `<a2ui>` is text.
   */
  express?: () => ExpressScanner;
  /** With `wrapped: false`: the notation of the one block the input is. Default `'json'`. */
  format?: BlockFormat;
}

const OPEN: TagEvent = Object.freeze({ type: 'open', format: 'json', offset: 0 });
const OPEN_EXPRESS: TagEvent = Object.freeze({ type: 'open', format: 'express', offset: 0 });
const CLOSE: TagEvent = Object.freeze({ type: 'close' });
const UNCLOSED: TagEvent = Object.freeze({ type: 'unclosed' });

const LT = 0x3c;
const QUOTE = 0x22;

/**
 * Splits model output into conversational text and the content of `<a2ui-json>` blocks while it
 * streams. Work per chunk is proportional to the chunk: only an unfinished tag (at most
 * `MAX_TAG_LENGTH` characters) is held back and looked at again.
 *
 * Tags: open `<a2ui-json\b[^>]*>` and close `</a2ui-json\s*>`, case-insensitive. Text is emitted
 * as soon as it cannot be the start of an open tag. Inside a block, a close tag inside a JSON
 * string (straight `"` with backslash escapes, opened inside an object or array) does not close
 * the block; a `"` outside every `{`/`[` is junk and opens no string. A close tag outside a block
 * is plain text.
 *
 * After {@link TagSplitter.end} the splitter is ready for a new input.
 */
export class TagSplitter {
  readonly #wrapped: boolean;
  readonly #express: (() => ExpressScanner) | undefined;
  readonly #unwrappedOpen: TagEvent;
  #inBlockState = false;
  /** The Express block being read (its lexical state), or `undefined` in a JSON block. */
  #expressScan: ExpressScanner | undefined;
  /** Held-back input: the start of a possible tag. Never contains `>` outside a block. */
  #pending = '';
  #depth = 0;
  #inString = false;
  #escaped = false;
  #started = false;
  /** Characters of input pushed before the current chunk. */
  #consumed = 0;
  /** Input offset of the first character of the string being scanned (held-back text included). */
  #scanStart = 0;
  /**
   * The next backslash in this push's text at or after where one was last looked for (-1: none,
   * -2: not looked for yet): kept across blocks, so many blocks in one chunk each without one do
   * not search the rest of the chunk again.
   */
  #backslash = -2;

  /** Creates a splitter; see {@link TagSplitterOptions}. */
  constructor(options: TagSplitterOptions = {}) {
    this.#wrapped = options.wrapped ?? true;
    this.#express = options.express;
    this.#unwrappedOpen = options.format === 'express' ? OPEN_EXPRESS : OPEN;
  }

  /** Whether the input so far ends inside a block. */
  get inBlock(): boolean {
    return this.#wrapped ? this.#inBlockState : this.#started;
  }

  /** Reads the next chunk and returns what it settles. */
  push(chunk: string): TagEvent[] {
    const events: TagEvent[] = [];
    if (!this.#wrapped) {
      if (!this.#started) {
        this.#started = true;
        events.push(this.#unwrappedOpen);
      }
      if (chunk !== '') events.push({ type: 'block', text: chunk });
      return events;
    }
    const held = this.#pending.length;
    this.#scanStart = this.#consumed - held;
    this.#consumed += chunk.length;
    const s = held === 0 ? chunk : this.#pending + chunk;
    this.#pending = '';
    this.#backslash = -2;
    let pos = 0;
    while (pos < s.length) {
      if (!this.#inBlockState) pos = this.#scanText(s, pos, held, events);
      else pos = this.#expressScan === undefined ? this.#scanBlock(s, pos, held, events) : this.#scanExpress(s, pos, held, events);
    }
    return events;
  }

  /** Ends the input: flushes held-back text or block content and reports an unclosed block. */
  end(): TagEvent[] {
    const events: TagEvent[] = [];
    if (!this.#wrapped) {
      if (!this.#started) events.push(this.#unwrappedOpen);
      events.push(CLOSE);
    } else if (this.#inBlockState) {
      if (this.#pending !== '') events.push({ type: 'block', text: this.#pending });
      events.push(UNCLOSED);
    } else if (this.#pending !== '') {
      events.push({ type: 'text', text: this.#pending });
    }
    this.#reset();
    return events;
  }

  #reset(): void {
    this.#inBlockState = false;
    this.#pending = '';
    this.#started = false;
    this.#consumed = 0;
    this.#resetBlock();
  }

  #resetBlock(): void {
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    this.#expressScan = undefined;
  }

  /**
   * Scans text from `pos`; returns where scanning continues (the end of `s` when done). `held`
   * characters at the start of `s` were held back earlier and hold no `>`.
   */
  #scanText(s: string, pos: number, held: number, events: TagEvent[]): number {
    let gtFrom = Number.POSITIVE_INFINITY;
    let gtAt = -1;
    const nextGt = (from: number): number => {
      const start = Math.max(from, held);
      if (start < gtFrom || (gtAt >= 0 && gtAt < start)) {
        gtFrom = start;
        gtAt = s.indexOf('>', start);
      }
      return gtAt;
    };
    let lt = s.indexOf('<', pos);
    while (lt >= 0) {
      let match = matchOpenTag(s, lt, nextGt);
      let express = false;
      if (match.kind === 'none' && this.#express !== undefined) {
        match = matchExpressOpenTag(s, lt, nextGt);
        express = true;
      }
      if (match.kind === 'tag') {
        if (lt > pos) events.push({ type: 'text', text: s.slice(pos, lt) });
        events.push({ type: 'open', format: express ? 'express' : 'json', offset: this.#scanStart + lt });
        this.#inBlockState = true;
        if (express) this.#expressScan = (this.#express as () => ExpressScanner)();
        return match.end;
      }
      if (match.kind === 'partial') {
        if (lt > pos) events.push({ type: 'text', text: s.slice(pos, lt) });
        this.#pending = s.slice(lt);
        return s.length;
      }
      lt = s.indexOf('<', lt + 1);
    }
    events.push({ type: 'text', text: pos === 0 ? s : s.slice(pos) });
    return s.length;
  }

  /**
   * Scans block content from `pos`, tracking strings and nesting; returns where scanning
   * continues. `held` characters at the start of `s` were held back earlier (a possible close tag).
   */
  #scanBlock(s: string, pos: number, held: number, events: TagEvent[]): number {
    const n = s.length;
    // Next quote (and `#backslash`) at or after the position last looked from (-1: none in `s`), so
    // string content is skipped with indexOf, each looked up once per chunk position.
    let quote = -2;
    for (let i = pos; i < n; i++) {
      if (this.#inString) {
        if (this.#escaped) {
          this.#escaped = false;
          continue;
        }
        if (quote !== -1 && quote < i) quote = s.indexOf('"', i);
        if (this.#backslash !== -1 && this.#backslash < i) this.#backslash = s.indexOf('\\', i);
        const backslash = this.#backslash;
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          i = backslash; // the loop steps past the escaped character
          this.#escaped = true;
        } else if (quote !== -1) {
          i = quote;
          this.#inString = false;
        } else {
          i = n;
        }
        continue;
      }
      const c = s.charCodeAt(i);
      switch (c) {
        case 0x7b: // {
        case 0x5b: // [
          this.#depth++;
          break;
        case 0x7d: // }
        case 0x5d: // ]
          if (this.#depth > 0) this.#depth--;
          break;
        case QUOTE:
          if (this.#depth > 0) this.#inString = true;
          break;
        case LT: {
          const match = matchCloseTag(s, i, i === 0 ? held : 0);
          if (match.kind === 'none') break;
          return this.#closeAt(s, pos, i, match, events);
        }
      }
    }
    if (n > pos) events.push({ type: 'block', text: pos === 0 ? s : s.slice(pos) });
    return n;
  }

  /**
   * Scans Express block content from `pos`, tracking its strings and comments; returns where
   * scanning continues. `held` characters at the start of `s` were held back (a possible close tag).
   */
  #scanExpress(s: string, pos: number, held: number, events: TagEvent[]): number {
    const scan = this.#expressScan as ExpressScanner;
    const n = s.length;
    for (let i = pos; i < n; i++) {
      const c = s[i] as string;
      // A held-back `<` (the start of `s`) was read, in code, with the chunk that brought it.
      const inCode = i === 0 && held > 0 ? true : scan.step(c);
      if (c !== '<' || !inCode) continue;
      const match = matchCloseTag(s, i, 0, EXPRESS_CLOSE_TAG_NAME);
      if (match.kind === 'none') continue;
      return this.#closeAt(s, pos, i, match, events);
    }
    if (n > pos) events.push({ type: 'block', text: pos === 0 ? s : s.slice(pos) });
    return n;
  }

  /**
   * A close tag (or a possible one, cut by the chunk) starts at `i`: the block text before it
   * goes out; a partial tag is held back, a whole one closes the block. Returns where scanning continues.
   */
  #closeAt(s: string, pos: number, i: number, match: Exclude<ReturnType<typeof matchCloseTag>, { kind: 'none' }>, events: TagEvent[]): number {
    if (i > pos) events.push({ type: 'block', text: s.slice(pos, i) });
    if (match.kind === 'partial') {
      this.#pending = s.slice(i);
      return s.length;
    }
    events.push(CLOSE);
    this.#inBlockState = false;
    this.#resetBlock();
    return match.end;
  }
}
