/**
 * Where an `<a2ui>` (Express) block may close: the lexical state of Express text read one
 * character at a time, so that a `</a2ui>` inside a string (`"…"` with escapes, `"""…"""`,
 * `r"…"`, `r"""…"""`) or a comment (`#`, `//`, `/* … *\/`) does not end the block. An apostrophe
 * opens nothing.
 */

type State = 'code' | 'word' | 'slash' | 'lineComment' | 'blockComment' | 'quotes' | 'string' | 'triple';

function isWordChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$';
}

/** The lexical state of one Express block; {@link ExpressScan.step} reads one character. */
export class ExpressScan {
  private state: State = 'code';
  /** In a word: it is exactly `r` or `R` so far (a `"` next opens a raw string). */
  private exactR = false;
  private raw = false;
  private escaped = false;
  private quotes = 0;
  private star = false;

  /** Reads `c`; returns whether it stands in code (where a `<` may start the close tag). */
  step(c: string): boolean {
    switch (this.state) {
      case 'code':
      case 'word':
        return this.code(c);
      case 'slash':
        if (c === '/') this.state = 'lineComment';
        else if (c === '*') {
          this.state = 'blockComment';
          this.star = false;
        } else {
          this.state = 'code';
          return this.code(c);
        }
        return false;
      case 'lineComment':
        if (c === '\n') this.state = 'code';
        return false;
      case 'blockComment':
        if (this.star && c === '/') this.state = 'code';
        this.star = c === '*';
        return false;
      case 'quotes':
        if (c === '"') {
          if (++this.quotes === 3) {
            this.state = 'triple';
            this.quotes = 0;
          }
          return false;
        }
        if (this.quotes === 2) {
          this.state = 'code';
          return this.code(c);
        }
        this.state = 'string';
        return this.inString(c);
      case 'string':
        return this.inString(c);
      default:
        return this.inTriple(c);
    }
  }

  private code(c: string): boolean {
    if (c === '"') {
      this.raw = this.state === 'word' && this.exactR;
      this.escaped = false;
      this.state = 'quotes';
      this.quotes = 1;
      return false;
    }
    if (isWordChar(c)) {
      this.exactR = this.state !== 'word' && (c === 'r' || c === 'R');
      this.state = 'word';
      return true;
    }
    this.state = c === '/' ? 'slash' : c === '#' ? 'lineComment' : 'code';
    return this.state === 'code';
  }

  private inString(c: string): boolean {
    if (this.escaped) this.escaped = false;
    else if (c === '\\' && !this.raw) this.escaped = true;
    else if (c === '"' || (this.raw && c === '\n')) this.state = 'code';
    return false;
  }

  private inTriple(c: string): boolean {
    if (this.escaped) {
      this.escaped = false;
      this.quotes = 0;
    } else if (c === '\\' && !this.raw) {
      this.escaped = true;
      this.quotes = 0;
    } else if (c === '"') {
      if (++this.quotes === 3) this.state = 'code';
    } else this.quotes = 0;
    return false;
  }
}
