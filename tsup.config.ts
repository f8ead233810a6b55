import { defineConfig, type Options } from 'tsup';

const entry = { index: 'src/index.ts', providers: 'src/providers/index.ts' };
const shared: Options = {
  dts: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
};

export default defineConfig([
  // ESM: the two entries share chunks, so `A2uiError` is one class for both.
  { ...shared, entry, format: ['esm'], clean: true },
  // CommonJS: eventsource-parser ships ESM only, so it is bundled into the providers entry.
  { ...shared, entry, format: ['cjs'], splitting: true, noExternal: ['eventsource-parser'] },
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
