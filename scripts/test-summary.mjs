// Prints a vitest JSON report as one plain closing line, "<name>: N passed, N failed, N skipped", for CI
// logs, and fails when no test ran. Usage: node scripts/test-summary.mjs <report.json> <name>
import { readFileSync } from 'node:fs';

const [file, name] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
if (report.numTotalTests === 0) {
  console.error('no test ran');
  process.exit(1);
}
