// Builds dist/: `tsc -p tsconfig.build.json` writes the declarations, one file per source, then
// `tsup` builds the JavaScript and bundles those declarations per entry, then `dts-names.mjs` gives
// the declaration chunks their real export names. Last, it writes dist/.build-stamp: a hash of
// everything the build reads (stamp.mjs).
//
// `--if-stale` (the demo, `npm pack` through `prepare`) builds only when dist/ is not complete with
// a stamp equal to the sources' hash now: a dist/ built from other sources, or whose build did not
// finish (the stamp is removed first and written last), is built again. `--silent`: no output but
// one line when it builds. `node scripts/build.mjs [--if-stale] [--silent]`.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DECLARATIONS, isFresh, ROOT, STAMP, sourceHash } from './stamp.mjs';

const args = process.argv.slice(2);
const silent = args.includes('--silent');

if (args.includes('--if-stale') && isFresh()) {
  if (!silent) console.log('dist/ is up to date with the sources: not built again');
  process.exit(0);
}
if (silent) console.error('Building dist/ (about half a minute on two cores)…');

const run = (script, ...rest) => {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', script), ...rest], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

rmSync(STAMP, { force: true });
rmSync(DECLARATIONS, { recursive: true, force: true });
const hash = sourceHash();
run('typescript/bin/tsc', '-p', 'tsconfig.build.json');
run('tsup/dist/cli-default.js', ...(silent ? ['--silent'] : []));
rmSync(DECLARATIONS, { recursive: true, force: true });
const names = spawnSync(process.execPath, [join(ROOT, 'scripts/dts-names.mjs'), ...(silent ? ['--silent'] : [])], { cwd: ROOT, stdio: 'inherit' });
if (names.status !== 0) process.exit(names.status ?? 1);
// The hash read before building: a source changed during the build makes the stamp stale.
writeFileSync(STAMP, `${hash}\n`);
