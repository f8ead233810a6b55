// Instructions the core takes on a workload, counted by valgrind's callgrind: a measure the other
// jobs on the machine do not move (bench:ab's time ratios move by ~10% under load; these by ~1%).
//
//   node bench/callgrind.mjs [<ref>] [--iters=12] [--from=0] [--without=validation|budget]
//                            [--versions=1.0] [--modes=full] [--workloads=small] [--kb=200]
//
// <ref> defaults to the working tree. Prints, per version, mode and workload, the instructions of
// `iters` parses less those of `from` (0: node's start, the bundle's compilation, the workload's
// making), in millions; with `--from`, per parse (e.g. `--from=6 --iters=12`: parses 7-12, where
// less is compiled). `--without`: the parser told `validate: false` or `outputBytesPerChar:
// Infinity`; the difference from a count without it is what validation or the output budget costs
// (about: the parser then also skips what depends on it). Node runs single-threaded: background
// compilation made the counts of one build vary by several percent. Few parses weigh compilation
// more than the bench does (at 4, two-thirds of the count): compare builds at the same `iters`
// and `from`, never these figures with bench:ab's. One count at 12 parses takes ~5 minutes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { library as bundleLibrary, option as optionOf, removeWorktrees, workloads as bundleWorkloads } from './refs.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => optionOf(args, name, fallback);

/** One process: parses the workload `iters` times with the bundled library. */
async function loop([libraryFile, workloadsFile, version, mode, name, kb, iters, without]) {
  const lib = await import(libraryFile);
  const { workload, chunksOf, smallSurfaces } = await import(workloadsFile);
  const chunks = chunksOf((name === 'small' ? smallSurfaces(version) : workload(version, Number(kb))).response.text, 16);
  const catalog = lib.basicCatalog(version);
  // Only the options asked for: an older ref may not know `outputBytesPerChar`.
  const options = {
    snapshots: mode,
    ...(without === 'validation' ? { validate: false } : {}),
    ...(without === 'budget' ? { outputBytesPerChar: Number.POSITIVE_INFINITY } : {}),
  };
  for (let i = 0; i < Number(iters); i++) {
    const parser = new lib.A2uiStreamParser(catalog, options);
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
  const from = option('from', '0');
  const without = option('without', '');
  const kb = option('kb', '200');
  const work = mkdtempSync(join(tmpdir(), 'a2ui-cg-'));
  try {
    const library = await bundleLibrary(ref, 'ref', work, 'cg');
    const workloads = await bundleWorkloads('cg');
    const what = from === '0' ? `${iters} parses (startup subtracted)` : `per parse, parses ${Number(from) + 1}-${iters}`;
    console.log(`callgrind: ${ref ?? 'working tree'}${without ? ` without ${without}` : ''}, 16-char chunks; millions of instructions, ${what}`);
    for (const name of option('workloads', 'small').split(','))
      for (const version of option('versions', '1.0').split(','))
        for (const mode of option('modes', 'full').split(',')) {
          const common = [library, workloads, version, mode, name, kb];
          const net =
            (instructions([...common, iters, without]) - instructions([...common, from, without])) / (from === '0' ? 1 : Number(iters) - Number(from));
          console.log(`${`${name} v${version}`.padEnd(14)} ${mode.padEnd(5)} ${(net / 1e6).toFixed(from === '0' ? 0 : 1)}`);
        }
  } finally {
    removeWorktrees(work, ['ref']);
    rmSync(work, { recursive: true, force: true });
  }
}

if (args[0] === '--loop') await loop(args.slice(1));
else await main();
