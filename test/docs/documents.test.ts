/**
 * The documentation as a whole: README.md fits on a page in short sentences, and every relative
 * link of README.md and docs/*.md reaches a file, and its `#anchor` a heading of that file.
 * (The code blocks are compiled and run by the e2e harnesses: test/docs/readme.e2e.ts and others.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from './consumer.js';
import { documentFiles } from './snippets.js';

/** Guides written on other branches in parallel: a link to one may wait for it; once it exists it is checked like the rest. */
const WRITTEN_ELSEWHERE = new Set(['docs/express.md', 'docs/security.md']);

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  return new Set([...withoutCode(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] as string)));
}

test('README.md is at most 300 lines, in sentences of 20 words or fewer on average', () => {
  const readme = read('README.md');
  expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  // Prose only: no code, tables, headings, comments or pictures; a sentence ends at . ! ? or a colon before a block.
  const prose = withoutCode(readme)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^(#|\||<!--|!\[)/.test(line))
    .map((line) => line.replace(/^- /, '').replace(/:$/, '.'))
    .join(' ');
  const sentences = prose.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== '');
  const words = sentences.map((sentence) => sentence.split(/\s+/).length);
  expect(sentences.length).toBeGreaterThan(30);
  expect(words.reduce((a, b) => a + b, 0) / sentences.length).toBeLessThanOrEqual(20);
});

describe.each(documentFiles(ROOT))('%s', (file) => {
  test('every relative link reaches a file, and its anchor a heading there', () => {
    const links = [...withoutCode(read(file)).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
    const broken: string[] = [];
    for (const link of links) {
      if (/^[a-z]+:/.test(link)) continue;
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? file : normalize(join(dirname(file), path)).replace(/\/$/, '');
      if (!existsSync(join(ROOT, target))) {
        if (!WRITTEN_ELSEWHERE.has(target)) broken.push(`${link}: no ${target}`);
        continue;
      }
      if (anchor !== undefined && !anchors(target).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`);
    }
    expect(broken).toEqual([]);
  });
});
