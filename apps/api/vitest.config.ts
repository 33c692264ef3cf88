import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The HTTP suite is one project: each vitest process of it starts servers of its own (its global setup: the
 * two main targets and the two strict ones, on databases of their own) and runs its files one at a time.
 * Every file sets up its own companies and switches, so `npm test` may run any file in either of its two
 * lanes (scripts/api-test-lanes.mjs, which also runs coverage.test.ts last, reading what both lanes saw).
 * One `vitest run` also runs everything: one file at a time, coverage.test.ts last.
 */
const COVERAGE = 'test/http/coverage.test.ts';

/** In one process, coverage.test.ts runs after every other file (files of one-worker projects run in order). */
class CoverageLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('coverage.test.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: CoverageLast },
    projects: [
      // vitest's default is one worker fewer than the cores (one, here): the pure tests take two.
      { test: { name: 'unit', include: ['src/**/*.test.ts'], maxWorkers: 2 } },
      {
        // Repository tests: each file opens its own databases, on PGlite and PostgreSQL.
        test: {
          name: 'db',
          include: ['test/db/**/*.test.ts'],
          // One process for all the files: a file's first database in a fresh process cost it about 8 s (vitest
          // loading the source modules, and PGlite), the next ones about 1 s; the files share nothing else
          // (each opens databases of its own). vitest wants such a project in a group of its own: after the
          // unit tests.
          isolate: false,
          sequence: { groupOrder: 1 },
          // One at a time: they run beside the HTTP lanes and the browser suite, and time their workers' rounds.
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The HTTP suite: real server processes (standalone and Next, on both drivers), started once per process.
      {
        test: {
          name: 'http',
          include: ['test/http/**/*.test.ts'],
          exclude: [COVERAGE],
          globalSetup: ['test/support/global-setup.ts'],
          // Files share the process's servers, and some flip platform-wide switches: one file at a time.
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // expect.poll asks every 200 ms, not vitest's 50: a poll waits on a server's worker, and asking four
          // times as often only takes CPU from that server (CI runs it beside the other lanes on two cores).
          expect: { poll: { interval: 200 } },
        },
      },
      { test: { name: 'coverage', include: [COVERAGE], maxWorkers: 1 } },
    ],
  },
});
