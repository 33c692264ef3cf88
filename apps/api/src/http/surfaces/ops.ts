import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { keptFor } from '../../lib/kept-for';
import { isDraining } from '../../lib/lifecycle';
import { metrics } from '../../lib/metrics';

/**
 * One check of /readyz: `ok`, `off`, or why not in a few words (never a host, a URL or a credential). A check
 * whose dependency the instance can serve without (Redis: the limits count in memory meanwhile; the outbox
 * worker: another instance's delivers) is `optional`: its failure is reported as `degraded`, still 200.
 */
export type Check = (() => Promise<string>) & { optional?: boolean };

/** A readiness answer is kept this long: a probe, however often it comes, runs the checks once a second. */
const READINESS_MAX_AGE_MS = 1_000;

export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

/**
 * The operator's endpoints, outside every API surface (no keys, no rate limits, no CORS):
 * - `GET /healthz`: the process answers (a load balancer's liveness).
 * - `GET /readyz`: every required check passes and the process is not shutting down, else 503 with each
 *   check's state, so a load balancer sends it no new requests; an optional dependency that fails is
 *   `degraded` (200). The checks run at most once a second, whatever the rate of probes (no key, no limit:
 *   it must stay cheap for anybody to ask).
 * - `GET /metrics`: Prometheus text, when SVC_METRICS_TOKEN is set and sent as a bearer token; without a
 *   token it is served only on the metrics port (SVC_METRICS_PORT, off the public one) and 404 here.
 */
export function createOpsSurface(deps: {
  checks: Record<string, Check>;
  /** Wait no longer for a check: a load balancer's probe must be answered before its own timeout. */
  checkTimeoutMs?: number;
  metricsToken?: string;
  /** True on the metrics port, which is never public: no token asked. */
  open?: boolean;
}) {
  const app = new Hono();
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));
  const readiness = keptFor(READINESS_MAX_AGE_MS, () => {
    metrics().readinessRuns.inc();
    return runChecks(deps.checks, deps.checkTimeoutMs ?? 2_000);
  });
  app.get('/readyz', async (c) => {
    const checks = { ...(await readiness()) };
    if (isDraining()) checks.shutdown = 'draining';
    const states = Object.values(checks);
    const ready = states.every((state) => state === 'ok' || state === 'off' || state === 'degraded');
    const status = !ready ? 'not_ready' : states.includes('degraded') ? 'degraded' : 'ready';
    return c.json({ status, checks }, ready ? 200 : 503, noStore);
  });
  app.get('/metrics', async (c) => {
    if (!deps.open) {
      if (!deps.metricsToken)
        return c.json({ error: { code: 'not_found', message: 'No endpoint GET /metrics.' } }, 404);
      if (!bearerMatches(c.req.header('authorization'), deps.metricsToken)) {
        return c.json(
          { error: { code: 'unauthorized', message: 'Send the metrics token as `Authorization: Bearer <token>`.' } },
          401,
          { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        );
      }
    }
    const { registry } = metrics();
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, ...noStore });
  });
  app.notFound((c) =>
    c.json({ error: { code: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}.` } }, 404),
  );
  return app;
}

async function runChecks(checks: Record<string, Check>, timeoutMs: number): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), timeoutMs);
      });
      const state = await Promise.race([check().catch(() => 'failing'), late]);
      clearTimeout(timer);
      return [name, check.optional && state !== 'ok' && state !== 'off' ? 'degraded' : state] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.match(/^Bearer (.+)$/)?.[1] ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
