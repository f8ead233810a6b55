// Runs the mutation fuzzer (scripts/fuzz/): bundles its TypeScript with esbuild (a tsup
// dependency) into a temporary directory, then starts it. See scripts/fuzz/main.ts for options.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = mkdtempSync(join(tmpdir(), 'a2ui-fuzz-'));
try {
  await build({
    entryPoints: [join(root, 'scripts/fuzz/main.ts'), join(root, 'scripts/fuzz/worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    outdir,
    logLevel: 'error',
  });
  const { runFuzzer } = await import(pathToFileURL(join(outdir, 'main.js')).href);
  const workerUrl = pathToFileURL(join(outdir, 'worker.js'));
  process.exitCode = await runFuzzer(process.argv.slice(2), workerUrl, join(root, 'test/fixtures/fuzz'));
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
