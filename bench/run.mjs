// Bundles the TypeScript benchmark (bench/main.ts with the library's sources) with esbuild, then
// runs it with --expose-gc, then prints the bundle sizes of the built package (`--no-size` skips
// them), then JSON against A2UI Express (bench/express.ts; `--no-express` skips it). Usage:
// node bench/run.mjs [flags for bench/main.ts].
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, '.out', 'bench.mjs');
const expressOut = join(here, '.out', 'express.mjs');
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};
await build({ ...options, entryPoints: [join(here, 'main.ts')], outfile });
// JSON against A2UI Express (bench/express.ts); `--no-express` skips it.
const withExpress = !process.argv.includes('--no-express');
if (withExpress) await build({ ...options, entryPoints: [join(here, 'express.ts')], outfile: expressOut });
const run = spawnSync(
  process.execPath,
  ['--expose-gc', '--enable-source-maps', outfile, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
const express =
  run.status === 0 && withExpress
    ? spawnSync(process.execPath, ['--enable-source-maps', expressOut, ...process.argv.slice(2)], { stdio: 'inherit' })
    : undefined;
if (express !== undefined && express.status !== 0) process.exit(express.status ?? 1);
if (run.status === 0 && !process.argv.includes('--no-size')) {
  // What a browser pays, from the built package (see bundle-size.mjs).
  const { measureAll, renderSizes } = await import('./bundle-size.mjs');
  if (existsSync(join(here, '..', 'dist', 'index.js'))) console.log(`\n${renderSizes(await measureAll())}`);
  else console.log('\nbundle sizes: skipped, dist/ is missing (run `npm run build` first)');
}
process.exit(run.status ?? 1);
