/**
 * `a2ui-stream validate` prints so much at most (probe 17, finding 5): 100 KB of `[1,1,…]`
 * printed 37–42× its input, Express garbage 24× (a problem per statement).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';

let dir: string;
let out: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'a2ui-cli-cap-'));
  out = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    out.push(String(text));
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function file(text: string): Promise<string> {
  const path = join(dir, 'input.txt');
  await writeFile(path, text);
  return path;
}

const inputs = {
  'a JSON list of 50,000 numbers': `[${Array(50_000).fill('1').join(',')}]`,
  'an Express block of 25,000 bad statements': `<a2ui>\n${')(\n'.repeat(25_000)}</a2ui>`,
};

test.each(Object.entries(inputs))('%s: the first 100 problems and one counting the rest, under a tenth of the input', async (_, input) => {
  const path = await file(input);
  expect(await validateCommand(['--catalog', 'basic@0.9', path])).toBe(1);
  const text = out.join('');
  expect(text.length).toBeLessThan(input.length / 10);
  expect(text.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(101);
  expect(text).toMatch(/more problems not (shown|reported)\n$/);
  out.length = 0;
  expect(await validateCommand(['--json', '--catalog', 'basic@0.9', path])).toBe(1);
  const result = JSON.parse(out.join('')) as { problems: { code: string }[] };
  expect(result.problems).toHaveLength(101);
  expect(result.problems.at(-1)?.code).toBe('details_omitted');
});
