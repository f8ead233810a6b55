/**
 * The boundary between the core and the entries above it: an entry reaches the core only through
 * the public face (`src/index.ts`) and the internal barrel (`src/internal.ts`), never a module of
 * its own choosing (a folder of the core or a file at the root of `src/`), and the core imports
 * no entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
/**
 * The folders above the core: the package's other entries, the CLI, what Lit and React share and
 * what the entries that send errors over the wire share.
 */
const ABOVE = ['a2a', 'ag-ui', 'agent', 'ai-sdk', 'cli', 'lit', 'node', 'providers', 'react', 'web-core'];
/** The root files of `src/` through which the entries above reach the core. */
const GATES = ['index.ts', 'internal.ts'];
const ROOT_FILES = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => entry.name);
const CORE = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ABOVE.includes(entry.name))
  .map((entry) => entry.name);
const IMPORT = /\bfrom '(\.[^']+)'/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** One relative import: the importing file and the imported one, both relative to `src/` (`.ts`). */
interface Import {
  from: string;
  to: string;
}

/** The relative imports of `files` (paths relative to `src/`). */
function importsOf(files: readonly string[]): Import[] {
  return files.flatMap((from) =>
    [...readFileSync(join(SRC, from), 'utf8').matchAll(IMPORT)].map((match) => ({
      from,
      to: relative(SRC, resolve(SRC, dirname(from), match[1]!)).replace(/\.js$/, '.ts'),
    })),
  );
}

/** The files under the folders `folders` of `src/`, relative to it. */
const filesIn = (folders: readonly string[]): string[] => folders.flatMap((folder) => sources(join(SRC, folder)).map((file) => relative(SRC, file)));
const folderOf = (file: string): string | undefined => (file.includes('/') ? file.split('/')[0] : undefined);
const show = ({ from, to }: Import): string => `${from} -> ${to}`;

test('the entries above the core reach it only through src/index.ts and src/internal.ts', () => {
  const deep = importsOf(filesIn(ABOVE)).filter(({ to }) => {
    const folder = folderOf(to);
    return folder === undefined ? !GATES.includes(to) : CORE.includes(folder);
  });
  expect(deep.map(show)).toEqual([]);
});

test('the core imports no entry above it, and not the internal barrel', () => {
  const core = [...filesIn(CORE), ...ROOT_FILES.filter((file) => file !== 'internal.ts')];
  const upward = importsOf(core).filter(({ to }) => to === 'internal.ts' || ABOVE.includes(folderOf(to) ?? ''));
  expect(upward.map(show)).toEqual([]);
});

test('the internal barrel reaches into the core only', () => {
  const upward = importsOf(['internal.ts']).filter(({ to }) => ABOVE.includes(folderOf(to) ?? ''));
  expect(upward.map(show)).toEqual([]);
});
