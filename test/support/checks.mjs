// Checks for the plain Node runners (no test framework): a line per check, then the closing line
// `N passed, N failed` that CI reads, and the exit code.
let passed = 0;
let failed = 0;

/** Records one check and prints it (with `detail` under a failure). */
export function check(name, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✓' : '✗'} ${name}${ok || detail === '' ? '' : `\n    ${detail}`}`);
}

/** Prints `N passed, N failed` and exits: 0 when nothing failed, else 1. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
