// The soak's report: each check (PASS, KNOWN or FAIL), the known product bugs seen or not, p50/p99 per
// operation, the totals, the instances' logs in short and the unexpected answers, printed; the same, with the
// timeline and the fault windows, put in the report run.ts saves (bench/results/soak-latest.json). And what
// it reads from the instances for it: their counters (/metrics) and their logs.
import { existsSync, readFileSync } from 'node:fs';
import { KNOWN_ISSUES } from './checks';
import type { Check, FaultWindow, KnownIssue } from './checks-common';
import type { Load } from './load';
import { quantile, type Recorder } from './load-http';
import { isBookingStep, type Saturation } from './load-ramp';
import type { Rates } from './load-world';
import type { Receiver } from './receiver';

/** Prints the report and fills `report` in; returns the checks that failed (on no known product bug). */
export function printReport(r: {
  report: Record<string, unknown>;
  checks: Check[];
  recorder: Recorder;
  load: Load;
  receiver: Receiver;
  ran: { loadMs: number };
  metrics: Awaited<ReturnType<typeof scrapeMetrics>>;
  logs: ReturnType<typeof instanceLogs>;
  /** A time as the run's timeline says it (seconds since the start). */
  t: (ms: number) => string;
  runStarted: number;
  settleStarted: number;
  pgVersion: string;
  receiverDownMs: number;
  timeline: { at: string; what: string }[];
  windows: FaultWindow[];
  graceMs: number;
  /** What was still settling when the checks ran. */
  state: unknown;
  /** The load's rates, and their multiple of the default (`--rate`). */
  rates: Rates;
  factor: number;
  /** The saturation ramp's steps and point (not in a short run). */
  saturation?: Saturation;
}): Check[] {
  const { report, checks, recorder, load, receiver, ran, metrics, logs, t, runStarted, settleStarted } = r;
  const { pgVersion, receiverDownMs, timeline, windows, graceMs, state, rates, factor, saturation } = r;

  const ops = recorder.summary();
  // Outside the fault windows (and their grace): a sample whose request overlaps none of them.
  const calm = (s: { at: number; ms: number }) => !windows.some((w) => s.at >= w.from && s.at - s.ms <= w.to + graceMs);
  const calmOps = new Map(recorder.summary(calm).map((o) => [o.op, o]));
  const bookingCalm = recorder.samples
    .filter((s) => calm(s) && isBookingStep(s.op))
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const bookingSteps = {
    count: bookingCalm.length,
    p50_ms: quantile(bookingCalm, 0.5),
    p99_ms: quantile(bookingCalm, 0.99),
  };
  const total = recorder.samples.length;
  const seconds = ran.loadMs / 1000;
  console.log('\nChecks');
  for (const c of checks) {
    const mark = c.ok ? 'PASS ' : c.known ? 'KNOWN' : 'FAIL ';
    console.log(
      `  ${mark} ${c.name}\n        ${c.detail}${c.known ? `\n        known product bug: ${c.known.join(', ')}` : ''}`,
    );
  }
  const seen = new Set(checks.flatMap((c) => c.known ?? []));
  for (const id of Object.keys(KNOWN_ISSUES) as KnownIssue[]) {
    console.log(
      seen.has(id)
        ? `  known product bug still present: ${id}: ${KNOWN_ISSUES[id]?.what}`
        : `  known product bug not seen in this run: ${id} (it may be intermittent; once src is fixed, remove it from KNOWN_ISSUES in soak/checks.ts)`,
    );
  }
  console.log(
    `\nLatency per operation (the load generator's own timings, through nginx; any status; at ${factor}x the default rates): ` +
      `all, then outside the fault windows (+${graceMs / 1000} s grace)`,
  );
  const ms = (n: number | undefined) => (n === undefined ? '-' : `${n}ms`).padStart(7);
  console.log(
    `  ${'operation'.padEnd(40)} ${'count'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)} ${'calm p50'.padStart(9)} ${'calm p99'.padStart(9)}  statuses`,
  );
  for (const o of ops) {
    const c = calmOps.get(o.op);
    console.log(
      `  ${o.op.padEnd(40)} ${String(o.count).padStart(6)} ${ms(o.p50_ms)} ${ms(o.p99_ms)} ${ms(o.max_ms)} ${ms(c?.p50_ms).padStart(9)} ${ms(c?.p99_ms).padStart(9)}  ${JSON.stringify(o.statuses)}`,
    );
  }
  console.log(
    `  booking steps (quote, intents, confirm, session) outside the fault windows: ${bookingSteps.count} answers, p50 ${bookingSteps.p50_ms} ms, p99 ${bookingSteps.p99_ms} ms (target < 100 ms)`,
  );
  if (saturation) {
    const p = saturation.point;
    console.log(
      `\nSaturation (steps of ${saturation.step_seconds} s, a step holds with no arrival skipped, no failed answer and booking steps p99 within ${saturation.p99_limit_ms} ms): ` +
        saturation.steps
          .map(
            (s) =>
              `${s.multiple}x ${s.requests_per_second}/s p99 ${s.booking_p99_ms} ms ${s.held ? 'held' : 'did not hold'}`,
          )
          .join('; '),
    );
    console.log(
      p
        ? `  saturation point: ${p.multiple}x, ${p.requests_per_second} requests/s and ${p.confirmed_bookings_per_second} confirmed bookings/s through nginx and three instances` +
            `${p === saturation.steps.at(-1) ? ' (the last step offered held: the point is at least this)' : ''}`
        : '  saturation point: not even the first step held',
    );
  }
  const bookingsBy = (kind: string) => load.bookings.filter((b) => b.kind === kind).length;
  const totals = {
    requests: total,
    requests_per_second: Math.round((total / seconds) * 10) / 10,
    dumpster_bookings: bookingsBy('dumpster'),
    junk_bookings: bookingsBy('junk'),
    confirmed_bookings: load.bookings.filter((b) => b.outcome === 'confirmed').length,
    photos_uploaded: load.bookings.reduce((n, b) => n + (b.photos ?? 0), 0),
    lead_pushes: load.pushes.length,
    office: load.office,
    field: load.field,
    arrivals: load.arrivals,
    webhooks_received: receiver.counts,
    receiver_down: receiver.downWindows.map((w) => ({ from: t(w.from), to: w.to ? t(w.to) : null })),
    surprises: recorder.surprises.length,
  };
  console.log(
    `\nTotals: ${total} requests in ${seconds.toFixed(0)} s (${totals.requests_per_second}/s); ${totals.dumpster_bookings} dumpster and ${totals.junk_bookings} junk bookings ` +
      `(${totals.photos_uploaded} photos), ${totals.lead_pushes} lead pushes; office ${JSON.stringify(load.office)}; ` +
      `driver's day ${JSON.stringify(load.field)}; receiver ${JSON.stringify(receiver.counts)}; counters of the instances since their last start ${JSON.stringify(metrics)}`,
  );
  console.log(
    `Instance logs: ${JSON.stringify(logs.requests)} request lines; errors logged: ${JSON.stringify(logs.errors)}; ` +
      `lines that are not JSON: ${JSON.stringify(logs.notJson)}`,
  );
  if (recorder.surprises.length) {
    console.log(`\nUnexpected answers (${recorder.surprises.length}):`);
    for (const s of recorder.surprises.slice(0, 25)) {
      console.log(`  ${t(s.at)} ${s.what}${s.requestId ? ` [request ${s.requestId}]` : ''}`);
    }
  }
  const failed = checks.filter((c: Check) => !c.ok && !c.known);
  const knownFailed = checks.filter((c: Check) => !c.ok && c.known);
  const wall = (Date.now() - runStarted) / 1000;
  console.log(
    `\n${failed.length ? `FAILED: ${failed.map((c) => c.name).join('; ')}` : 'Every check passed'} (${checks.length - failed.length - knownFailed.length}/${checks.length}` +
      `${knownFailed.length ? `; ${knownFailed.length} failing only on known product bugs: ${knownFailed.map((c) => c.name).join('; ')}` : ''}); ` +
      `wall time ${wall.toFixed(0)} s (load ${seconds.toFixed(0)} s, settle ${((Date.now() - settleStarted) / 1000).toFixed(0)} s)`,
  );
  Object.assign(report, {
    postgres: pgVersion,
    redis: 'redis-server',
    nginx: 'nginx (apps/api/soak/nginx.conf.template)',
    rate_factor: factor,
    rates,
    receiver_down_seconds: receiverDownMs / 1000,
    timeline,
    fault_windows: windows.map((w) => ({
      name: w.name,
      from: t(w.from),
      to: t(w.to),
      from_iso: new Date(w.from).toISOString(),
      to_iso: new Date(w.to).toISOString(),
      grace_seconds: graceMs / 1000,
    })),
    settled: state,
    checks,
    operations: ops.map((o) => ({
      ...o,
      calm_p50_ms: calmOps.get(o.op)?.p50_ms,
      calm_p99_ms: calmOps.get(o.op)?.p99_ms,
    })),
    booking_steps_outside_faults: bookingSteps,
    saturation,
    totals,
    instance_logs: logs,
    metrics,
    surprises: recorder.surprises.slice(0, 100).map((s) => ({ ...s, at: t(s.at) })),
    wall_seconds: Math.round(wall),
    passed: !failed.length,
    known_product_bugs: Object.fromEntries(
      (Object.keys(KNOWN_ISSUES) as KnownIssue[]).map((id) => [
        id,
        { what: KNOWN_ISSUES[id]?.what, seen: seen.has(id) },
      ]),
    ),
  });
  return failed;
}

/** A few counters summed over the instances (each counts since its last start), by their labels. */
export async function scrapeMetrics(bases: string[], token: string) {
  const families = [
    'svc_confirms_total',
    'svc_webhook_attempts_total',
    'svc_worker_passes_total',
    'svc_db_read_retries_total',
  ];
  const sums: Record<string, Record<string, number>> = {};
  for (const base of bases) {
    const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.text())
      .catch(() => '');
    for (const line of text.split('\n')) {
      const m = line.match(/^(\w+)\{(.*)\} (\d+(?:\.\d+)?)$/);
      if (!m || !families.includes(m[1] as string)) continue;
      const labels = [...(m[2] as string).matchAll(/\w+="([^"]*)"/g)].map((l) => l[1]).join('/');
      sums[m[1] as string] ??= {};
      const family = sums[m[1] as string] as Record<string, number>;
      family[labels] = (family[labels] ?? 0) + Number(m[3]);
    }
  }
  return sums;
}

/** The instances' JSON logs: request lines by status class, and the error lines by message. */
export function instanceLogs(files: string[]) {
  const requests: Record<string, number> = {};
  const errors: Record<string, number> = {};
  /** Lines that are not JSON (the operator's log pipeline cannot read them), by their start. */
  const notJson: Record<string, number> = {};
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      if (!line.startsWith('{')) {
        // A multi-line dump (a stack, an error's fields) is counted once, by its first line, without its
        // time and with anything token-like masked: this summary goes into the saved report.
        if (/^([\s}\]]|params:|query:)/.test(line)) continue;
        const key = line
          .replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z\s*/, '')
          .slice(0, 70)
          .replace(/[A-Za-z0-9_-]{16,}/g, '…');
        notJson[key] = (notJson[key] ?? 0) + 1;
        continue;
      }
      let entry: { msg?: string; level?: number; status?: number; err?: { message?: string }; operation?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.msg === 'request' && entry.status) {
        const cls = `${String(entry.status)[0]}xx`;
        requests[cls] = (requests[cls] ?? 0) + 1;
        if (entry.status >= 500) {
          const key = `5xx ${entry.operation}`;
          errors[key] = (errors[key] ?? 0) + 1;
        }
      } else if ((entry.level ?? 0) >= 50) {
        const key = `${entry.msg}${entry.err?.message ? `: ${entry.err.message.slice(0, 80)}` : ''}`;
        errors[key] = (errors[key] ?? 0) + 1;
      }
    }
  }
  return { requests, errors, notJson };
}
