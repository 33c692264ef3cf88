import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The HTTP suite runs its files one at a time; coverage.test.ts reads what the others saw, so it runs last. */
class CoverageLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => f.moduleId.endsWith('coverage.test.ts');
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

export default defineConfig({
  test: {
    // Sorting is the root's: coverage.test.ts after every other file (the HTTP project runs one at a time).
    sequence: { sequencer: CoverageLast },
    projects: [
      {
        test: { name: 'unit', include: ['src/**/*.test.ts'] },
      },
      {
        // Repository tests: each file opens its own databases, on PGlite and PostgreSQL.
        test: { name: 'db', include: ['test/db/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        // The HTTP suite: real server processes (standalone and Next, on both drivers) started once.
        test: {
          name: 'http',
          include: ['test/http/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // Some files flip platform-wide switches on the shared servers: one file at a time.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
