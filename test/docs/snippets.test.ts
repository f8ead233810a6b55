/** How the harnesses compare a block's `// → …` comments with what it printed (test/docs/snippets.ts). */
import { expect, test } from 'vitest';
import { isNoRun, outputMismatch, runsWithSdk } from './snippets.js';

const code = "console.log('a b');\nconsole.log(2);\n// → a b\n// → 2";

test('a block with no comment is not checked', () => {
  expect(outputMismatch('console.log(1);', 'anything\n', true)).toBeUndefined();
});

test('exact: the comments are every printed line, in order (trailing spaces ignored)', () => {
  expect(outputMismatch(code, 'a b \n2\n', true)).toBeUndefined();
  expect(outputMismatch(code, 'a b\n2\nmore\n', true)).toContain('the comments say');
  expect(outputMismatch(code, '2\na b\n', true)).toContain('the comments say');
});

test('a fragment of a printed line is not that line', () => {
  expect(outputMismatch('// → b', 'a b\n', true)).toBeDefined();
  expect(outputMismatch('// → b', 'a b\n', false)).toBeDefined();
});

test('not exact: the comments are printed lines in that order, among others', () => {
  expect(outputMismatch(code, 'rendered X\na b\nrendered Y\n2\n', false)).toBeUndefined();
  expect(outputMismatch(code, '2\na b\n', false)).toBe('"2" is not a printed line (in order) of:\n2\na b');
});

test('a `norun` block is not run with the AI SDK either', () => {
  const block = { lang: 'ts', tags: ['norun', 'needs', 'a', 'key'], code: "import { streamText } from 'ai';", line: 1 };
  expect(isNoRun(block)).toBe(true);
  expect(runsWithSdk(block)).toBe(false);
  expect(runsWithSdk({ ...block, tags: [] })).toBe(true);
});
