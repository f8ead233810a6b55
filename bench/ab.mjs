// A/B: the core of two versions of the library, alternated round by round on the same chunks.
//
//   node bench/ab.mjs <base-ref> [<new-ref>] [--rounds=15] [--kb=200] [--versions=0.8,0.9,1.0]
//                     [--modes=delta,full] [--workloads=generated,small]
//
// Workloads: `generated`, the bench's generated response of `kb` KB in five large blocks;
// `small`, many small surfaces (the spec's basic-catalog examples, one block each; see
// `smallSurfaces` in workloads.ts).
// <new-ref> defaults to the working tree. Each ref is bundled from a git worktree (esbuild); the
// chunks come from this tree's workload generator, so both read the same input. Two copies of the
// same code in one process do not run alike: the one imported second read up to 14% slower (run 9
// in RESULTS.md). So the rounds run twice, in two processes, one per import order, and the figure
// is the geometric mean of the two new ÷ base ratios (each the median of its per-round ratios).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { library, option as optionOf, removeWorktrees, workloads as bundleWorkloads } from './refs.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => optionOf(args, name, fallback);

/** One process: alternates the two bundles, `first` imported first; prints the per-row ratios. */
async function runRounds([firstFile, secondFile, workloadsFile, settings]) {
  const { rounds, kb, versions, modes, workloads } = JSON.parse(settings);
  const first = await import(firstFile);
  const second = await import(secondFile);
  const { workload, chunksOf, smallSurfaces } = await import(workloadsFile);
  const read = (lib, catalog, chunks, snapshots) => {
    const parser = new lib.A2uiStreamParser(catalog, { snapshots });
    const parts = chunks.map((chunk) => parser.push(chunk));
    parts.push(parser.end());
    return parts;
  };
  const time = (fn) => {
    const times = [0, 0, 0].map(() => {
      const start = performance.now();
      fn();
      return performance.now() - start;
    });
    return times.sort((a, b) => a - b)[1];
  };
  const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
  const rows = [];
  const inputs = workloads.flatMap((name) =>
    versions.map((version) => ({
      name: `${name} v${version}`,
      version,
      text: (name === 'small' ? smallSurfaces(version) : workload(version, kb)).response.text,
    })),
  );
  for (const { name, version, text } of inputs) {
    const chunks = chunksOf(text, 16);
    const catalogs = [first.basicCatalog(version), second.basicCatalog(version)];
    for (const mode of modes) {
      const [ours, theirs] = [read(first, catalogs[0], chunks, mode), read(second, catalogs[1], chunks, mode)];
      const same = ours.every((parts, i) => JSON.stringify(parts) === JSON.stringify(theirs[i]));
      for (let i = 0; i < 3; i++) [first, second].forEach((lib, j) => read(lib, catalogs[j], chunks, mode));
      const ratios = [];
      for (let round = 0; round < rounds; round++) {
        const a = time(() => read(first, catalogs[0], chunks, mode));
        const b = time(() => read(second, catalogs[1], chunks, mode));
        ratios.push(b / a);
      }
      rows.push({ name, mode, same, secondOverFirst: median(ratios) });
    }
  }
  console.log(JSON.stringify(rows));
}

async function main() {
  const [baseRef, newRef] = args.filter((a) => !a.startsWith('--'));
  if (baseRef === undefined) throw new Error('usage: node bench/ab.mjs <base-ref> [<new-ref>] [--rounds=15] [--kb=200]');
  const settings = JSON.stringify({
    rounds: Number(option('rounds', '15')),
    kb: Number(option('kb', '200')),
    versions: option('versions', '0.8,0.9,1.0').split(','),
    modes: option('modes', 'delta,full').split(','),
    workloads: option('workloads', 'generated,small').split(','),
  });
  const work = mkdtempSync(join(tmpdir(), 'a2ui-ab-'));
  try {
    const base = await library(baseRef, 'base', work, 'ab');
    const next = await library(newRef, 'new', work, 'ab');
    const workloads = await bundleWorkloads('ab');
    const order = (first, second) => {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--rounds-of', first, second, workloads, settings], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (child.status !== 0) throw new Error(`A/B child failed (exit ${String(child.status)})`);
      return JSON.parse(child.stdout.trim().split('\n').pop());
    };
    const baseFirst = order(base, next);
    const newFirst = order(next, base);
    console.log(`A/B: ${newRef ?? 'working tree'} ÷ ${baseRef}, 16-char chunks (generated: ${JSON.parse(settings).kb} KB; small: many small surfaces)`);
    baseFirst.forEach((row, i) => {
      const other = newFirst[i].secondOverFirst;
      const ratio = Math.sqrt(row.secondOverFirst / other);
      const note = row.same ? '' : '  (parts differ)';
      console.log(
        `${row.name.padEnd(14)} ${row.mode.padEnd(5)} ${ratio.toFixed(3)}×  (new second ${row.secondOverFirst.toFixed(3)}, new first ${(1 / other).toFixed(3)})${note}`,
      );
    });
  } finally {
    removeWorktrees(work, ['base', 'new']);
    rmSync(work, { recursive: true, force: true });
  }
}

if (args[0] === '--rounds-of') await runRounds(args.slice(1));
else await main();
