/**
 * A throw-away project that depends on this package the way a user's does: `node_modules/a2ui-stream`
 * links to the repository (so `import 'a2ui-stream'` resolves to the built `dist/`), and
 * `node_modules/.bin/a2ui-stream` is the CLI. Snippets, examples and CLI lines run inside it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Fails with a clear message when `dist/` has not been built. */
export function requireBuild(): void {
  for (const file of ['dist/index.js', 'dist/providers.js', 'dist/cli.js', 'dist/browser/a2ui-stream.js']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
  }
}

/** Creates the consumer project; `dispose()` removes it. */
export async function createConsumer(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  requireBuild();
  const dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-consumer-'));
  await mkdir(join(dir, 'node_modules/.bin'), { recursive: true });
  await symlink(ROOT, join(dir, 'node_modules/a2ui-stream'), 'dir');
  await writeFile(join(dir, 'node_modules/.bin/a2ui-stream'), `#!/bin/sh\nexec node "${join(ROOT, 'dist/cli.js')}" "$@"\n`);
  await chmod(join(dir, 'node_modules/.bin/a2ui-stream'), 0o755);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** TypeScript to JavaScript, as a bundler or a runtime with type stripping would do. */
export function transpile(code: string): string {
  return ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
  }).outputText;
}

/** What a finished process left. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end (killed after `timeoutMs`), optionally writing `input` to its stdin. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '1', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.stdout.on('data', (data) => (stdout += data));
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
