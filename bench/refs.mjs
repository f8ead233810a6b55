// What bench/ab.mjs and bench/callgrind.mjs share: the core of a git ref (or of the working tree)
// bundled by esbuild from a worktree of its own, the bench's workloads bundled, and the worktrees
// removed afterwards.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root. */
export const root = resolve(here, '..');
/** Where the bundles go. */
export const out = join(here, '.out');

/** Bundles `contents` (TypeScript source text, resolved from `dir`) to `file`; returns `file`. */
export async function bundle(contents, dir, file) {
  await build({ stdin: { contents, resolveDir: dir, loader: 'ts' }, outfile: file, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  return file;
}

/** The library of `ref` (or of the working tree) as `<prefix>-<name>.mjs`, checked out under `work/<name>`; returns the bundle's path. */
export async function library(ref, name, work, prefix) {
  let dir = root;
  if (ref !== undefined) {
    dir = join(work, name);
    execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, ref], { cwd: root, stdio: 'inherit' });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  }
  return bundle(`export { A2uiStreamParser, basicCatalog } from './src/index.ts';`, dir, join(out, `${prefix}-${name}.mjs`));
}

/** The bench's workloads as `<prefix>-workloads.mjs`; returns the bundle's path. */
export function workloads(prefix) {
  return bundle(`export { workload, chunksOf, smallSurfaces } from './bench/workloads.ts';`, root, join(out, `${prefix}-workloads.mjs`));
}

/** Removes the worktrees `names` under `work` that {@link library} made. */
export function removeWorktrees(work, names) {
  for (const name of names) {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', join(work, name)], { cwd: root, stdio: 'ignore' });
    } catch {
      // Not created (the working tree, or a failed checkout).
    }
  }
}

/** The value of `--<name>=…` among `args`, else `fallback`. */
export const option = (args, name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
