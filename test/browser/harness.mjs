// What the browser test runners share: the ✓/✗ report with its `N passed, N failed` line, and a
// page bundled from the sources with esbuild (ESM, browser).
import { build } from 'esbuild';

/** A report: `check(name, ok, detail?)` prints a line (and the detail of a failure); `counts()`. */
export function reporter() {
  let passed = 0;
  let failed = 0;
  return {
    check(name, ok, detail) {
      if (ok) passed++;
      else failed++;
      console.log(`${ok ? '✓' : '✗'} ${name}`);
      if (!ok && detail) console.log(`    ${String(detail?.stack ?? detail).split('\n').join('\n    ')}`);
    },
    counts: () => ({ passed, failed }),
  };
}

/** `entry` bundled for a page (the library imported from its sources); `options` go to esbuild. */
export async function bundlePage(entry, options = {}) {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent', ...options });
  return result.outputFiles[0].text;
}
