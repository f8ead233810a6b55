/**
 * The repair stage inside strings, in its two output modes: JSON text (each character written in
 * its repaired form, escapes left for the tokenizer) or decoded values (escapes resolved here, the
 * text built from slices of the input; the tokenizer then sees only `""`).
 */
import type { InputPosition, LexState } from './lex-state.js';
import { controlEscape, isSurrogate, stringRunEnd } from './repair-chars.js';
import type { StringValue } from './string-value.js';
import type { Utf8Writer } from './utf8-writer.js';

export const LEFT_DOUBLE = '\u201c';
export const RIGHT_DOUBLE = '\u201d';
const LEFT_SINGLE = '\u2018';
const RIGHT_SINGLE = '\u2019';

/** A syntax error the repair stage finds itself; without a position, it is the character being read. */
export class LexError extends Error {
  constructor(
    reason: string,
    readonly position?: InputPosition,
  ) {
    super(reason);
  }
}

/** What the character after a backslash stands for (`u` is handled apart). */
const ESCAPED: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** Whether `ch` closes the open string. */
function closes(s: LexState, ch: string): boolean {
  return ch === s.stringCloser || (s.stringCloser === RIGHT_DOUBLE && ch === LEFT_DOUBLE);
}

/** Ends the open string in the state (its closing quote was read). */
function endString(s: LexState): void {
  s.stringCloser = null;
  s.afterValue = !s.stringIsKey;
}

/**
 * JSON-text mode: writes the repaired form of the string character `chunk[i]` (a run of ordinary
 * characters is copied by the caller).
 */
export function writeStringChar(s: LexState, chunk: string, i: number, out: Utf8Writer, normalizeSingleQuotes: boolean): void {
  const ch = chunk[i] as string;
  if (s.escaped) {
    s.escaped = false;
    out.text(chunk, i, i + 1);
  } else if (ch === '\\') {
    s.escaped = true;
    out.byte(0x5c);
  } else if (closes(s, ch)) {
    endString(s);
    out.byte(0x22);
  } else if (ch === '"') {
    out.ascii('\\"'); // a straight quote inside a curly-quoted string is data
  } else if (normalizeSingleQuotes && (ch === LEFT_SINGLE || ch === RIGHT_SINGLE)) {
    out.byte(0x27);
  } else if (chunk.charCodeAt(i) < 0x20) {
    out.ascii(controlEscape(chunk.charCodeAt(i)));
  } else {
    out.text(chunk, i, i + 1);
  }
}

/**
 * Decoded-value mode: reads a run of ordinary characters or one character (or a surrogate pair)
 * of the open string from `chunk[i]` into `value`, and returns the index after it. When the
 * closing quote is read, the state leaves the string; the caller ends the value.
 * @throws LexError for an escape JSON does not have (at `chunk[i]`).
 */
export function decodeStringPart(s: LexState, chunk: string, i: number, value: StringValue, normalizeSingleQuotes: boolean): number {
  if (s.unicodeDigits >= 0) {
    const digit = hexDigit(chunk.charCodeAt(i));
    if (digit < 0) throw new LexError(`Unexpected "${chunk[i]}"`);
    s.unicodeValue = s.unicodeValue * 16 + digit;
    if (++s.unicodeDigits === 4) {
      s.unicodeDigits = -1;
      value.append(String.fromCharCode(s.unicodeValue));
    }
    return i + 1;
  }
  const ch = chunk[i] as string;
  if (s.escaped) {
    s.escaped = false;
    if (ch === 'u') {
      s.unicodeDigits = 0;
      s.unicodeValue = 0;
      return i + 1;
    }
    const decoded = ESCAPED[ch];
    if (decoded === undefined) throw new LexError(`Unexpected "${ch}"`);
    value.append(decoded);
    return i + 1;
  }
  const runEnd = stringRunEnd(chunk, i, false);
  if (runEnd > i) {
    value.append(chunk.slice(i, runEnd));
    return runEnd;
  }
  const code = chunk.charCodeAt(i);
  if (ch === '\\') s.escaped = true;
  else if (closes(s, ch)) endString(s);
  else if (isSurrogate(code)) return value.surrogate(chunk, i);
  else if (normalizeSingleQuotes && (ch === LEFT_SINGLE || ch === RIGHT_SINGLE)) value.append("'");
  // A straight quote inside a curly-quoted string, a curly quote that does not close, a raw
  // control character: data as it stands.
  else value.append(ch);
  return i + 1;
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}
