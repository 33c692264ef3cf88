// Reads through the PostgreSQL restart: every GET (and HEAD) nginx answered during the restart's window, and
// its grace, was answered without a 5xx (the API runs a read that lost its connection again on a fresh one:
// src/db/read-retry.ts). Writes may answer 500 `internal` meanwhile, the spec's "retry": counted, not failed.
import { type Check, type ChecksInput, list } from './checks-common';

export const PG_RESTART_WINDOW = 'PostgreSQL restart';

/** Check 6b, from nginx's access log and the fault windows. */
export function readsCheck(input: ChecksInput, add: (c: Check) => void) {
  const name = 'no 5xx on reads through the PostgreSQL restart';
  const window = input.windows.find((w) => w.name === PG_RESTART_WINDOW);
  if (!window) {
    add({ name, ok: false, detail: `no "${PG_RESTART_WINDOW}" fault window was recorded` });
    return;
  }
  const inside = input.nginx.filter((l) => l.msec * 1000 >= window.from && l.msec * 1000 <= window.to + input.graceMs);
  const isRead = (method: string) => method === 'GET' || method === 'HEAD';
  const reads = inside.filter((l) => isRead(l.method));
  const writes = inside.filter((l) => !isRead(l.method));
  const readFives = reads.filter((l) => l.status >= 500);
  const writeFives = writes.filter((l) => l.status >= 500);
  const slowest = Math.max(0, ...reads.map((l) => l.request_time));
  add({
    name,
    ok: !readFives.length && reads.length > 0,
    detail:
      `${(window.to + input.graceMs - window.from) / 1000} s (+${input.graceMs / 1000} s grace): ${reads.length} reads, ${readFives.length} answered 5xx` +
      `${list(readFives.map((l) => ({ time: l.time, status: l.status, upstream: l.upstream, request_id: l.request_id })))}; ` +
      `the slowest read took ${slowest.toFixed(1)} s; writes ${writes.length}, ${writeFives.length} answered 5xx (retryable; their clients sent them again)`,
    numbers: {
      reads: reads.length,
      readFivexx: readFives.length,
      slowestReadSeconds: slowest,
      writes: writes.length,
      writeFivexx: writeFives.length,
    },
  });
}
