/**
 * The entries that run anywhere (browsers, edge runtimes) must not import a Node built-in, nor
 * `eval` or `new Function` (CSP). Checked on the built files, with every chunk they import: the
 * source could be clean while a bundled dependency is not. `a2ui-stream/node` is the one entry
 * allowed Node built-ins (and `tinyglobby`, which uses them); it is checked too, so the scan is
 * seen to find them. Needs `dist/` (`npm run build`).
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';
import { requireBuild, ROOT } from './consumer.js';

const PORTABLE = ['index', 'agent', 'a2a', 'ai-sdk', 'ag-ui', 'providers'];
/** Packages that reach Node built-ins: only the node entry may import them. */
const NODE_ONLY_PACKAGES = ['tinyglobby', 'fdir', 'picomatch'];

interface Reach {
  /** The built files the entry loads (itself and its chunks), relative to the root. */
  files: string[];
  /** Every import specifier that leaves `dist/` (packages and built-ins). */
  external: string[];
}

/** What a built entry loads, following its relative imports (the metafile of a bundle of it). */
async function reach(file: string): Promise<Reach> {
  const { metafile } = await build({
    entryPoints: [join(ROOT, file)],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    platform: 'neutral',
    packages: 'external',
  });
  const files = Object.keys(metafile.inputs);
  const external = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const imported of input.imports) if (imported.external) external.add(imported.path);
  }
  return { files: files.map((f) => relative(ROOT, join(process.cwd(), f))), external: [...external] };
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!) || builtinModules.includes(specifier);
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const EVAL = /(?<![\w$.])eval\s*\(|\bnew\s+Function\b/;

describe('built entries and Node built-ins', () => {
  requireBuild();
  for (const entry of PORTABLE) {
    for (const ext of ['js', 'cjs']) {
      const file = `dist/${entry}.${ext}`;
      test(`${file} and its chunks import no Node built-in and no Node-only package, and use no eval`, async () => {
        const { files, external } = await reach(file);
        expect(files).toContain(file);
        expect(external.filter(isBuiltin)).toEqual([]);
        expect(external.map(packageOf).filter((p) => NODE_ONLY_PACKAGES.includes(p))).toEqual([]);
        for (const loaded of files) {
          expect(EVAL.exec(readFileSync(join(ROOT, loaded), 'utf8'))?.[0], loaded).toBeUndefined();
        }
      });
    }
  }

  test('the scan finds the built-ins of dist/node.js (the one entry allowed them)', async () => {
    const { files, external } = await reach('dist/node.js');
    expect(files.length).toBeGreaterThan(1);
    expect(external.filter(isBuiltin)).toEqual(expect.arrayContaining(['fs/promises', 'path', 'url']));
    expect(external).toContain('tinyglobby');
  });
});
