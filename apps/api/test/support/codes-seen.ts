import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths';

/**
 * The error codes the HTTP suite's requests were really answered with: each test process appends the
 * codes it saw to a file of its own; coverage.test.ts, run after both lanes, reads them all. The lanes'
 * global setups also write which servers they ran on.
 */
const DIR = path.join(repoRoot(), 'apps/api/test-results/codes-seen');

export function recordCodeSeen(code: unknown) {
  if (typeof code !== 'string') return;
  mkdirSync(DIR, { recursive: true });
  appendFileSync(path.join(DIR, `${process.pid}.txt`), `${code}\n`);
}

export function codesSeen(): Set<string> {
  return linesOf((f) => f.endsWith('.txt') && !f.startsWith('served-'));
}

/** The main targets a lane's global setup started (coverage.test.ts checks the run had both pairings). */
export function recordServed(names: string[]) {
  mkdirSync(DIR, { recursive: true });
  appendFileSync(path.join(DIR, `served-${process.pid}.txt`), `${names.join('\n')}\n`);
}

export function served(): Set<string> {
  return linesOf((f) => f.startsWith('served-'));
}

function linesOf(pick: (file: string) => boolean): Set<string> {
  let files: string[] = [];
  try {
    files = readdirSync(DIR).filter(pick);
  } catch {}
  return new Set(files.flatMap((f) => readFileSync(path.join(DIR, f), 'utf8').split('\n').filter(Boolean)));
}

/**
 * A new run starts with none seen. `npm test` clears them itself before its lanes start, as processes of
 * their own (SVC_CODES_SEEN_CLEARED); in one `vitest run` both lanes' global setups run in one process:
 * the first forgets, the second must not (the first lane's tests may already have answered).
 */
export function forgetCodesSeen() {
  if (process.env.SVC_CODES_SEEN_CLEARED) return;
  const run = String(process.pid);
  if (process.env.SVC_CODES_SEEN_RUN === run) return;
  process.env.SVC_CODES_SEEN_RUN = run;
  rmSync(DIR, { recursive: true, force: true });
}
