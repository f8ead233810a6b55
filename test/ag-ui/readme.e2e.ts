/**
 * The AG-UI blocks of README.md and docs/*.md (tagged `ts ag-ui`): each compiles under `tsc --strict`
 * against the built package's types and the installed `@ag-ui/client`, and runs in Node printing
 * exactly what its `// → …` comments say, in a consumer project where `a2ui-stream` is the built package and
 * `@ag-ui/client`, `@ag-ui/core` and `rxjs` the installed ones. Needs `npm run build`.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsumer, ROOT, run, transpile } from '../docs/consumer.js';
import { docSnippets, outputMismatch } from '../docs/snippets.js';

const blocks = docSnippets(ROOT).filter((block) => block.lang === 'ts' && block.tags[0] === 'ag-ui');
let consumer: { dir: string; dispose: () => Promise<void> };

beforeAll(async () => {
  consumer = await createConsumer();
  for (const name of ['@ag-ui/client', '@ag-ui/core', 'rxjs']) {
    await mkdir(join(consumer.dir, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(consumer.dir, 'node_modules', name), 'dir');
  }
  for (const [index, block] of blocks.entries()) await writeFile(join(consumer.dir, `ag-ui-${index}.ts`), block.code);
});
afterAll(() => consumer?.dispose());

it('the documents have the AG-UI blocks', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(2);
});

describe.each(blocks.map((block, index) => ({ block, index })))('$block.where', ({ block, index }) => {
  it('compiles under tsc --strict', () => {
    const file = join(consumer.dir, `ag-ui-${index}.ts`);
    const program = ts.createProgram([file], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.asynciterable.d.ts'],
      types: [],
      skipLibCheck: true,
      moduleDetection: ts.ModuleDetectionKind.Force,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('runs in Node and prints what it says', async () => {
    const file = join(consumer.dir, `ag-ui-${index}.mjs`);
    await writeFile(file, transpile(block.code));
    const result = await run(process.execPath, [file], { cwd: consumer.dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(outputMismatch(block.code, result.stdout, true)).toBeUndefined();
  });
});
