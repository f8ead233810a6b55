/**
 * `ai` is an optional peer, imported for types only: the built `a2ui-stream/ai-sdk` entry (ESM and
 * CommonJS) must load and work in a project that installed a2ui-stream and its dependencies but
 * not `ai`. Needs `npm run build`.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireBuild, ROOT, run } from '../docs/consumer.js';

let dir: string;

beforeAll(async () => {
  requireBuild();
  dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-no-ai-'));
  const pkg = join(dir, 'node_modules/a2ui-stream');
  await mkdir(pkg, { recursive: true });
  await cp(join(ROOT, 'package.json'), join(pkg, 'package.json'));
  await cp(join(ROOT, 'dist'), join(pkg, 'dist'), { recursive: true });
  // The package's own dependencies, as an install puts them; optional peers (ai) are not installed.
  const { dependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    await mkdir(join(dir, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name), 'dir');
  }
});
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

const script = `
const { basicCatalog } = A2UI;
const { a2uiUIMessageStream, a2uiHistory } = AISDK;
const text = 'Hi <a2ui-json>{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"' + basicCatalog('0.9').id + '"}}</a2ui-json>';
const chunks = [{ type: 'start' }, { type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: text }, { type: 'text-end', id: '0' }, { type: 'finish' }];
const source = new ReadableStream({ start(c) { chunks.forEach((x) => c.enqueue(x)); c.close(); } });
const reader = source.pipeThrough(a2uiUIMessageStream(basicCatalog('0.9'), { snapshots: 'delta' })).getReader();
const out = [];
for (;;) { const { done, value } = await reader.read(); if (done) break; out.push(value); }
console.log(out.map((c) => c.type).join(','));
console.log(a2uiHistory([{ parts: out.filter((c) => c.type === 'data-a2ui') }]).length);
`;

it('the ESM entry loads and converts a stream without ai installed', async () => {
  const missing = await run(process.execPath, ['--input-type=module', '-e', "import('ai').then(() => console.log('found'), () => console.log('absent'))"], {
    cwd: dir,
  });
  expect(missing.stdout.trim()).toBe('absent');
  const code = `import * as A2UI from 'a2ui-stream'; import * as AISDK from 'a2ui-stream/ai-sdk';\n${script}`;
  const result = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: dir });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim().split('\n')).toEqual(['start,text-start,text-delta,text-end,data-a2ui,finish', '1']);
});

it('the CommonJS entry loads and converts a stream without ai installed', async () => {
  const code = `const A2UI = require('a2ui-stream'); const AISDK = require('a2ui-stream/ai-sdk');\n(async () => {${script}})();`;
  const result = await run(process.execPath, ['-e', code], { cwd: dir });
  expect(result.stderr).toBe('');
  expect(result.stdout.trim().split('\n')).toEqual(['start,text-start,text-delta,text-end,data-a2ui,finish', '1']);
});
