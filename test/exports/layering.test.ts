/**
 * The boundary between the core and the entries above it: an entry reaches the core only through
 * the public face (`src/index.ts`) and the internal barrel (`src/internal.ts`), never a module of
 * its own choosing, and the core imports no entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const SRC = new URL('../../src/', import.meta.url).pathname;
/** The folders above the core: the package's other entries, the CLI and what Lit and React share. */
const ABOVE = ['a2a', 'ag-ui', 'agent', 'ai-sdk', 'cli', 'lit', 'node', 'providers', 'react', 'web-core'];
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

/** Each relative import of the files under `folder`, as `file: specifier`. */
function importsOf(folder: string): string[] {
  return sources(join(SRC, folder)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => `${file.slice(SRC.length)}: ${match[1]}`),
  );
}

test('the entries above the core reach it only through src/index.ts and src/internal.ts', () => {
  const deep = ABOVE.flatMap(importsOf).filter((line) => CORE.some((folder) => new RegExp(`'?(\\.\\./)+${folder}/`).test(line.split(': ')[1]!)));
  expect(deep).toEqual([]);
});

test('the core imports no entry above it, and not the internal barrel', () => {
  const files = [
    ...CORE.flatMap(importsOf),
    ...['errors.ts', 'types.ts', 'index.ts'].flatMap((file) =>
      [...readFileSync(join(SRC, file), 'utf8').matchAll(IMPORT)].map((match) => `${file}: ${match[1]}`),
    ),
  ];
  const upward = files.filter((line) => {
    const specifier = line.split(': ')[1]!;
    return specifier.endsWith('internal.js') || ABOVE.some((folder) => new RegExp(`(\\.\\./)+${folder}/`).test(specifier));
  });
  expect(upward).toEqual([]);
});
