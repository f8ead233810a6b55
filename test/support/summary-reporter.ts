import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `N passed, N failed, N skipped`, after vitest's own summary,
 * so that tools which read a run's last line see how many tests really ran. Before it, each test
 * skipped with a reason (`context.skip(note)`, e.g. a missing browser or runtime) and the reason.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else {
          skipped++;
          if (result.state === 'skipped' && result.note) reasons.push(`- ${test.fullName}: ${result.note}\n`);
        }
      }
    }
    process.stdout.write(`\n${reasons.join('')}${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
