// What must hold after the soak, read from the database (the platform's records and the sandbox's, which
// stands where the card processor's would), the receiver's log and nginx's access log.
// The checks run in order here (checks-money.ts, checks-webhooks.ts, checks-leads.ts, checks-windows.ts,
// checks-reads.ts, checks-field.ts, then the processes' below); the logs' are in checks-logs.ts. The known product bugs are
// listed here.
import { type Check, type ChecksInput, type KnownIssue, list } from './checks-common';
import { fieldCheck } from './checks-field';
import { leadCheck } from './checks-leads';
import { moneyChecks, outcomeCheck } from './checks-money';
import { readsCheck } from './checks-reads';
import { webhookCheck } from './checks-webhooks';
import { windowCheck } from './checks-windows';

export async function runChecks(input: ChecksInput): Promise<{ checks: Check[]; facts: Record<string, unknown> }> {
  const checks: Check[] = [];
  const add = (c: Check) => checks.push(c);

  // In the order they are printed: 1 to 3, then 4, 5, 6, 6b, 7 and 8 (each file numbers its own).
  await moneyChecks(input, add);
  await webhookCheck(input, add);
  await leadCheck(input, add);
  const { perWindow } = windowCheck(input, add);
  readsCheck(input, add);
  outcomeCheck(input, add);
  await fieldCheck(input, add);

  // 9. The processes: a SIGTERM ends in a clean exit within the timeout; every instance ready at the end.
  const g = input.graceful;
  const notReady = input.instancesReady.filter((i) => i.status !== 200);
  add({
    name: 'graceful stop and recovery of every instance',
    ok:
      !!g &&
      g.code === 0 &&
      g.ms <= g.timeoutMs &&
      g.inFlight.every((s) => s === 200) &&
      !notReady.length &&
      !input.faultErrors.length,
    detail:
      `SIGTERM: requests in flight answered ${g ? JSON.stringify(g.inFlight) : '-'}, exit code ${g?.code}${g?.signal ? ` (${g.signal})` : ''} ` +
      `after ${g ? (g.ms / 1000).toFixed(1) : '-'} s (SVC_SHUTDOWN_TIMEOUT_MS ${g ? g.timeoutMs / 1000 : '-'} s); ` +
      `faults not recovered from: ${input.faultErrors.length}${list(input.faultErrors)}; ` +
      `instances ready at the end: ${input.instancesReady.length - notReady.length} of ${input.instancesReady.length}${list(notReady)}`,
  });

  // 10. No instance died on its own (a supervisor started each one again a second later).
  const crashes = input.crashes.map((c) => ({
    instance: c.instance,
    at: input.t(c.at),
    exit: c.signal ?? c.code,
    known: knownIn(c.output),
    // The crash's own words, without the JSON lines before it.
    output: c.output
      .filter((l) => !l.startsWith('{'))
      .slice(0, 12)
      .map((l) => l.slice(0, 160)),
  }));
  add({
    name: 'no instance crashed',
    ok: !crashes.length,
    known:
      crashes.length && crashes.every((c) => c.known) ? [...new Set(crashes.map((c) => c.known as string))] : undefined,
    detail: `instances that exited on their own: ${crashes.length}${crashes.map((c) => `\n          ${c.instance} at ${c.at}, exit ${c.exit}: ${c.output.join(' | ')}`).join('')}`,
    numbers: { crashes },
  });

  return { checks, facts: { perWindow } };
}

/**
 * Product bugs this soak found and reported, not yet fixed: a check whose every failure is one of these
 * prints KNOWN instead of FAIL and does not fail the run, so the soak can gate CI while the fix is on its
 * way. Remove an entry once src is fixed; each run says when a known issue was not seen. An issue is known by
 * a signature in what the process wrote outside its JSON log lines. None now. (Found and fixed: Better
 * Auth's own logger printing a failed query's parameters, a session token; ioredis printing every failed
 * reconnect; an instance ending when PostgreSQL dropped a connection a transaction held, src/db/client.ts.)
 */
export const KNOWN_ISSUES: Record<string, { signature: RegExp; what: string }> = {};

export const knownIn = (lines: string[]): KnownIssue | undefined =>
  Object.keys(KNOWN_ISSUES).find((id) => lines.some((l) => KNOWN_ISSUES[id]?.signature.test(l)));
