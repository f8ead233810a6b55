/**
 * Every TypeScript block of README.md and docs/*.md (```ts and ```tsx, whatever its tag: a block
 * added later is checked without a change here) compiled with `tsc --strict` under each AI SDK major users have
 * (ai 6, what Node 20 installs, and ai 7, each with its `@ai-sdk/react`), in a project where
 * `a2ui-stream` is the built package: `lib` ES2022 + DOM + DOM.Iterable + DOM.AsyncIterable with
 * Node's types, `jsx: react-jsx`. Blocks for a runtime are checked by that
 * runtime's types: `ts deno` by `deno check`, `ts bun` by tsc with Bun's types (no DOM).
 * Then every block that uses the AI SDK or React (`tsx`, or an import of `ai`, `@ai-sdk/…`,
 * `react`) runs under each major: imported in Node, each exported component (a plain function
 * named in PascalCase) rendered without props by `react-dom/server`, its `// → …` lines expected
 * among the lines printed, in order. The packages a block imports are linked from the repository's node_modules. The other blocks run in
 * test/docs/readme.e2e.ts. Needs `npm run build`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENO } from '../support/prerequisites.mjs';
import { ROOT, run } from './consumer.js';
import { createSdkConsumer, MAJORS } from './sdk-consumer.js';
import { docSnippets, importedPackages, outputMismatch, runsWithSdk, type DocSnippet } from './snippets.js';

const blocks = docSnippets(ROOT).filter((block) => block.lang === 'ts' || block.lang === 'tsx');
const fileOf = (block: DocSnippet) => `blocks/${block.id}.${block.lang}`;
const runtimeOf = (block: DocSnippet) => (block.tags[0] === 'deno' || block.tags[0] === 'bun' ? block.tags[0] : 'tsc');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const compilerOptions = {
  strict: true,
  noEmit: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'react-jsx',
  // As the usual app templates (Next.js, Vite) have it: third-party declarations are not the
  // documents' to check (test/docs/browser-types.e2e.ts checks this package's with skipLibCheck off).
  skipLibCheck: true,
  isolatedModules: true,
  lib: ['ES2022', 'DOM', 'DOM.Iterable', 'DOM.AsyncIterable'],
  types: ['node'],
};

/** A project's tsc diagnostics, one per line (`blocks/line-N.ts(3,5): error TS…`). */
async function tsc(dir: string, project: string): Promise<{ code: number | null; output: string }> {
  const result = await run(process.execPath, [TSC, '-p', project, '--pretty', 'false'], { cwd: dir, timeoutMs: 300_000 });
  return { code: result.code, output: (result.stdout + result.stderr).trim() };
}

it('the documents have TypeScript blocks of both kinds, and AI SDK ones', () => {
  expect(blocks.filter((b) => b.lang === 'ts').length).toBeGreaterThan(10);
  expect(blocks.filter((b) => b.lang === 'tsx').length).toBeGreaterThan(0);
  expect(blocks.filter(runsWithSdk).length).toBeGreaterThanOrEqual(2);
});

for (const major of MAJORS) {
  describe(`under ${major.name}`, () => {
    let consumer: { dir: string; dispose: () => Promise<void> };
    beforeAll(async () => {
      consumer = await createSdkConsumer(
        major,
        blocks.flatMap((block) => importedPackages(block.code)),
      );
      await mkdir(join(consumer.dir, 'blocks'));
      for (const block of blocks) await writeFile(join(consumer.dir, fileOf(block)), block.code);
      const files = (runtime: string) => blocks.filter((b) => runtimeOf(b) === runtime).map(fileOf);
      await writeFile(join(consumer.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: files('tsc') }));
      await writeFile(
        join(consumer.dir, 'tsconfig.bun.json'),
        JSON.stringify({ compilerOptions: { ...compilerOptions, lib: ['ES2022'], types: ['bun'] }, files: files('bun') }),
      );
    }, 120_000);
    afterAll(() => consumer?.dispose());

    it('tsc --strict: every block (DOM, DOM.AsyncIterable, Node types) compiles', async () => {
      const { code, output } = await tsc(consumer.dir, 'tsconfig.json');
      expect(output).toBe('');
      expect(code).toBe(0);
    }, 300_000);

    it("tsc --strict with Bun's types: the `ts bun` blocks compile", async () => {
      const { code, output } = await tsc(consumer.dir, 'tsconfig.bun.json');
      expect(output).toBe('');
      expect(code).toBe(0);
    }, 300_000);

    it('deno check: the `ts deno` blocks compile', async () => {
      const files = blocks.filter((b) => runtimeOf(b) === 'deno').map(fileOf);
      expect(files.length).toBeGreaterThan(0);
      const result = await run(DENO, ['check', '--quiet', ...files], { cwd: consumer.dir, timeoutMs: 300_000 });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    }, 300_000);

    describe('blocks that use the AI SDK or React run', () => {
      for (const block of blocks.filter(runsWithSdk)) {
        it(`${block.where} (${[block.lang, ...block.tags].join(' ')})`, async () => {
          const base = `run-${block.id}`;
          const js = ts.transpileModule(block.code, {
            compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, verbatimModuleSyntax: true },
          }).outputText;
          await writeFile(join(consumer.dir, `${base}.mjs`), js);
          // Imported, then each exported component (a plain function named in PascalCase) rendered.
          await writeFile(
            join(consumer.dir, `${base}-driver.mjs`),
            `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
const module = await import('./${base}.mjs');
for (const [name, value] of Object.entries(module)) {
  const source = typeof value === 'function' ? Function.prototype.toString.call(value) : '';
  if (/^[A-Z]\\w*[a-z]/.test(name) && source.startsWith('function')) {
    console.log('rendered ' + name + ': ' + renderToString(createElement(value)).length + ' characters');
  }
}`,
          );
          const result = await run(process.execPath, [`${base}-driver.mjs`], { cwd: consumer.dir });
          expect(result.stderr).toBe('');
          expect(result.code).toBe(0);
          expect(outputMismatch(block.code, result.stdout, false)).toBeUndefined();
        });
      }
    });
  });
}
