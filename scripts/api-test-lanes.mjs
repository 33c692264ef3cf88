// The API's tests (`npm test` runs this from apps/api, as its `test` script), in two lanes at once:
//   lane a: the unit and repository tests (one vitest process), then its share of the HTTP files;
//   lane b: the other HTTP files.
// Each lane's HTTP files run one at a time on servers of their own (test/support/global-setup.ts). Files share
// the seeded fixture companies (test/support/fixtures.ts); one that flips a switch on them turns it back before
// it ends, and one that needs a company to itself makes its own (acmeTwin), so any file can run in either lane. Files go to the lane that
// is done soonest, longest first, by the seconds they took last time (scripts/api-test-durations.json; a
// file not listed there counts as the median), lane a starting with its unit and repository tests. Then
// coverage.test.ts reads the error codes both lanes saw. Each run prints one closing line per report
// (scripts/test-summary.mjs) and fails when a lane fails.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const durations = JSON.parse(readFileSync(path.join(root, 'scripts/api-test-durations.json'), 'utf8'));

const files = readdirSync(path.join(api, 'test/http'))
  .filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts')
  .map((f) => `test/http/${f}`);
const known = Object.values(durations.http).sort((a, b) => a - b);
const median = known[Math.floor(known.length / 2)] ?? 10;
const seconds = (file) => durations.http[path.basename(file, '.test.ts')] ?? median;

const lanes = [
  { name: 'a', load: durations.unitAndDb, files: [] },
  { name: 'b', load: 0, files: [] },
];
for (const file of [...files].sort((x, y) => seconds(y) - seconds(x) || x.localeCompare(y))) {
  const lane = lanes[0].load <= lanes[1].load ? lanes[0] : lanes[1];
  lane.files.push(file);
  lane.load += seconds(file);
}

/** Runs a command in apps/api, its lines prefixed with the lane's name; resolves with its exit code. */
function run(prefix, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: api,
      env: { ...process.env, SVC_CODES_SEEN_CLEARED: '1', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && process.stdout.write(`${prefix}${rest}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** One vitest process with a JSON report, then its closing line; resolves true when it passed. */
async function vitest(prefix, report, title, args) {
  const json = `test-results/${report}.json`;
  await run(prefix, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ]);
  return (await run(prefix, 'node', ['../../scripts/test-summary.mjs', json, title])) === 0;
}

rmSync(path.join(api, 'test-results'), { recursive: true, force: true });
const started = Date.now();
const [a, b] = lanes;
for (const lane of lanes)
  console.log(`lane ${lane.name}: ${lane.files.length} HTTP files, about ${Math.round(lane.load)} s`);
const laneA = (async () => {
  const unit = await vitest('[a] ', 'vitest-unit-db', 'api (unit, db)', ['--project', 'unit', '--project', 'db']);
  const http = await vitest('[a] ', 'vitest-http-a', 'api (http lane a)', ['--project', 'http', ...a.files]);
  return unit && http;
})();
const laneB = vitest('[b] ', 'vitest-http-b', 'api (http lane b)', ['--project', 'http', ...b.files]);
const passed = (await Promise.all([laneA, laneB])).every(Boolean);
const coverage =
  passed && (await vitest('', 'vitest-coverage', 'api (error code coverage)', ['--project', 'coverage']));
console.log(`api tests: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(passed && coverage ? 0 : 1);
