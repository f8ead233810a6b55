// What the install checks share (test/install/tarball.mjs, test/install/entries.mjs): a command
// run with its output and time, the package file `npm pack` writes, a fresh project holding it,
// and the strict TypeScript configuration its programs are compiled with.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs `command` with `args` in `cwd` (`input` on its standard input, colours off); its status, its
 * outputs apart and together (`out`), and how long it took.
 */
export function run(command, args, cwd, { input, timeoutMs = 600_000 } = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', input, timeout: timeoutMs, env: { ...process.env, NO_COLOR: '1' } });
  const stdout = result.stdout ?? '';
  const stderr = result.stderr ?? '';
  return { status: result.status, stdout, stderr, out: `${stdout}${stderr}`, seconds: (Date.now() - started) / 1000 };
}

/** `npm pack` of the repository into `dir` (its `prepare` not run): the command's result and the file's name. */
export function pack(dir) {
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], ROOT);
  return { packed, tarball: readdirSync(dir).find((file) => file.endsWith('.tgz')) };
}

/** A new folder `dir/name` holding a copy of the package file `dir/tarball` and a bare ESM `package.json`; its path. */
export function freshProject(dir, name, tarball) {
  const app = join(dir, name);
  mkdirSync(app);
  copyFileSync(join(dir, tarball), join(app, tarball));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }, null, 2));
  return app;
}

/**
 * Writes `app/tsconfig.json`: `--strict`, ES2022, NodeNext, output to `out/`, compiling `include`;
 * `lib`, `types`, `skipLibCheck` and `jsx` as given.
 */
export function writeStrictTsconfig(app, { include, lib, types, skipLibCheck, jsx }) {
  const compilerOptions = {
    strict: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    outDir: 'out',
    ...(jsx ? { jsx } : {}),
    lib,
    types,
    skipLibCheck,
  };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }, null, 2));
}
