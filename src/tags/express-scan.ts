/**
 * Where an `<a2ui>` (Express) block may close: the lexical state of Express text read one
 * character at a time, so that a `</a2ui>` inside a string (`"…"` with escapes, `"""…"""`,
 * `r"…"`, `r"""…"""`) or a comment (`#`, `//`, `/* … *\/`, a Markdown fence line) does not end the
 * block. An apostrophe opens nothing. Words are read by the lexer's rules (`express-words.ts`), so
 * a raw string starts where the lexer starts one.
 */
import { continuesWord, isRawPrefix, wordStart, type WordKind } from './express-words.js';

type State = 'code' | 'word' | 'slash' | 'fence' | 'lineComment' | 'blockComment' | 'quotes' | 'string' | 'triple';

/** The lexical state of one Express block; {@link ExpressScan.step} reads one character. */
export class ExpressScan {
  #state: State = 'code';
  /** The word being read (state `word`), whether it is still its first character. */
  #word: WordKind = 'ident';
  #wordFirst = false;
  /** In a word: a `"` next opens a raw string (the word is the identifier `r` or `R`). */
  #rawPrefix = false;
  #raw = false;
  #escaped = false;
  #quotes = 0;
  #star = false;

  /** Reads `c`; returns whether it stands in code (where a `<` may start the close tag). */
  step(c: string): boolean {
    switch (this.#state) {
      case 'code':
      case 'word':
        return this.#code(c);
      case 'slash':
        if (c === '/') this.#state = 'lineComment';
        else if (c === '*') {
          this.#state = 'blockComment';
          this.#star = false;
        } else {
          this.#state = 'code';
          return this.#code(c);
        }
        return false;
      case 'fence':
        // The lexer skips a line that starts with three backticks (a Markdown fence) as a comment.
        if (c === '`' && this.#quotes < 3) {
          if (++this.#quotes === 3) this.#state = 'lineComment';
          return false;
        }
        this.#state = 'code';
        return this.#code(c);
      case 'lineComment':
        if (c === '\n') this.#state = 'code';
        return false;
      case 'blockComment':
        if (this.#star && c === '/') this.#state = 'code';
        this.#star = c === '*';
        return false;
      case 'quotes':
        if (c === '"') {
          if (++this.#quotes === 3) {
            this.#state = 'triple';
            this.#quotes = 0;
          }
          return false;
        }
        if (this.#quotes === 2) {
          this.#state = 'code';
          return this.#code(c);
        }
        this.#state = 'string';
        return this.#inString(c);
      case 'string':
        return this.#inString(c);
      default:
        return this.#inTriple(c);
    }
  }

  #code(c: string): boolean {
    if (c === '"') {
      this.#raw = this.#state === 'word' && this.#rawPrefix;
      this.#escaped = false;
      this.#state = 'quotes';
      this.#quotes = 1;
      return false;
    }
    if (this.#state === 'word' && continuesWord(this.#word, c, this.#wordFirst)) {
      this.#wordFirst = false;
      this.#rawPrefix = false;
      return true;
    }
    const word = wordStart(c);
    if (word !== undefined) {
      this.#state = 'word';
      this.#word = word;
      this.#wordFirst = true;
      this.#rawPrefix = isRawPrefix(word, c);
      return true;
    }
    if (c === '`') {
      this.#state = 'fence';
      this.#quotes = 1;
      return false;
    }
    this.#state = c === '/' ? 'slash' : c === '#' ? 'lineComment' : 'code';
    return this.#state === 'code';
  }

  #inString(c: string): boolean {
    if (this.#escaped) this.#escaped = false;
    else if (c === '\\' && !this.#raw) this.#escaped = true;
    else if (c === '"' || (this.#raw && c === '\n')) this.#state = 'code';
    return false;
  }

  #inTriple(c: string): boolean {
    if (this.#escaped) {
      this.#escaped = false;
      this.#quotes = 0;
    } else if (c === '\\' && !this.#raw) {
      this.#escaped = true;
      this.#quotes = 0;
    } else if (c === '"') {
      if (++this.#quotes === 3) this.#state = 'code';
    } else this.#quotes = 0;
    return false;
  }
}

/** A new {@link ExpressScan}: what a tag splitter reading Express is given (`TagSplitterOptions.express`). */
export function newExpressScan(): ExpressScan {
  return new ExpressScan();
}
