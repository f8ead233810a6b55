/**
 * A throw-away project as a user of one AI SDK major has it: `a2ui-stream` installed as a copy of
 * the built package (so its declarations see this project's `ai`, not the repository's), `ai`
 * and `@ai-sdk/react` of that major (the `ai` that `@ai-sdk/react` itself resolves, as one npm
 * install gives them), the package's other optional peers (React, web_core, Lit, AG-UI, …) and the
 * types of Node and Bun. The one stand-in is
 * `@ai-sdk/openai`, a network provider: a mock model of that major playing scripted answers.
 */
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { requireBuild, ROOT } from './consumer.js';

/** One AI SDK major as the harness installs it. */
export interface SdkMajor {
  readonly name: 'ai 6' | 'ai 7';
  /** The directory of its `@ai-sdk/react` (a dev dependency, aliased for ai 6). */
  readonly react: string;
  /** The mock language model class of its `ai/test` (the provider specification it speaks). */
  readonly mock: 'MockLanguageModelV3' | 'MockLanguageModelV4';
}

/** ai 6 (what `npm i ai` gives on Node 20) and ai 7, each with its `@ai-sdk/react`. */
export const MAJORS: readonly SdkMajor[] = [
  { name: 'ai 6', react: join(ROOT, 'node_modules/ai-sdk-react-v6'), mock: 'MockLanguageModelV3' },
  { name: 'ai 7', react: join(ROOT, 'node_modules/@ai-sdk/react'), mock: 'MockLanguageModelV4' },
];

/** Packages linked from the repository's node_modules, besides `ai` and `@ai-sdk/react`. */
const LINKED = ['react', 'react-dom', '@types/react', '@types/node', '@types/bun', '@a2ui/web_core', '@a2ui/lit', 'lit', 'typescript'];

/**
 * The stand-in for `@ai-sdk/openai`: `openai(id)` is a mock model that answers the n-th user turn
 * with `globalThis.__answers[n]` (default: a short text), streamed 7 characters at a time, and
 * records each prompt in `globalThis.__prompts`.
 */
function openaiStandIn(mock: SdkMajor['mock']): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: '@ai-sdk/openai', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
    'index.d.ts': "import type { LanguageModel } from 'ai';\nexport declare function openai(modelId: string): LanguageModel;\n",
    'index.js': `
import { simulateReadableStream } from 'ai';
import { ${mock} } from 'ai/test';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
globalThis.__prompts ??= [];
export function openai() {
  return new ${mock}({
    doStream: async ({ prompt }) => {
      globalThis.__prompts.push(prompt);
      const turn = prompt.filter((m) => m.role === 'user').length - 1;
      const text = (globalThis.__answers ?? [])[turn] ?? 'Hello.';
      const deltas = text.match(/[\\s\\S]{1,7}/g) ?? [];
      return { stream: simulateReadableStream({ chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        ...deltas.map((delta) => ({ type: 'text-delta', id: '0', delta })),
        { type: 'text-end', id: '0' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ] }) };
    },
  });
}`,
  };
}

async function link(dir: string, name: string, target: string): Promise<void> {
  await mkdir(dirname(join(dir, 'node_modules', name)), { recursive: true });
  await symlink(target, join(dir, 'node_modules', name), 'dir');
}

/**
 * Creates the project for `major`; `dispose()` removes it. `imports`: more packages its code
 * imports (a README block's), linked from the repository's node_modules with their `@types/…`
 * when they are installed there and not linked already.
 */
export async function createSdkConsumer(major: SdkMajor, imports: readonly string[] = []): Promise<{ dir: string; dispose: () => Promise<void> }> {
  requireBuild();
  const dir = await mkdtemp(join(tmpdir(), `a2ui-stream-${major.name.replace(' ', '')}-`));
  const installed = join(dir, 'node_modules/a2ui-stream');
  await mkdir(installed, { recursive: true });
  await cp(join(ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
  await cp(join(ROOT, 'package.json'), join(installed, 'package.json'));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  for (const name of Object.keys(pkg.dependencies)) await link(dir, name, join(ROOT, 'node_modules', name));
  // The optional peers a user of an entry installs beside it (`ai` is this major's, linked below).
  const peers = Object.keys(pkg.peerDependencies).filter((name) => name !== 'ai' && !LINKED.includes(name));
  for (const name of [...LINKED, ...peers]) await link(dir, name, join(ROOT, 'node_modules', name));
  await link(dir, '@ai-sdk/react', major.react);
  // The `ai` this @ai-sdk/react resolves: the one npm would install beside it.
  const aiEntry = createRequire(join(major.react, 'package.json')).resolve('ai');
  await link(dir, 'ai', realpathSync(aiEntry.slice(0, aiEntry.lastIndexOf('/node_modules/ai/') + '/node_modules/ai'.length)));
  const present = new Set(['a2ui-stream', 'ai', '@ai-sdk/react', '@ai-sdk/openai', ...LINKED, ...peers, ...Object.keys(pkg.dependencies)]);
  for (const name of imports.flatMap((name) => [name, `@types/${name.replace(/^@/, '').replace('/', '__')}`])) {
    if (!present.has(name) && existsSync(join(ROOT, 'node_modules', name))) {
      present.add(name);
      await link(dir, name, join(ROOT, 'node_modules', name));
    }
  }
  for (const [file, content] of Object.entries(openaiStandIn(major.mock))) {
    await mkdir(join(dir, 'node_modules/@ai-sdk/openai'), { recursive: true });
    await writeFile(join(dir, 'node_modules/@ai-sdk/openai', file), content);
  }
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
