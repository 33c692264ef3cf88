// The instances' logs: JSON lines only (nothing printed around the logger), and no secret or customer detail
// in any log (the instances' output, nginx's logs).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { knownIn } from './checks';
import { type Check, type KnownIssue, list } from './checks-common';

/** A run of lines that are not JSON in a log: a dump some library wrote to the console. */
type TextRun = { file: string; from: number; to: number; headers: string[]; known: KnownIssue | undefined };

/** The text runs of a log file (1-based line numbers), each with its first lines and the known issue it is. */
function textRuns(file: string, lines: string[]): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  lines.forEach((line, i) => {
    if (!line.trim() || line.startsWith('{')) {
      current = undefined;
      return;
    }
    if (!current) {
      current = { file: path.basename(file), from: i + 1, to: i + 1, headers: [], known: undefined };
      runs.push(current);
    }
    current.to = i + 1;
    // A dump's own lines (a stack frame, an error's fields) continue it; anything else starts an entry.
    if (!/^(\s|[}\]]|params:|query:)/.test(line)) current.headers.push(line);
  });
  for (const run of runs) run.known = knownIn(lines.slice(run.from - 1, run.to));
  return runs;
}

/** The instances write JSON lines only (one per request, errors through the logger): nothing else of ours prints. */
export function logFormat(files: string[]): Check {
  const runs = files.filter(existsSync).flatMap((f) => textRuns(f, readFileSync(f, 'utf8').split('\n')));
  const entries: Record<string, number> = {};
  for (const run of runs) {
    for (const h of run.headers) {
      const key = h
        .replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z\s*/, '')
        .slice(0, 60)
        .replace(/[A-Za-z0-9_-]{16,}/g, '…');
      entries[key] = (entries[key] ?? 0) + 1;
    }
  }
  const known = [...new Set(runs.map((r) => r.known))];
  return {
    name: "the instances' output is JSON lines",
    ok: !runs.length,
    known: runs.length && !known.includes(undefined) ? (known as KnownIssue[]) : undefined,
    detail: `text written around the logger: ${runs.length} dumps, ${runs.reduce((n, r) => n + r.to - r.from + 1, 0)} lines ${JSON.stringify(entries)}`,
    numbers: { dumps: runs.length, entries },
  };
}

/** A line of nginx's error log about a request for the sandbox's 3-D Secure page (its URL holds the client secret). */
const SANDBOX_PAGE =
  /\[(error|warn)\].* request: "GET \/sandbox\/v1\/payment_intents\/pi_[A-Za-z0-9_]+\/authenticate\?/;

/**
 * No secret and no customer detail in any log (the instances' output, nginx's logs): the keys, webhook
 * secrets, the owner's password, console session tokens, payment client secrets, customers' e-mails and
 * phones as they were sent. Found values are named by kind and place, never printed.
 */
export function logHygiene(files: string[], needles: { kind: string; values: Iterable<string> }[]): Check {
  const found: { kind: string; file: string; line: number; known?: KnownIssue }[] = [];
  const kinds = needles.map((n) => ({ kind: n.kind, values: [...new Set(n.values)].filter((v) => v.length >= 8) }));
  let lines = 0;
  let sandboxPages = 0;
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const split = text.split('\n');
    const runs = textRuns(file, split);
    const lower = text.toLowerCase();
    for (const { kind, values } of kinds) {
      for (const value of values) {
        for (let at = lower.indexOf(value.toLowerCase()); at >= 0; at = lower.indexOf(value.toLowerCase(), at + 1)) {
          const line = text.slice(0, at).split('\n').length;
          // nginx's error log names the request line of a request an upstream dropped (a fault's): the sandbox's
          // 3-D Secure page carries its intent's client secret in its URL, as Stripe's does; in production that
          // page is Stripe's and never passes through our nginx. Counted apart, not a leak of ours.
          if (kind === 'payment client secrets' && SANDBOX_PAGE.test(split[line - 1] ?? '')) {
            sandboxPages++;
            continue;
          }
          const known = runs.find((r) => line >= r.from && line <= r.to)?.known;
          found.push({ kind, file: path.basename(file), line, ...(known ? { known } : {}) });
        }
      }
    }
    lines += split.length;
  }
  const byKind: Record<string, number> = {};
  for (const f of found) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  const known = [...new Set(found.map((f) => f.known))];
  return {
    name: 'no secret or customer detail in the logs',
    ok: !found.length,
    known: found.length && !known.includes(undefined) ? (known as KnownIssue[]) : undefined,
    detail:
      `${lines} log lines searched for ${kinds.reduce((n, k) => n + k.values.length, 0)} values (${kinds.map((k) => `${k.kind} ${k.values.length}`).join(', ')}); ` +
      `found: ${found.length ? JSON.stringify(byKind) : 0}${list(found)}; the sandbox's 3-D Secure page named in nginx's error log: ${sandboxPages}`,
    numbers: { lines, found: found.length, byKind, sandboxPages },
  };
}
