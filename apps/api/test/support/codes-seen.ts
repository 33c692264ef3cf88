import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths';

/**
 * The error codes the HTTP suite's requests were really answered with: each test process appends the
 * codes it saw to a file of its own; coverage.test.ts, run last, reads them all.
 */
const DIR = path.join(repoRoot(), 'apps/api/test-results/codes-seen');

export function recordCodeSeen(code: unknown) {
  if (typeof code !== 'string') return;
  mkdirSync(DIR, { recursive: true });
  appendFileSync(path.join(DIR, `${process.pid}.txt`), `${code}\n`);
}

export function codesSeen(): Set<string> {
  let files: string[] = [];
  try {
    files = readdirSync(DIR);
  } catch {}
  return new Set(files.flatMap((f) => readFileSync(path.join(DIR, f), 'utf8').split('\n').filter(Boolean)));
}

/** A new run starts with none seen. */
export function forgetCodesSeen() {
  rmSync(DIR, { recursive: true, force: true });
}
