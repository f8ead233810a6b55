// What a browser pays: each entry of the built package (`dist/`) and the one-version parse path
// (`a2uiStream` + `basicCatalogVxx` from the main entry), bundled by esbuild (minified, ESM,
// browser) the way an application's bundler would, then gzipped. Needs `npm run build` first.
// Usage: node bench/bundle-size.mjs [--json=<file>] [--layers]; scripts/size-check.mjs checks the
// budget. `--layers` adds where the v0.9 parse path's bytes go, by pipeline layer (from `src/`).
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');

/** Entries of the package that run in a browser, by export path, with their built file. */
export const ENTRIES = [
  ['.', 'index.js'],
  ['providers', 'providers.js'],
  ['agent', 'agent.js'],
  ['ai-sdk', 'ai-sdk.js'],
  ['a2a', 'a2a.js'],
  ['ag-ui', 'ag-ui.js'],
  ['lit', 'lit.js'],
];

/** The basic catalog function of each protocol version. */
export const VERSION_CATALOGS = [
  ['0.8', 'basicCatalogV08'],
  ['0.9', 'basicCatalogV09'],
  ['0.9.1', 'basicCatalogV091'],
  ['1.0', 'basicCatalogV10'],
];

// Optional peers are the application's own copies, not ours.
const EXTERNAL = ['ai', 'lit', '@a2ui/*', 'lit/*', '@ag-ui/*', 'rxjs'];

/**
 * Bundles `contents` (an ES module importing from `dist/`) and returns its minified and gzipped
 * sizes in bytes, and the packages (`node_modules/<name>`) whose code is in it.
 */
export async function bundleSize(contents) {
  const result = await build({
    stdin: { contents, resolveDir: dist, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: EXTERNAL,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const packages = new Set();
  const [output] = Object.values(result.metafile.outputs);
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue;
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
    if (name !== undefined) packages.add(name);
  }
  return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, packages: [...packages].sort() };
}

/**
 * The module a browser application imports for the parse path of one version: `a2uiStream` (both
 * notations), or `a2uiJsonStream` (direct JSON only, no Express).
 */
export function parsePathModule(catalogFunction, stream = 'a2uiStream') {
  return (
    `import { ${stream}, ${catalogFunction} } from './index.js';\n` + `globalThis.parse = (input) => input.pipeThrough(${stream}(${catalogFunction}()));\n`
  );
}

/** Every row of the table: each entry whole, then the parse path of each version. */
export async function measureAll() {
  if (!existsSync(join(dist, 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const rows = [];
  for (const [entry, file] of ENTRIES) {
    if (!existsSync(join(dist, file))) continue;
    rows.push({ what: `entry ${entry}`, ...(await bundleSize(`export * from './${file}';\n`)) });
  }
  for (const [version, fn] of VERSION_CATALOGS) {
    rows.push({ what: `a2uiStream + ${fn} (v${version})`, ...(await bundleSize(parsePathModule(fn))) });
    rows.push({ what: `a2uiJsonStream + ${fn} (v${version})`, ...(await bundleSize(parsePathModule(fn, 'a2uiJsonStream'))) });
  }
  rows.push({
    what: 'a2uiStream + basicCatalog (all versions)',
    ...(await bundleSize(
      `import { a2uiStream, basicCatalog } from './index.js';\n` + `globalThis.parse = (input, v) => input.pipeThrough(a2uiStream(basicCatalog(v)));\n`,
    )),
  });
  return rows;
}

/**
 * Minified bytes of the v0.9 parse path by where they come from: each folder of `src/` (a layer of
 * the pipeline) and each package, bundled from the sources with esbuild's per-module
 * tree-shaking (which `dist/` matches). Gzip does not split by module, so only the total has it.
 */
export async function layerSizes(catalogFunction = 'basicCatalogV09') {
  const result = await build({
    stdin: { contents: parsePathModule(catalogFunction).replace('./index.js', './src/index.ts'), resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  const [output] = Object.values(result.metafile.outputs);
  const layers = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? /^src\/([^/]+)\//.exec(input)?.[1] ?? input.replace(/^src\//, '');
    layers.set(name, (layers.get(name) ?? 0) + bytesInOutput);
  }
  const rows = [...layers].filter(([, size]) => size > 0).sort((a, b) => b[1] - a[1]);
  return { rows, min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The rows as a plain-text table. */
export function renderSizes(rows) {
  const width = Math.max(...rows.map((row) => row.what.length));
  const lines = [`${'bundle (esbuild, minified)'.padEnd(width)}  ${'min'.padStart(9)}  ${'gzip'.padStart(9)}`];
  for (const row of rows) lines.push(`${row.what.padEnd(width)}  ${kb(row.min).padStart(9)}  ${kb(row.gzip).padStart(9)}`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await measureAll();
  console.log(renderSizes(rows));
  if (process.argv.includes('--layers')) {
    const { rows: layers, min, gzip } = await layerSizes();
    console.log(`\nv0.9 parse path by layer (from src/): ${kb(min)} minified, ${kb(gzip)} gzip`);
    for (const [name, size] of layers) {
      console.log(`  ${name.padEnd(20)} ${kb(size).padStart(9)}  ${((100 * size) / min).toFixed(1).padStart(5)}%`);
    }
  }
  const json = process.argv.find((arg) => arg.startsWith('--json='))?.split('=')[1];
  if (json !== undefined) writeFileSync(json, `${JSON.stringify(rows, null, 2)}\n`);
}
