// What customers saw through nginx: no 5xx outside the fault windows (and their grace), counted per window.
import { type Check, type ChecksInput, list } from './checks-common';

/** Check 6, from nginx's access log; the requests and 5xx per window go into the run's facts too. */
export function windowCheck(input: ChecksInput, add: (c: Check) => void) {
  // 6. No 5xx outside the fault windows (nginx's log: what customers saw).
  const inWindow = (ms: number) => input.windows.find((w) => ms >= w.from && ms <= w.to + input.graceMs);
  const fives = input.nginx.filter((l) => l.status >= 500);
  const outside = fives.filter((l) => !inWindow(l.msec * 1000));
  const perWindow = input.windows.map((w) => ({
    window: w.name,
    seconds: Math.round((w.to + input.graceMs - w.from) / 100) / 10,
    requests: input.nginx.filter((l) => l.msec * 1000 >= w.from && l.msec * 1000 <= w.to + input.graceMs).length,
    fivexx: fives.filter((l) => inWindow(l.msec * 1000) === w).length,
  }));
  const statusCounts: Record<string, number> = {};
  for (const l of input.nginx) statusCounts[l.status] = (statusCounts[l.status] ?? 0) + 1;
  add({
    name: 'no 5xx outside the fault windows',
    ok: !outside.length,
    detail:
      `${input.nginx.length} requests through nginx ${JSON.stringify(statusCounts)}; 5xx inside the windows (+${input.graceMs / 1000} s grace): ` +
      `${fives.length - outside.length} [${perWindow.map((w) => `${w.window}: ${w.fivexx} of ${w.requests}`).join('; ')}]; outside: ${outside.length}` +
      list(outside.map((l) => ({ time: l.time, status: l.status, upstream: l.upstream, request_id: l.request_id }))),
    numbers: {
      requests: input.nginx.length,
      statusCounts,
      fivexxInside: fives.length - outside.length,
      fivexxOutside: outside.length,
      perWindow,
    },
  });
  return { perWindow };
}
