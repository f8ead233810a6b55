import { defineConfig, type Options } from 'tsup';

// Entries that run anywhere (no Node built-ins): they share chunks, so `A2uiError` is one class.
const entry = {
  index: 'src/index.ts',
  providers: 'src/providers/index.ts',
  agent: 'src/agent/index.ts',
  'ai-sdk': 'src/ai-sdk/index.ts',
  a2a: 'src/a2a/index.ts',
  'ag-ui': 'src/ag-ui/index.ts',
  // Node only (files and globs); kept out of every other entry's chunks.
  node: 'src/node/index.ts',
};
const esmEntry = { ...entry, lit: 'src/lit/index.ts', react: 'src/react/index.ts' };
/**
 * The declaration entries: tsup bundles the .d.ts files that `tsc -p tsconfig.build.json`
 * wrote (`scripts/build.mjs` runs it first), one per source file, so build with `npm run build`.
 */
const declarations = (entries: Record<string, string>): Options['dts'] => ({
  entry: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, file.replace(/^src\//, '.build/declarations/').replace(/\.ts$/, '.d.ts')])),
});
const shared: Options = {
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
};
// Optional peers stay imports of the consumer's copies.
const external = ['ai', '@a2ui/lit', '@a2ui/web_core', '@a2ui/markdown-it', 'lit', '@a2ui/react', 'react', '@ag-ui/client', '@ag-ui/core', 'rxjs', /^node:/];

export default defineConfig([
  // ESM: the entries share chunks, so `A2uiError` is one class for all of them.
  { ...shared, entry: esmEntry, dts: declarations(esmEntry), format: ['esm'], clean: true, external },
  // CommonJS: eventsource-parser ships ESM only, so it is bundled into the providers entry.
  // The lit entry is ESM only: `@a2ui/lit` and `lit` ship ESM only. The react entry too:
  // `@a2ui/markdown-it` (its default markdown renderer) ships ESM only.
  { ...shared, entry, dts: declarations(entry), format: ['cjs'], splitting: true, noExternal: ['eventsource-parser'], external },
  // Browser ESM bundles with every dependency inside, for a plain <script type="module">.
  {
    entry: { 'browser/a2ui-stream': 'src/index.ts', 'browser/providers': 'src/providers/index.ts' },
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    treeshake: true,
    splitting: false,
    noExternal: [/.*/],
  },
  // The `a2ui-stream` command (bin): Node only, ESM, its dependencies left to node_modules.
  {
    entry: { cli: 'src/cli/index.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node18',
    treeshake: true,
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
  },
]);
