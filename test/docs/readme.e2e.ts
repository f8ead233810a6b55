/**
 * Runs every code block of README.md and docs/*.md: TypeScript in Node (transpiled), in Deno and in
 * Bun as tagged, the edge handler with a Request, the browser page in Chromium, and each shell line.
 * A block with `// → …` comments prints exactly those lines. Needs the built `dist/`.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoResponse } from '../../src/cli/demo-response.js';
import { BUN, bunMissing, chromiumMissing, DENO, denoMissing, needs } from '../support/prerequisites.mjs';
import { runPage } from './browser.js';
import { createConsumer, ROOT, run, transpile } from './consumer.js';
import { docSnippets, isNoRun, outputMismatch, runsWithSdk, type DocSnippet } from './snippets.js';

const blocks = docSnippets(ROOT);
const RESPONSE = demoResponse('0.9');
let consumer: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  consumer = await createConsumer();
  await writeFile(join(consumer.dir, 'response.txt'), RESPONSE);
});
afterAll(() => consumer?.dispose());

const name = (block: DocSnippet) => `${block.where}: ${[block.lang, ...block.tags].join(' ')}`;

/** `exact`: the process printed only the block's own output. */
function expectPrinted(block: DocSnippet, result: { code: number | null; stdout: string; stderr: string }, exact = true) {
  expect(result.stderr, result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(outputMismatch(block.code, result.stdout, exact)).toBeUndefined();
}

test('every block is one of the languages the test runs', () => {
  expect(blocks.length).toBeGreaterThan(10);
  for (const block of blocks) expect(['ts', 'sh', 'html', 'text', 'tsx'], name(block)).toContain(block.lang);
  // README.md first, then the guides.
  expect(blocks[0]?.file).toBe('README.md');
});

test('a block marked `norun` says why, and such blocks stay rare', () => {
  const marked = blocks.filter(isNoRun);
  for (const block of marked) expect(block.tags.length, `${name(block)}: give the reason after norun`).toBeGreaterThan(1);
  expect(marked.length).toBeLessThanOrEqual(3);
});

// Blocks with the AI SDK or React run under each AI SDK major in test/docs/readme-types.e2e.ts
// (which also compiles every TypeScript block), the AI SDK route and client together in
// test/ai-sdk/readme.e2e.ts.
// The AG-UI blocks need @ag-ui/client: test/ag-ui/readme.e2e.ts runs them.
const AG_UI_TAGS = ['ag-ui'];
test('the blocks that use the AI SDK or React are the ones run there', () => {
  expect(blocks.filter(runsWithSdk).map((block) => block.tags[0])).toEqual(expect.arrayContaining(['ai-sdk-route', 'ai-sdk-client']));
});

describe('TypeScript blocks', () => {
  for (const block of blocks) {
    // `ts lit` blocks draw in a page: `npm run test:browser` runs them in Chromium.
    if (block.lang !== 'ts' || block.tags[0] === 'lit' || isNoRun(block) || AG_UI_TAGS.includes(block.tags[0] ?? '') || runsWithSdk(block)) continue;
    const runtime = block.tags[0] ?? 'node';
    test(`${name(block)} runs in ${runtime}`, async (context) => {
      if (runtime === 'deno' || runtime === 'bun') {
        needs(context, runtime, runtime === 'deno' ? denoMissing() : bunMissing());
        const file = join(consumer.dir, `block-${block.id}.ts`);
        await writeFile(file, block.code);
        const result =
          runtime === 'deno'
            ? await run(DENO, ['run', '--quiet', '--allow-read', '--allow-env', file], { cwd: consumer.dir })
            : await run(BUN, [file], { cwd: consumer.dir });
        expectPrinted(block, result);
        return;
      }
      const file = join(consumer.dir, `block-${block.id}.mjs`);
      await writeFile(file, transpile(block.code));
      if (runtime === 'node') return expectPrinted(block, await run(process.execPath, [file], { cwd: consumer.dir }));
      expect(runtime).toBe('edge');
      // An edge runtime calls the default export's fetch with each request.
      const driver = join(consumer.dir, `drive-${block.id}.mjs`);
      await writeFile(
        driver,
        `import handler from './block-${block.id}.mjs';
const response = await handler.fetch(new Request('http://localhost/', { method: 'POST', body: process.argv[2] }));
console.log(response.headers.get('content-type'));
process.stdout.write(await response.text());`,
      );
      const result = await run(process.execPath, [driver, RESPONSE], { cwd: consumer.dir });
      expectPrinted(block, result, false);
      const [type, ...lines] = result.stdout.trim().split('\n');
      expect(type).toBe('application/x-ndjson');
      const parts = lines.map((line) => JSON.parse(line) as { type: string; messages?: Record<string, unknown>[] });
      expect(parts.map((part) => part.type)).toContain('a2ui');
      expect(parts.some((part) => part.messages?.some((m) => 'createSurface' in m))).toBe(true);
      expect(
        parts
          .filter((part) => part.type === 'text')
          .map((part) => (part as unknown as { text: string }).text)
          .join(''),
      ).toContain('Once you confirm');
    });
  }
});

describe('the browser block', () => {
  for (const block of blocks) {
    if (block.lang !== 'html') continue;
    test(`${name(block)} shows the parts of a fetched response in Chromium`, async (context) => {
      needs(context, 'Chromium', await chromiumMissing());
      await writeFile(join(consumer.dir, `page-${block.id}.html`), block.code);
      // The response ends with "… add it to your calendar."
      const { text, errors } = await runPage(consumer.dir, `page-${block.id}.html`, (body) => body.includes('calendar.'));
      expect(errors).toEqual([]);
      const parts = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; text?: string });
      expect(text).toContain('"createSurface"');
      // v0.9 streams delta snapshots by default: a child not arrived yet is an empty Row under its own id.
      expect(text).toContain('{"id":"summary","component":"Row","children":[]}');
      expect(parts.map((part) => part.text ?? '').join('')).toContain('Once you confirm');
    });
  }
});

describe('shell blocks', () => {
  const lines = blocks
    .filter((block) => block.lang === 'sh')
    .flatMap((block) => block.code.split('\n').map((line) => ({ block, line: line.replace(/\s+#.*$/, '').trim() })))
    .filter(({ line }) => line !== '');

  for (const { block, line } of lines) {
    if (line.startsWith('npx a2ui-stream')) {
      test(`${name(block)}: ${line}`, async () => {
        const result = await run('sh', ['-c', line], {
          cwd: consumer.dir,
          env: { PATH: `${join(consumer.dir, 'node_modules/.bin')}:${process.env.PATH}` },
        });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout.length).toBeGreaterThan(0);
      });
    } else if (block.tags[0] === 'install') {
      // The Install section's commands run in .ci/run's install step, on Node 20, in a fresh project.
      test(`${name(block)}: ${line} is run by test/install/tarball.mjs (.ci/run)`, () => {
        expect(readFileSync(join(ROOT, 'test/install/tarball.mjs'), 'utf8')).toContain("sectionBlocks('Install')");
        expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toContain('node test/install/tarball.mjs');
      });
    } else {
      // The two fresh-machine commands run in .ci/run on its fresh clone (test/docs/fresh-commands.mjs).
      test(`${name(block)}: ${line} is run by .ci/run on a fresh clone`, () => {
        expect(['npm ci && npm run demo', 'npm ci && npm test']).toContain(line);
        expect(readFileSync(join(ROOT, '.ci/run'), 'utf8')).toContain('test/docs/fresh-commands.mjs');
      });
    }
  }
});
