// What the browser test runners share: the ✓/✗ report with its `N passed, N failed` line, what a
// run does without Chromium, a page bundled from the sources with esbuild (ESM, browser), and the
// image the pages are served for every picture.
import { build } from 'esbuild';
import { chromiumMissing, missingPrerequisite } from '../support/prerequisites.mjs';

/** A 1×1 PNG: what the test servers answer for the images of the fixtures (no network). */
export const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A report: `check(name, ok, detail?)` prints a line (and the detail of a failure); `counts()`. */
export function reporter() {
  let passed = 0;
  let failed = 0;
  return {
    check(name, ok, detail) {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? '✓' : '✗'} ${name}`);
      if (!ok && detail)
        console.log(
          `    ${String(detail?.stack ?? detail)
            .split('\n')
            .join('\n    ')}`,
        );
    },
    counts: () => ({ passed, failed }),
    /** Prints `N passed, N failed` and exits, non-zero when a check failed. */
    finish() {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}

/**
 * Ends the run when Chromium is missing: a failed check under CI (see `prerequisites.mjs`),
 * otherwise a skip line; `report` is a {@link reporter}'s. Returns when Chromium is there.
 */
export async function exitWithoutChromium(report) {
  const missing = await chromiumMissing();
  if (!missing) return;
  const { fail, message } = missingPrerequisite('Chromium', missing);
  if (fail) report.check(message, false);
  else console.log(`- ${message}`);
  report.finish();
}

/** `entry` bundled for a page (the library imported from its sources); `options` go to esbuild. */
export async function bundlePage(entry, options = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles[0].text;
}
