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
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { library as bundleLibrary, option as optionOf, removeWorktrees, workloads as bundleWorkloads } from './refs.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => optionOf(args, name, fallback);

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
  try {
    const library = await bundleLibrary(ref, 'ref', work, 'cg');
    const workloads = await bundleWorkloads('cg');
    console.log(`callgrind: ${ref ?? 'working tree'}, ${iters} parses, 16-char chunks; millions of instructions (startup subtracted)`);
    for (const name of option('workloads', 'small').split(','))
      for (const version of option('versions', '1.0').split(','))
        for (const mode of option('modes', 'full').split(',')) {
          const common = [library, workloads, version, mode, name, kb];
          const net = instructions([...common, iters]) - instructions([...common, '0']);
          console.log(`${`${name} v${version}`.padEnd(14)} ${mode.padEnd(5)} ${(net / 1e6).toFixed(0)}`);
        }
  } finally {
    removeWorktrees(work, ['ref']);
    rmSync(work, { recursive: true, force: true });
  }
}

if (args[0] === '--loop') await loop(args.slice(1));
else await main();
