// What dist/ was built from: a SHA-256 over every file the build reads (the sources, the build's
// configs and scripts, package.json and the lockfile, which fix the bundled dependencies and the
// tools' versions), recorded in dist/.build-stamp by scripts/build.mjs. Contents, not times: a
// checkout or a copy changes times, and a time can go backwards.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The stamp of a project root, inside dist/ so that it goes when dist/ goes (`files` in package.json leaves it out). */
export const stampOf = (root) => join(root, 'dist', '.build-stamp');
export const STAMP = stampOf(ROOT);
/** Where tsc writes the declarations tsup bundles (tsconfig.build.json's `outDir`, inside it). */
export const DECLARATIONS = join(ROOT, '.build');

const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsup.config.ts',
  'scripts/build.mjs',
  'scripts/stamp.mjs',
  'scripts/dts-names.mjs',
];

/** The files the build reads, sorted, relative to the root. */
function inputFiles(root) {
  return INPUTS.flatMap((input) => {
    const full = join(root, input);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [input];
    const entries = readdirSync(full, { withFileTypes: true, recursive: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)));
  }).sort();
}

/** The hash of the build's inputs (of the project at `root`) as they are now. */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The files package.json points at (`exports`, `main`, `module`, `types`, `bin`). */
function packageTargets(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const targets = [pkg.main, pkg.module, pkg.types, ...Object.values(pkg.bin ?? {})];
  const walk = (value) => (typeof value === 'string' ? targets.push(value) : value && Object.values(value).forEach(walk));
  walk(pkg.exports);
  return targets.filter((target) => typeof target === 'string' && target.startsWith('./dist/'));
}

/** `root`'s dist/ holds every file package.json points at and was built from the sources as they are now. */
export function isFresh(root = ROOT) {
  const stamp = stampOf(root);
  if (!existsSync(stamp)) return false;
  if (!packageTargets(root).every((target) => existsSync(join(root, target)))) return false;
  return readFileSync(stamp, 'utf8').trim() === sourceHash(root);
}
