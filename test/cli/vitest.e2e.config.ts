// The end-to-end tests: the built CLI as a subprocess, the code blocks of README.md and docs/*.md, and the examples.
// They need `dist/` (`npm run build`); `.ci/run` runs them after the build:
//   npx vitest run --config test/cli/vitest.e2e.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'test/cli/**/*.e2e.ts',
      'test/docs/**/*.e2e.ts',
      'test/examples/**/*.e2e.ts',
      'test/ai-sdk/**/*.e2e.ts',
      'test/ag-ui/**/*.e2e.ts',
      'test/react/**/*.e2e.ts',
    ],
    reporters: ['default', './test/support/summary-reporter.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
