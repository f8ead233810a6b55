import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
    setupFiles: ['./test/support/lit-dev-mode.ts'],
    testTimeout: 60_000,
  },
});
