// Bundles the TypeScript benchmark (bench/main.ts with the library's sources) with esbuild, then
// runs it with --expose-gc. Usage: node bench/run.mjs [flags for bench/main.ts].
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, '.out', 'bench.mjs');
await build({
  entryPoints: [join(here, 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node18',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
const run = spawnSync(
  process.execPath,
  ['--expose-gc', '--enable-source-maps', outfile, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
