/**
 * The Express lexer, streaming: text is pushed in chunks cut anywhere (inside a string, a triple
 * string, a raw string, a number, a path, an identifier or a comment) and each character is
 * looked at once. Tokens follow the grammar (`Express.g4`): whitespace, newlines, `;` and the
 * three comment forms are skipped; identifiers are ASCII.
 */
import { A2uiParseError } from '../errors.js';
import { continuesWord, isDigit, isLetter, isRawPrefix } from '../tags/express-words.js';
import type { LexerSink, OpenString, TokenKind } from './tokens.js';

type State = 'start' | 'ident' | 'number' | 'path' | 'check' | 'minus' | 'slash' | 'lineComment' | 'fence' | 'blockComment' | 'quotes' | 'string' | 'triple';

const PUNCTUATION = new Set(['=', '(', ')', '[', ']', '{', '}', ',', ':']);
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '"': '"' };

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ';' || c === '\f' || c === '\v';
}

/**
 * Reads Express text pushed in chunks and reports tokens to a {@link LexerSink} as soon as they
 * are complete (an identifier, number, path or check once the next character shows it ended).
 */
export class ExpressLexer {
  #state: State = 'start';
  /** Text of the token being read (for strings: the value so far); not a `#field`: a test reads it. */
  private buf = '';
  #tokenOffset = 0;
  #tokenLine = 1;
  #tokenColumn = 1;
  #offset = 0;
  #line = 1;
  /** Offset of the current line's first character. */
  #lineStart = 0;
  /** Number: a `.` was read; whether a digit is needed next. */
  #sawDot = false;
  #needDigit = false;
  /** Strings: raw (no escapes), a backslash was read, quotes counted at the open or the close. */
  #raw = false;
  #escaped = false;
  #quotes = 0;
  /** Identifier: a `"` next opens a raw string. Check: no character yet after its `?`. */
  #rawPrefix = false;
  #bare = false;
  /** Block comment: the previous character was `*`. */
  #star = false;
  /** The token being read belongs to a dropped statement: its text is not kept. */
  #discarding = false;

  constructor(private readonly sink: LexerSink) {}

  /** Characters read so far. */
  get position(): number {
    return this.#offset;
  }

  /** Whether the input so far ends between tokens (not inside a token, string or comment). */
  get idle(): boolean {
    return this.#state === 'start' || this.#state === 'lineComment';
  }

  /**
   * The string the input stops inside (after its opening quotes), if any: its value so far holds
   * whole escapes only (a backslash waiting for the character it escapes is left out) and, in a
   * triple string, not the quotes that may begin its close. `undefined` between tokens, in a
   * string being dropped, and after one or two quotes (an empty string or a triple one's start).
   */
  get openString(): OpenString | undefined {
    if ((this.#state !== 'string' && this.#state !== 'triple') || this.#discarding) return undefined;
    const buf = this.buf;
    const length = buf.length - (this.#state === 'triple' ? this.#quotes : 0);
    const value = () => (length === buf.length ? buf : buf.slice(0, length));
    return { offset: this.#tokenOffset, line: this.#tokenLine, column: this.#tokenColumn, length, value };
  }

  /**
   * The statement of the token being read was dropped: its text is not kept until the token ends
   * (its token then has an empty or partial text). Between tokens this does nothing.
   */
  discard(): void {
    if (this.#state === 'start' || this.#state === 'lineComment') return;
    this.#discarding = true;
    this.buf = '';
  }

  /** Reads the next chunk. */
  push(text: string): void {
    let i = 0;
    const n = text.length;
    while (i < n) {
      if (this.#state === 'string' || this.#state === 'triple') {
        i = this.#scanString(text, i);
        continue;
      }
      const c = text[i] as string;
      if (this.#step(c)) {
        this.#advance(c);
        i++;
      }
    }
  }

  /** Ends the input: finishes the last token, or reports what was left open. */
  end(): void {
    const state = this.#state;
    this.#state = 'start';
    if (state === 'ident' || state === 'path' || (state === 'number' && !this.#needDigit) || (state === 'check' && !this.#bare)) {
      this.#state = state;
      this.#finishWord();
    } else if (state === 'quotes' && this.#quotes === 2) {
      this.#emit('string', '');
    } else if (state === 'quotes' || state === 'string' || state === 'triple') {
      this.#fail('Unterminated string at the end of the block', this.#tokenOffset, this.#tokenLine, this.#tokenColumn);
    } else if (state === 'blockComment') {
      this.#fail('Unterminated /* comment at the end of the block', this.#tokenOffset, this.#tokenLine, this.#tokenColumn);
    } else if (state !== 'start' && state !== 'lineComment') {
      this.#fail(`Unfinished token '${this.buf}' at the end of the block`, this.#tokenOffset, this.#tokenLine, this.#tokenColumn);
    }
    this.#needDigit = false;
    this.#escaped = false;
    this.#quotes = 0;
  }

  /** Handles one character outside a string body; returns whether it was consumed. */
  #step(c: string): boolean {
    switch (this.#state) {
      case 'start':
        return this.#startToken(c);
      case 'ident':
        if (continuesWord('ident', c, false)) {
          this.#rawPrefix = false;
          return this.#append(c);
        }
        if (c === '"' && this.#rawPrefix) {
          this.#raw = true;
          this.#escaped = false;
          this.buf = '';
          this.#state = 'quotes';
          this.#quotes = 1;
          return true;
        }
        this.#finishWord();
        return false;
      case 'path':
        if (continuesWord('path', c, false)) return this.#append(c);
        this.#finishWord();
        return false;
      case 'check':
        if (continuesWord('check', c, this.#bare)) {
          this.#bare = false;
          return this.#append(c);
        }
        if (this.#bare) {
          this.#fail("Expected a check name after '?'");
          this.#state = 'start';
          return false;
        }
        this.#finishWord();
        return false;
      case 'minus':
        if (isDigit(c)) {
          this.#state = 'number';
          return this.#append(c);
        }
        this.#fail("Expected a digit after '-'");
        this.#state = 'start';
        return false;
      case 'number':
        if (isDigit(c)) {
          this.#needDigit = false;
          return this.#append(c);
        }
        if (c === '.' && !this.#sawDot) {
          this.#sawDot = true;
          this.#needDigit = true;
          return this.#append(c);
        }
        if (this.#needDigit) {
          this.#fail(`Expected a digit after '${this.buf}'`);
          this.#state = 'start';
          this.#needDigit = false;
          return false;
        }
        this.#finishWord();
        return false;
      case 'slash':
        if (c === '/') this.#state = 'lineComment';
        else if (c === '*') {
          this.#state = 'blockComment';
          this.#star = false;
        } else {
          this.#fail("Unexpected character '/'");
          this.#state = 'start';
          return false;
        }
        return true;
      case 'lineComment':
        if (c === '\n') this.#state = 'start';
        return true;
      case 'fence':
        if (c === '`' && this.#quotes < 3) {
          if (++this.#quotes === 3) this.#state = 'lineComment';
          return true;
        }
        this.#fail("Unexpected character '`'", this.#tokenOffset, this.#tokenLine, this.#tokenColumn);
        this.#state = 'start';
        return false;
      case 'blockComment':
        if (this.#star && c === '/') this.#state = 'start';
        this.#star = c === '*';
        return true;
      case 'quotes':
        if (c === '"' && this.#quotes < 3) {
          this.#quotes++;
          if (this.#quotes === 3) {
            this.#state = 'triple';
            this.#quotes = 0;
          }
          return true;
        }
        this.#endQuotes();
        return false;
      default:
        return true;
    }
  }

  /** After one or two opening quotes, a different character arrived (or the input ended). */
  #endQuotes(): void {
    if (this.#quotes === 2) {
      this.#emit('string', '');
      return;
    }
    this.#state = 'string';
    this.#quotes = 0;
  }

  #startToken(c: string): boolean {
    if (isSpace(c)) return true;
    this.#tokenOffset = this.#offset;
    this.#tokenLine = this.#line;
    this.#tokenColumn = this.#offset - this.#lineStart + 1;
    this.buf = '';
    if (isLetter(c)) {
      this.#state = 'ident';
      this.#rawPrefix = isRawPrefix('ident', c);
      return this.#append(c);
    }
    if (isDigit(c)) {
      this.#state = 'number';
      this.#sawDot = false;
      this.#needDigit = false;
      return this.#append(c);
    }
    switch (c) {
      case '-':
        this.#state = 'minus';
        this.#sawDot = false;
        this.#needDigit = false;
        this.buf = '-';
        return true;
      case '$':
        this.#state = 'path';
        return true;
      case '?':
        this.#state = 'check';
        this.#bare = true;
        return true;
      case '"':
        this.#raw = false;
        this.#escaped = false;
        this.#state = 'quotes';
        this.#quotes = 1;
        return true;
      case '#':
        this.#state = 'lineComment';
        return true;
      case '`':
        // A Markdown fence line (```lang) carried over from prompt examples is skipped.
        this.#state = 'fence';
        this.#quotes = 1;
        return true;
      case '/':
        this.#state = 'slash';
        return true;
      default:
        if (PUNCTUATION.has(c)) {
          this.sink.token({ kind: c as TokenKind, text: c, offset: this.#offset, line: this.#line, column: this.#offset - this.#lineStart + 1 });
          return true;
        }
        this.#fail(`Unexpected character '${c}'`, this.#offset, this.#line);
        return true;
    }
  }

  #append(c: string): boolean {
    if (!this.#discarding) this.buf += c;
    return true;
  }

  /** Reads string content from `i`; returns the index after what it consumed. */
  #scanString(text: string, i: number): number {
    const triple = this.#state === 'triple';
    const n = text.length;
    let run = i;
    const flush = (to: number) => {
      if (to > run && !this.#discarding) this.buf += text.slice(run, to);
    };
    while (i < n) {
      const c = text[i] as string;
      if (this.#escaped) {
        this.#escaped = false;
        if (!this.#discarding) this.buf += ESCAPES[c] ?? `\\${c}`;
        this.#advance(c);
        i++;
        run = i;
        continue;
      }
      if (c === '\\' && !this.#raw) {
        flush(i);
        this.#escaped = true;
        this.#quotes = 0;
        this.#advance(c);
        i++;
        run = i;
        continue;
      }
      if (c === '"') {
        if (!triple) {
          flush(i);
          this.#advance(c);
          this.#emit('string', this.buf);
          return i + 1;
        }
        this.#quotes++;
        if (this.#quotes === 3) {
          flush(Math.max(i - 2, run));
          // Closing quotes that came in an earlier chunk were appended there: take them back.
          const early = Math.max(0, run - (i - 2));
          if (early > 0) this.buf = this.buf.slice(0, this.buf.length - early);
          this.#advance(c);
          this.#emit('string', this.buf);
          return i + 1;
        }
      } else {
        this.#quotes = 0;
        if (c === '\n' && this.#raw && !triple) {
          flush(i);
          this.#fail('A raw string cannot span lines', this.#tokenOffset, this.#tokenLine, this.#tokenColumn);
          this.#state = 'start';
          return i;
        }
      }
      this.#advance(c);
      i++;
    }
    flush(n);
    return n;
  }

  #advance(c: string): void {
    this.#offset++;
    if (c === '\n') {
      this.#line++;
      this.#lineStart = this.#offset;
    }
  }

  #finishWord(): void {
    const text = this.buf;
    switch (this.#state) {
      case 'ident':
        this.#emit(text === 'true' || text === 'false' || text === 'null' ? text : text === '_' ? 'skip' : 'ident', text);
        break;
      case 'number':
        this.#emit('number', text);
        break;
      case 'path':
        this.#emit('path', text);
        break;
      default:
        this.#emit('check', text);
    }
  }

  #emit(kind: TokenKind, text: string): void {
    this.#state = 'start';
    this.buf = '';
    this.#quotes = 0;
    this.#discarding = false;
    this.sink.token({ kind, text, offset: this.#tokenOffset, line: this.#tokenLine, column: this.#tokenColumn });
  }

  #fail(message: string, offset = this.#offset, line = this.#line, column = offset - this.#lineStart + 1): void {
    this.buf = '';
    this.#discarding = false;
    this.sink.error(new A2uiParseError(`Line ${line}: ${message}`, { offset, line, column }));
  }
}
