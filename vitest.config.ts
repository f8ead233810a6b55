import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/conformance/**', 'test/runtimes/**', 'node_modules/**'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    setupFiles: ['./test/support/lit-dev-mode.ts'],
    testTimeout: 60_000,
  },
});
