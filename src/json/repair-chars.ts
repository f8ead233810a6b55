/** Character-level helpers of the repair stage. */

/**
 * End of the run of string characters starting at `from` that need no repair: not a quote,
 * backslash, control character, curly quote or surrogate. Returns `from` when the first one needs
 * care.
 */
export function stringRunEnd(chunk: string, from: number, escaped: boolean): number {
  if (escaped) return from;
  let i = from;
  while (i < chunk.length) {
    const code = chunk.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0x2018 && code <= 0x201d) || isSurrogate(code)) break;
    i++;
  }
  return i;
}

/** The JSON escape of control character `code` (below U+0020), kept as data in a string. */
export function controlEscape(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Whether UTF-16 code unit `code` is half of a surrogate pair. */
export function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

/** Whether `code` is JSON whitespace (space, tab, line feed, carriage return). */
export function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Characters that continue a number or literal (`true`, `-1.5e3`). */
export const BARE_WORD = /[0-9A-Za-z+\-.]/;

/** Whether UTF-16 unit `code` is one of {@link BARE_WORD}'s characters. */
export function isBareWordCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x2b || code === 0x2d || code === 0x2e;
}
