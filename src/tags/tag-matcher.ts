/**
 * Recognition of the `<a2ui-json …>` and `</a2ui-json>` tags at one position of the input,
 * case-insensitively and without regular expressions over the accumulated input. The open tag is
 * `<a2ui-json\b[^>]*>` and the close tag `</a2ui-json\s*>`, each bounded to
 * {@link MAX_TAG_LENGTH} characters so that an unfinished tag never holds back more than that.
 */

/** Longest open or close tag recognised (attributes or whitespace included), in characters. */
export const MAX_TAG_LENGTH = 1024;

/** The open tag's name with its `<`, lowercase. */
export const OPEN_TAG_NAME = '<a2ui-json';
/** The close tag's name with its `</`, lowercase. */
export const CLOSE_TAG_NAME = '</a2ui-json';
/** The Express open tag's name with its `<`, lowercase (`<a2ui(\s[^>]*)?>`). */
export const EXPRESS_OPEN_TAG_NAME = '<a2ui';
/** The Express close tag's name with its `</`, lowercase (`</a2ui\s*>`). */
export const EXPRESS_CLOSE_TAG_NAME = '</a2ui';

/** Result of looking for a tag at one position: a tag ending at `end`, no tag, or not known yet. */
export type TagMatch = { kind: 'tag'; end: number } | { kind: 'none' } | { kind: 'partial' };

const NONE: TagMatch = { kind: 'none' };
const PARTIAL: TagMatch = { kind: 'partial' };
const GT = 0x3e;

/**
 * Compares `s` from `at` with a lowercase ASCII `name`, case-insensitively. Returns the number of
 * characters matched when all of `name` matched or the input ended while matching, or -1 on a
 * mismatch.
 */
function matchName(s: string, at: number, name: string): number {
  const n = Math.min(name.length, s.length - at);
  for (let k = 0; k < n; k++) {
    const want = name.charCodeAt(k);
    const got = s.charCodeAt(at + k);
    // Letters of the name are lowercase; accept their uppercase form too.
    if (got !== want && !(want >= 0x61 && want <= 0x7a && got === want - 0x20)) return -1;
  }
  return n;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Whether the character at `at` continues the word `json` (so `\b` does not hold there); `undefined`
 * when that cannot be told yet (a lone high surrogate at the end of the input).
 */
function continuesWord(s: string, at: number): boolean | undefined {
  const code = s.charCodeAt(at);
  if (code < 0x80) return WORD_CHAR.test(s[at] as string);
  if (code >= 0xd800 && code <= 0xdbff && at + 1 >= s.length) return undefined;
  return WORD_CHAR.test(String.fromCodePoint(s.codePointAt(at) as number));
}

/**
 * Looks for an open tag starting at `at` (where `s[at]` is `<`). `nextGt(from)` returns the index
 * of the first `>` at or after `from` (-1: none); a caller passes one that remembers earlier
 * searches, so that input held back across chunks is not searched again.
 */
export function matchOpenTag(s: string, at: number, nextGt: (from: number) => number): TagMatch {
  const matched = matchName(s, at, OPEN_TAG_NAME);
  if (matched < 0) return NONE;
  const afterName = at + OPEN_TAG_NAME.length;
  if (matched < OPEN_TAG_NAME.length || afterName >= s.length) return PARTIAL;
  const word = continuesWord(s, afterName);
  if (word === undefined) return PARTIAL;
  if (word) return NONE;
  const gt = nextGt(afterName);
  const limit = at + MAX_TAG_LENGTH;
  if (gt >= 0) return gt < limit ? { kind: 'tag', end: gt + 1 } : NONE;
  return s.length < limit ? PARTIAL : NONE;
}

/**
 * Looks for an Express open tag `<a2ui(\s[^>]*)?>` starting at `at` (where `s[at]` is `<`);
 * `<a2ui-json>` is not one. `nextGt` as for {@link matchOpenTag}.
 */
export function matchExpressOpenTag(s: string, at: number, nextGt: (from: number) => number): TagMatch {
  const matched = matchName(s, at, EXPRESS_OPEN_TAG_NAME);
  if (matched < 0) return NONE;
  const afterName = at + EXPRESS_OPEN_TAG_NAME.length;
  if (matched < EXPRESS_OPEN_TAG_NAME.length || afterName >= s.length) return PARTIAL;
  const code = s.charCodeAt(afterName);
  if (code === GT) return { kind: 'tag', end: afterName + 1 };
  if (!isSpace(code)) return NONE;
  const gt = nextGt(afterName);
  const limit = at + MAX_TAG_LENGTH;
  if (gt >= 0) return gt < limit ? { kind: 'tag', end: gt + 1 } : NONE;
  return s.length < limit ? PARTIAL : NONE;
}

/**
 * Looks for a close tag starting at `at` (where `s[at]` is `<`). Characters before `checkedTo` are
 * known to be the tag name and white space already (input held back from an earlier chunk).
 * `name` is the tag's name with its `</` (default `</a2ui-json`; Express: `</a2ui`).
 */
export function matchCloseTag(s: string, at: number, checkedTo = 0, name = CLOSE_TAG_NAME): TagMatch {
  const afterName = at + name.length;
  if (checkedTo < afterName) {
    const matched = matchName(s, at, name);
    if (matched < 0) return NONE;
    if (matched < name.length) return PARTIAL;
  }
  const limit = Math.min(s.length, at + MAX_TAG_LENGTH);
  for (let i = Math.max(afterName, checkedTo); i < limit; i++) {
    const code = s.charCodeAt(i);
    if (code === GT) return { kind: 'tag', end: i + 1 };
    if (!isSpace(code)) return NONE;
  }
  return s.length < at + MAX_TAG_LENGTH ? PARTIAL : NONE;
}

/** `\s` of regular expressions: ASCII and Unicode white space. */
function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0x80) return false;
  return /\s/.test(String.fromCharCode(code));
}
