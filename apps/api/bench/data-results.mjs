// The results of the load cases: one row per case (requests/s, p50/p90/p99, status codes, the load average
// after it), printed as it is measured; a case with failed responses fails the run.
import os from 'node:os';

/** Adds the case's row to `run.results` and prints it; failed responses set `run.failed`. */
export function summarize(run, label, r, extra = {}) {
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const row = {
    case: label,
    requests_per_second: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p90_ms: r.latency.p90,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    requests: r.requests.total,
    status_codes: codes,
    errors: r.errors + r.timeouts,
    load_average_after: Number(os.loadavg()[0].toFixed(2)),
    ...extra,
  };
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad) {
    console.error(`${label}: ${bad} failed responses (${JSON.stringify(codes)})`);
    run.failed = true;
  }
  run.results.push(row);
  console.log(
    `${label.padEnd(44)} ${String(row.requests_per_second).padStart(6)} req/s   p50 ${String(row.p50_ms).padStart(3)} ms   p99 ${String(row.p99_ms).padStart(3)} ms   max ${String(row.max_ms).padStart(4)} ms   load ${row.load_average_after}`,
  );
  return row;
}
