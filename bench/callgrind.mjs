// Instructions the core takes on a workload, counted by valgrind's callgrind: a measure the other
// jobs on the machine do not move (bench:ab's time ratios move by ~10% under load; these by ~1%).
//
//   node bench/callgrind.mjs [<ref>] [--iters=12] [--versions=1.0] [--modes=full] [--workloads=small] [--kb=200]
//
// <ref> defaults to the working tree. Prints, per version, mode and workload, the instructions of
// `iters` parses less those of none (node's start, the bundle's compilation, the workload's
// making), in millions. Node runs single-threaded: background compilation made the counts of one
// build vary by several percent. Few parses weigh compilation more than the bench does (at 4,
// two-thirds of the count): compare builds at the same `iters`, never these figures with
// bench:ab's. One count at 12 parses takes ~5 minutes.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const out = join(here, '.out');
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

/** Bundles `contents` (TypeScript source text, resolved from `dir`) to `file`; returns `file`. */
async function bundle(contents, dir, file) {
  await build({ stdin: { contents, resolveDir: dir, loader: 'ts' }, outfile: file, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  return file;
}

/** One process: parses the workload `iters` times with the bundled library. */
async function loop([libraryFile, workloadsFile, version, mode, name, kb, iters]) {
  const lib = await import(libraryFile);
  const { workload, chunksOf, smallSurfaces } = await import(workloadsFile);
  const chunks = chunksOf((name === 'small' ? smallSurfaces(version) : workload(version, Number(kb))).response.text, 16);
  const catalog = lib.basicCatalog(version);
  for (let i = 0; i < Number(iters); i++) {
    const parser = new lib.A2uiStreamParser(catalog, { snapshots: mode });
    for (const chunk of chunks) parser.push(chunk);
    parser.end();
  }
}

/** Instructions of one `loop` process under callgrind. */
function instructions(loopArgs) {
  const child = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', fileURLToPath(import.meta.url), '--loop', ...loopArgs],
    { encoding: 'utf8' },
  );
  const refs = /refs:\s+([\d,]+)/.exec(child.stderr)?.[1];
  if (child.status !== 0 || refs === undefined) throw new Error(`callgrind failed (exit ${String(child.status)}): ${child.stderr.slice(-500)}`);
  return Number(refs.replaceAll(',', ''));
}

async function main() {
  const [ref] = args.filter((a) => !a.startsWith('--'));
  const iters = option('iters', '12');
  const kb = option('kb', '200');
  const work = mkdtempSync(join(tmpdir(), 'a2ui-cg-'));
  let dir = root;
  try {
    if (ref !== undefined) {
      dir = join(work, 'ref');
      execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, ref], { cwd: root, stdio: 'inherit' });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    }
    const library = await bundle(`export { A2uiStreamParser, basicCatalog } from './src/index.ts';`, dir, join(out, 'cg-library.mjs'));
    const workloads = await bundle(`export { workload, chunksOf, smallSurfaces } from './bench/workloads.ts';`, root, join(out, 'cg-workloads.mjs'));
    console.log(`callgrind: ${ref ?? 'working tree'}, ${iters} parses, 16-char chunks; millions of instructions (startup subtracted)`);
    for (const name of option('workloads', 'small').split(','))
      for (const version of option('versions', '1.0').split(','))
        for (const mode of option('modes', 'full').split(',')) {
          const common = [library, workloads, version, mode, name, kb];
          const net = instructions([...common, iters]) - instructions([...common, '0']);
          console.log(`${`${name} v${version}`.padEnd(14)} ${mode.padEnd(5)} ${(net / 1e6).toFixed(0)}`);
        }
  } finally {
    if (ref !== undefined) {
      try {
        execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
      } catch {
        // Not created (a failed checkout).
      }
    }
    rmSync(work, { recursive: true, force: true });
  }
}

if (args[0] === '--loop') await loop(args.slice(1));
else await main();
