// What the page bench measures, as a fingerprint: a sha256 over the files of the pages, the booking flow and
// their servers (tracked files, read from disk; tests and docs left out). bench/page.ts saves it with its
// figures, so a reader of the JSON can tell whether the figures are of the sources at hand. Nothing enforces
// it: the bench has its own targets and exit code (docs/benchmarks.md).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const MEASURED = [
  'packages/widget/src',
  'packages/widget/tsup.config.ts',
  'packages/widget/package.json',
  'packages/booking-ui/src',
  'packages/booking-ui/package.json',
  'apps/hosted/app',
  'apps/hosted/lib',
  'apps/hosted/proxy.ts',
  'apps/hosted/next.config.ts',
  'apps/hosted/package.json',
  'apps/api/src/server/next-server.ts',
  'apps/api/src/http/surfaces/embed.ts',
  'apps/api/src/http/surfaces/first-screen.ts',
  'e2e/bench/page.ts',
  'e2e/bench/cold-load.ts',
  'e2e/bench/third-party.ts',
];

const SKIPPED = /\.(test|spec)\.tsx?$|\.md$/;

export function sourcesFingerprint(): { sha256: string; files: number } {
  const files = execFileSync('git', ['ls-files', '--', ...MEASURED], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !SKIPPED.test(f))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { sha256: hash.digest('hex'), files: files.length };
}
