/**
 * The tag splitter's Express scanning and the Express lexer read strings alike: where one sees a
 * string (and so a `</a2ui>` inside it), the other does too. They used to disagree on `r"` after
 * a `?check`, a number or a path (the grammar's longest match: `?r` is a check, `1` a number and
 * `r"…"` a raw string, `$/r` a path), and on a Markdown fence line.
 */
import { describe, expect, it } from 'vitest';
import { ExpressLexer } from '../../src/express/lexer.js';
import type { Token } from '../../src/express/tokens.js';
import { newExpressScan, TagSplitter, type TagEvent } from '../../src/tags/index.js';

/** Whether the block `body` closes at the `</a2ui>` after it, per the tag splitter, at 1-character chunks and whole. */
function closes(body: string): boolean {
  const verdicts = [[`<a2ui>${body}</a2ui>after`], [...`<a2ui>${body}</a2ui>after`]].map((chunks) => {
    const splitter = new TagSplitter({ express: newExpressScan });
    const events: TagEvent[] = [...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()];
    return events.some((event) => event.type === 'close');
  });
  expect(verdicts[1]).toBe(verdicts[0]);
  return verdicts[0] as boolean;
}

/** Whether the lexer reads `body` to its end outside any string or comment (so a close tag after it is code). */
function lexerIdleAfter(body: string): boolean {
  const tokens: Token[] = [];
  const lexer = new ExpressLexer({ token: (token) => tokens.push(token), error: () => {} });
  lexer.push(body);
  return lexer.idle || lexer.openString === undefined;
}

const CASES: readonly { name: string; body: string; closes: boolean }[] = [
  // `1` then the raw string `r"\"`: it ends at its second quote, the close tag is code.
  { name: 'a raw string right after a number', body: 'x = 1r"\\"\n', closes: true },
  // `?r` then the standard string `"\"…`: the escaped quote keeps it open over the tag.
  { name: 'a string right after a check', body: 'x = ?r"\\"\n', closes: false },
  // the path `$/r`, then the standard string `"\"…`.
  { name: 'a string right after a path', body: 'x = $/r"\\"\n', closes: false },
  // `$//` is a path, not a comment: the string after it is read.
  { name: 'a path holding //', body: 'x = $//a "\n', closes: false },
  // A Markdown fence line is skipped whole, a quote on it opens nothing.
  { name: 'a quote on a fence line', body: '```ex"\n', closes: true },
];

describe('the tag splitter scans Express as the lexer reads it', () => {
  for (const { name, body, closes: expected } of CASES) {
    it(name, () => {
      expect(lexerIdleAfter(body)).toBe(expected);
      expect(closes(body)).toBe(expected);
    });
  }
});
