// Bundles the TypeScript benchmarks (bench/main.ts, bench/hostile.ts, bench/express.ts with the
// library's sources) with esbuild, then runs bench/main.ts with --expose-gc, then the hostile-input
// figures (`--no-hostile` skips them), then JSON against A2UI Express (`--no-express` skips it),
// then prints the bundle sizes of the built package (`--no-size` skips them).
// Usage: node bench/run.mjs [flags for bench/main.ts, bench/hostile.ts and bench/express.ts].
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '.out');
await build({
  entryPoints: { bench: join(here, 'main.ts'), hostile: join(here, 'hostile.ts'), express: join(here, 'express.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
const args = process.argv.slice(2);
const node = (file) => spawnSync(process.execPath, ['--expose-gc', '--enable-source-maps', join(outdir, file), ...args], { stdio: 'inherit' });
let run = node('bench.mjs');
if (run.status === 0 && !args.includes('--no-hostile')) run = node('hostile.mjs');
if (run.status === 0 && !args.includes('--no-express')) run = node('express.mjs');
if (run.status === 0 && !args.includes('--no-size')) {
  // What a browser pays, from the built package (see bundle-size.mjs).
  const { measureAll, renderSizes } = await import('./bundle-size.mjs');
  if (existsSync(join(here, '..', 'dist', 'index.js'))) console.log(`\n${renderSizes(await measureAll())}`);
  else console.log('\nbundle sizes: skipped, dist/ is missing (run `npm run build` first)');
}
process.exit(run.status ?? 1);
