// What the page bench measures, as a fingerprint: a sha256 over the files of the pages, the booking flow and
// their servers (tracked files, read from disk; tests and docs left out). bench/page.ts saves it with its
// figures; `tsx bench/sources.ts --check` (`npm test`'s checks run it) fails when the committed
// figures were measured on other sources, so a change to a page cannot land without its bench run.
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
  'e2e/bench/page.ts',
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

if (process.argv.includes('--check')) {
  const saved = JSON.parse(readFileSync(path.join(root, 'e2e/bench/results/page-latest.json'), 'utf8')) as {
    sources?: { sha256: string };
  };
  const now = sourcesFingerprint();
  if (saved.sources?.sha256 !== now.sha256) {
    console.error(
      'The page bench (e2e/bench/results/page-latest.json) was measured on other sources of the pages, the flow or ' +
        'their servers than these. Run `npm run bench:page` alone on the machine and commit its JSON and the ' +
        "README's figures with the change.",
    );
    process.exit(1);
  }
  console.log(`page bench: measured on these sources (${now.files} files)`);
}
