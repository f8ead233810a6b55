/**
 * docs/robustness.md (linked from README.md's guides) says what each limit
 * throws: the message of each limit's table row and the code of its `details`. Each limit is hit
 * here with its default value and the error compared with what the page says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { A2uiLimitError } from '../../src/errors.js';
import { basicCatalog } from '../../src/catalog/basic/index.js';
import { A2uiStreamParser } from '../../src/stream/parsers.js';

const root = join(import.meta.dirname, '..', '..');
const page = readFileSync(join(root, 'docs', 'robustness.md'), 'utf8');
const catalog = basicCatalog('0.9');

function limitErrorOf(chunks: readonly string[]): A2uiLimitError {
  const parser = new A2uiStreamParser(catalog, { snapshots: 'delta' });
  const parts = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  const last = parts[parts.length - 1];
  if (last?.type !== 'error') throw new Error('no limit error');
  expect(last.error).toBeInstanceOf(A2uiLimitError);
  return last.error as A2uiLimitError;
}

const start = (id: string) => `{"version":"v0.9","createSurface":{"surfaceId":"${id}","catalogId":"${catalog.id}"}}`;
const components = Array.from({ length: 10_001 }, (_, i) => `{"id":"c${i}","component":"Text","text":"x"}`).join(',');

const limits: [string, () => A2uiLimitError][] = [
  ['maxBufferSize', () => limitErrorOf(['<a2ui-json>{"a":"', 'x'.repeat(16 * 1024 * 1024 + 16)])],
  ['maxDepth', () => limitErrorOf([`<a2ui-json>${'['.repeat(300)}`])],
  ['maxSurfaces', () => limitErrorOf([`<a2ui-json>[${Array.from({ length: 1_001 }, (_, i) => start(`s${i}`)).join(',')}]</a2ui-json>`])],
  [
    'maxComponentsPerSurface',
    () => limitErrorOf([`<a2ui-json>[${start('s')},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${components}]}}]</a2ui-json>`]),
  ],
];

test.each(limits)('%s: the message and details code the robustness page gives', (name, hit) => {
  const error = hit();
  const row = page.split('\n').find((line) => new RegExp(`^\\| \`${name}\` +\\|`).test(line));
  expect(row, name).toBeDefined();
  expect(row).toContain(`"${error.message}"`);
  const code = error.details[0]?.code;
  const sentence = page.slice(page.indexOf('Every limit error'), page.indexOf('Conversational text is never buffered'));
  // The sentence names the common code, and any other code with the limit that uses it.
  if (code === 'limit_exceeded') expect(sentence).toContain('`limit_exceeded`');
  else expect(sentence).toMatch(new RegExp(`\`${code}\` for \`${name}\``));
});
