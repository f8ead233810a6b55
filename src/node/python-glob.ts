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

/**
 * One segment: `**` alone stays the globstar; elsewhere a run of `*` is one `*` (as in Python). A
 * class that starts a segment not starting with `.` never matches a `.` there: Python's wildcards
 * never match a hidden name (picomatch's `dot: false` guards `*` and `?` only).
 */
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
        out += translateClass(segment.slice(i + 1, end), i === 0);
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
function translateClass(body: string, leading: boolean): string {
  const negated = body.startsWith('!');
  const raw = negated ? body.slice(1) : body;
  if (!leading) return `[${negated ? '!' : ''}${escapeMembers(raw)}]`;
  if (negated) return `[!${escapeMembers(raw)}.]`;
  const members = withoutDot(raw);
  // Nothing left: a class of `/` alone, which no file name holds. A `!` now first would negate it.
  if (members === '') return '[/]';
  return members.startsWith('!') ? `[\\${members}]` : `[${members}]`;
}

function escapeMembers(members: string): string {
  return members.replace(/[\\[\]^]/g, '\\$&');
}

/**
 * The members of a class (fnmatch's reading: `a-z` is a range unless the `-` comes first or last)
 * without `.`, escaped: a `.` is dropped, a range over it split around it.
 */
function withoutDot(members: string): string {
  const DOT = 0x2e;
  let out = '';
  const add = (lo: number, hi: number) => {
    if (lo > hi) return;
    const member = (code: number) => (code === 0x2d ? '\\-' : escapeMembers(String.fromCharCode(code)));
    const [from, to] = [member(lo), member(hi)];
    out += lo === hi ? from : `${from}-${to}`;
  };
  for (let i = 0; i < members.length; ) {
    const lo = members.charCodeAt(i);
    const ranged = members[i + 1] === '-' && i + 2 < members.length;
    const hi = ranged ? members.charCodeAt(i + 2) : lo;
    i += ranged ? 3 : 1;
    if (lo <= DOT && DOT <= hi) {
      add(lo, DOT - 1);
      add(DOT + 1, hi);
    } else {
      add(lo, hi);
    }
  }
  return out;
}
