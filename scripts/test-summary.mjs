// Prints a test report as one plain closing line, "<name>: N passed, N failed, N skipped", for CI logs, and
// fails when no test ran or one failed. Under CI a skipped test fails too: CI provides every service, so
// nothing may be skipped there; on a developer's machine without Redis, the Redis test is skipped and said.
// Reads vitest's JSON report and Playwright's (its "stats").
// Usage: node scripts/test-summary.mjs <report.json> <name>
import { existsSync, readFileSync } from 'node:fs';

const [file, name] = process.argv.slice(2);
if (!existsSync(file)) {
  console.error(`${name}: no report at ${file}: the suite did not run`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const counts = report.stats
  ? {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }
  : {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (counts.passed + counts.failed + counts.skipped === 0) {
  console.error('no test ran');
  process.exit(1);
}
if (counts.failed > 0 || (counts.skipped > 0 && process.env.CI)) process.exit(1);
