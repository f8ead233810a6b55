/**
 * The words of Express (`Express.g4`), shared by the Express lexer (`express/lexer.ts`) and the
 * tag splitter's scan of an Express block (`express-scan.ts`), so that both see a string (and a
 * close tag inside it) in the same place. A word is an identifier (a letter or `_`, then letters
 * and digits), a number (digits, a `.`), a path (`$`, then letters, digits and `/`) or a check
 * (`?`, a letter, then letters and digits). Each token is the longest match, so a `"` right after
 * the identifier `r` (or `R`) opens a raw string, and after any other word a string of its own:
 * `1r"…"` is a number and a raw string, `?r"…"` a check and a string, `$/r"…"` a path and a string.
 */

/** The kinds of word. */
export type WordKind = 'ident' | 'number' | 'path' | 'check';

/** Whether `c` is an ASCII letter or `_` (Express identifiers are ASCII). */
export function isLetter(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

/** Whether `c` is an ASCII digit. */
export function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** The word `c` begins, if any. */
export function wordStart(c: string): WordKind | undefined {
  if (isLetter(c)) return 'ident';
  if (isDigit(c)) return 'number';
  return c === '$' ? 'path' : c === '?' ? 'check' : undefined;
}

/** Whether `c` goes on a word of `kind` (`bare`: a check with nothing yet after its `?`, which needs a letter). */
export function continuesWord(kind: WordKind, c: string, bare: boolean): boolean {
  switch (kind) {
    case 'ident':
      return isLetter(c) || isDigit(c);
    case 'number':
      return isDigit(c) || c === '.';
    case 'path':
      return isLetter(c) || isDigit(c) || c === '/';
    case 'check':
      return isLetter(c) || (!bare && isDigit(c));
  }
}

/** Whether a word of `kind` that is `text` so far makes a `"` right after it open a raw string. */
export function isRawPrefix(kind: WordKind, text: string): boolean {
  return kind === 'ident' && (text === 'r' || text === 'R');
}
