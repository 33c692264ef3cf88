// What customers saw through nginx: no 5xx outside the fault windows (and their grace), none at all inside a
// strict window (docs/deploy.md's rolling restart: a deploy refuses no request), counted per window.
import { type Check, type ChecksInput, type FaultWindow, list } from './checks-common';

/** Check 6, from nginx's access log; the requests and 5xx per window go into the run's facts too. */
export function windowCheck(input: ChecksInput, add: (c: Check) => void) {
  // 6. No 5xx outside the fault windows (nginx's log: what customers saw).
  const end = (w: FaultWindow) => w.to + (w.strict ? 0 : input.graceMs);
  const within = (ms: number, w: FaultWindow) => ms >= w.from && ms <= end(w);
  // A 5xx is forgiven inside a fault's window and its grace, never inside a strict one.
  const forgiving = input.windows.filter((w) => !w.strict);
  const forgivenBy = (ms: number) => forgiving.find((w) => within(ms, w));
  const fives = input.nginx.filter((l) => l.status >= 500);
  const outside = fives.filter((l) => !forgivenBy(l.msec * 1000));
  const perWindow = input.windows.map((w) => ({
    window: w.name,
    strict: !!w.strict,
    seconds: Math.round((end(w) - w.from) / 100) / 10,
    requests: input.nginx.filter((l) => within(l.msec * 1000, w)).length,
    fivexx: fives.filter((l) => within(l.msec * 1000, w) && (w.strict || forgivenBy(l.msec * 1000) === w)).length,
  }));
  const statusCounts: Record<string, number> = {};
  for (const l of input.nginx) statusCounts[l.status] = (statusCounts[l.status] ?? 0) + 1;
  const forgivenCount = fives.length - outside.length;
  add({
    name: 'no 5xx outside the fault windows, none in the rolling restart',
    ok: !outside.length,
    detail:
      `${input.nginx.length} requests through nginx ${JSON.stringify(statusCounts)}; 5xx forgiven inside the windows (+${input.graceMs / 1000} s grace, none in a strict one): ` +
      `${forgivenCount} [${perWindow.map((w) => `${w.window}${w.strict ? ' (strict)' : ''}: ${w.fivexx} of ${w.requests}`).join('; ')}]; not forgiven: ${outside.length}` +
      list(outside.map((l) => ({ time: l.time, status: l.status, upstream: l.upstream, request_id: l.request_id }))),
    numbers: {
      requests: input.nginx.length,
      statusCounts,
      fivexxInside: forgivenCount,
      fivexxOutside: outside.length,
      perWindow,
    },
  });
  return { perWindow };
}
