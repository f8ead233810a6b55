/**
 * The React blocks of README.md and docs/*.md (tagged `tsx react`) compile under `tsc --strict` as a user's project
 * would: `a2ui-stream/*` from the built `dist/` types, React, `@ai-sdk/react` and the renderers
 * installed. Needs `npm run build`.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { requireBuild, ROOT, run } from '../docs/consumer.js';
import { docSnippets } from '../docs/snippets.js';

const blocks = docSnippets(ROOT).filter((b) => b.lang === 'tsx' && b.tags[0] === 'react');
// Inside the repository, so that the blocks' packages resolve from its node_modules.
const dir = join(ROOT, 'node_modules/.cache/a2ui-stream-readme-react');
afterAll(() => rm(dir, { recursive: true, force: true }));

it('the documents have a React block', () => {
  expect(blocks.length).toBeGreaterThan(0);
});

it('every React block compiles with tsc --strict against the built package', async () => {
  requireBuild();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const [i, block] of blocks.entries()) await writeFile(join(dir, `block-${i}.tsx`), block.code);
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        baseUrl: '.',
        paths: { 'a2ui-stream': [join(ROOT, 'dist/index.d.ts')], 'a2ui-stream/*': [join(ROOT, 'dist/*.d.ts')] },
      },
      include: ['*.tsx'],
    }),
  );
  const result = await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { timeoutMs: 120_000 });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.code).toBe(0);
});
