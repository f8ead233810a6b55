/** Character-level helpers of the repair stage. */

/**
 * End of the run of string characters starting at `from` that need no repair: not a quote,
 * backslash, control character or curly quote. Returns `from` when the first one needs care.
 */
export function stringRunEnd(chunk: string, from: number, escaped: boolean): number {
  if (escaped) return from;
  let i = from;
  while (i < chunk.length) {
    const code = chunk.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0x2018 && code <= 0x201d)) break;
    i++;
  }
  return i;
}

/** Number of bytes `text` takes in UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function escapeControl(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code >= 0x20) return ch;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
