/**
 * Python's recursive `glob` pattern language, translated for tinyglobby (picomatch). Python knows
 * only `*`, `?`, `[…]` (with `[!…]` negation) and `**` as a whole segment; every other character
 * is literal. picomatch knows more (braces, extglobs, `\` escapes, a leading `!`), so everything
 * outside Python's wildcards is escaped, and the pattern is split into a literal base directory
 * (the crawl's `cwd`) and the wildcard rest.
 */

/** Characters Python's glob treats as wildcards (`glob.has_magic`). */
const MAGIC = /[*?[]/;

/** Characters picomatch or tinyglobby would read as syntax where Python reads them literally. */
const PICOMATCH_SYNTAX = /[\\()[\]{}*?|!+@^$]/g;

/** A Python glob pattern split for tinyglobby. */
export interface SplitPattern {
  /** The leading segments without wildcards, joined by `/` (`''` for none, `'/'` for the root). */
  readonly base: string;
  /** The rest as a picomatch pattern relative to `base`; `undefined` when the pattern has no wildcard. */
  readonly pattern: string | undefined;
}

/** Whether `text` holds one of Python's glob wildcards. */
function hasMagic(text: string): boolean {
  return MAGIC.test(text);
}

/**
 * Splits a Python glob pattern into its literal base and wildcard rest. Segments are separated by
 * `/`; with `windows`, by `\` too (as Python does there: a Windows pattern has no escapes).
 */
export function splitPattern(glob: string, windows = false): SplitPattern {
  const segments = (windows ? glob.replaceAll('\\', '/') : glob).split('/');
  const first = segments.findIndex(hasMagic);
  if (first === -1) return { base: glob, pattern: undefined };
  const head = segments.slice(0, first);
  // The root of a drive or of the file system, not the drive's current directory (`C:`) or `''`.
  const base = head.length === 1 && /^(?:[A-Za-z]:)?$/.test(head[0]!) ? `${head[0]}/` : head.join('/');
  return { base, pattern: segments.slice(first).map(translateSegment).join('/') };
}

function escapeLiteral(text: string): string {
  return text.replace(PICOMATCH_SYNTAX, '\\$&');
}

/** One segment: `**` alone stays the globstar; elsewhere a run of `*` is one `*` (as in Python). */
function translateSegment(segment: string): string {
  if (segment === '**') return '**';
  let out = '';
  let i = 0;
  while (i < segment.length) {
    const char = segment[i]!;
    if (char === '*') {
      while (segment[i] === '*') i++;
      out += '*';
      continue;
    }
    if (char === '?') {
      out += '?';
      i++;
      continue;
    }
    if (char === '[') {
      const end = classEnd(segment, i);
      if (end !== -1) {
        out += translateClass(segment.slice(i + 1, end));
        i = end + 1;
        continue;
      }
    }
    out += escapeLiteral(char);
    i++;
  }
  return out;
}

/** Where the class opened at `open` closes (fnmatch's rule: a `]` right after `[` or `[!` is literal); -1 if never. */
function classEnd(segment: string, open: number): number {
  let j = open + 1;
  if (segment[j] === '!') j++;
  if (segment[j] === ']') j++;
  const end = segment.indexOf(']', j);
  return end;
}

/** A class body (between the brackets): `!` first negates; `\`, `[`, `]` and a leading `^` are literal. */
function translateClass(body: string): string {
  const negated = body.startsWith('!');
  const members = (negated ? body.slice(1) : body).replace(/[\\[\]^]/g, '\\$&');
  return `[${negated ? '!' : ''}${members}]`;
}
