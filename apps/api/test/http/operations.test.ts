import { spawn } from 'node:child_process';
import { createServer, type Server, Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../../src/db/schema';
import { intentBody, payWithCard } from '../support/booking';
import { apiClient } from '../support/client';
import { type DatabaseLocation, drivers, open } from '../support/databases';
import { seededLocation, spawnServer } from '../support/servers';

// What an operator runs the platform with (docs/deploy.md): health and readiness for the load balancer,
// Prometheus metrics behind a token, and a graceful stop that answers what it took.
const targets = inject('targets');
const strictTargets = inject('strictTargets');
const metricsToken = inject('metricsToken');

/** One sample of a Prometheus text exposition: `name{labels}` → value (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (want.length === 0 && line.startsWith(`${name} `)) return Number(line.split(' ').at(-1));
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const have = inside.split(',');
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe.each(targets)('operations on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const scrape = async () => {
    const res = await fetch(`${target.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('/healthz answers and /readyz says each check is ok', async () => {
    const health = await fetch(`${target.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${target.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'off', outbox_worker: 'ok' },
    });
  });

  it('/metrics refuses a scrape without the token, or with another', async () => {
    const none = await fetch(`${target.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    const wrong = await fetch(`${target.baseUrl}/metrics`, { headers: { authorization: `Bearer ${'x'.repeat(48)}` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('svc_http_requests_total');
  });

  it("/metrics counts a booking's requests, its payment intent and its confirm", async () => {
    const key = target.fixtures.acme.server;
    const before = await scrape();
    const intent = await api.post('/intents', { key, body: intentBody(target) });
    expect(intent.status).toBe(200);
    // Every answer carries its request id, the one its log line names.
    expect(intent.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await payWithCard(target, intent.body.data);
    const { session_id, payment_intent_id } = intent.body.data;
    const confirmed = await api.post('/confirm', { key, body: { session_id, payment_intent_id } });
    expect(confirmed.body.data.state).toBe('confirmed');
    const refused = await api.get('/sizes');
    expect(refused.status).toBe(401);
    const after = await scrape();

    const grew = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const requests = 'svc_http_requests_total';
    expect(grew(requests, { surface: 'booking', operation: 'createIntent', status: '200' })).toBe(1);
    expect(grew(requests, { surface: 'booking', operation: 'confirm', status: '200' })).toBe(1);
    expect(grew(requests, { surface: 'booking', operation: 'listSizes', status: '401' })).toBe(1);
    expect(grew('svc_http_request_duration_seconds_count', { surface: 'booking', operation: 'confirm' })).toBe(1);
    expect(grew('svc_payment_intents_total', { kind: 'dumpster', outcome: 'created' })).toBe(1);
    expect(grew('svc_confirms_total', { kind: 'dumpster', via: 'confirm', outcome: 'confirmed' })).toBe(1);
    // The outbox's depth is a series per channel even when nothing waits; the event loop's lag is there too.
    expect(after).toMatch(/^svc_outbox_pending\{channel="webhook_booking"\} \d+$/m);
    expect(after).toMatch(/^svc_nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    // No label holds a company, a key or a path.
    expect(after).not.toContain(target.fixtures.acme.server);
    expect(after).not.toContain('acme');
    expect(after).not.toContain('/booking/v1');
  });
  it('5,000 /readyz from one address in about 5 s run the checks at most once a second', async () => {
    const runs = async () => sample(await scrape(), 'svc_readiness_checks_total', {});
    const before = await runs();
    const started = Date.now();
    const statuses = new Set<number>();
    for (let sent = 0; sent < 5_000; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${target.baseUrl}/readyz`).then((r) => r.status)),
      );
      for (const status of batch) statuses.add(status);
      // Spread over five seconds at least, as a flood from one address would be.
      const due = started + ((sent + 50) / 5_000) * 5_000;
      if (Date.now() < due) await new Promise((r) => setTimeout(r, due - Date.now()));
    }
    const seconds = (Date.now() - started) / 1000;
    expect(statuses).toEqual(new Set([200]));
    // One run a second, and one more for a second that began inside the flood.
    expect(await runs()).toBeLessThanOrEqual(before + Math.ceil(seconds) + 1);
    expect(await runs()).toBeGreaterThan(before);
  });
});

describe.each(strictTargets)('operations on $name (the spec limits)', (target) => {
  it('health and readiness are never rate limited', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        fetch(`${target.baseUrl}/${i % 2 ? 'healthz' : 'readyz'}`).then((r) => r.status),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

/**
 * A TCP relay in front of PostgreSQL, so a test can take the database away from a server and give it back
 * (the way a network partition or a database restart looks to the API).
 */
async function relay(to: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port = 0) =>
    new Promise<number>((resolve) => {
      const listening = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(to.port || 5432), to.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listening;
      listening.listen(port, '127.0.0.1', () => resolve((listening.address() as { port: number }).port));
    });
  const port = await listen();
  return {
    port,
    /** Refuses new connections and cuts the open ones. */
    async cut() {
      const closed = new Promise((r) => server?.close(r));
      for (const s of sockets) s.destroy();
      await closed;
    },
    async restore() {
      await listen(port);
    },
  };
}

// Taking a database away from a running server, or holding a row while it waits, needs a database server
// apart from the API's process: PostgreSQL (CI always has it; drivers() refuses to run CI without it).
describe.runIf(drivers().includes('postgres'))('an API instance on PostgreSQL', () => {
  const locations: DatabaseLocation[] = [];
  afterAll(async () => {
    for (const l of locations) await l.dispose();
  });

  it('/readyz turns 503 while its database is unreachable, and ready again when it is back', async () => {
    const { location } = await seededLocation('postgres', 'readyz');
    locations.push(location);
    const url = new URL(location.env.DATABASE_URL as string);
    const through = await relay(url);
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${through.port}`;
    const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {};
    const server = await spawnServer(
      'standalone',
      { ...location.env, DATABASE_URL: relayed.toString() },
      { ...redis, SVC_METRICS_TOKEN: 'ops-test-token-0123456789' },
    );
    const readiness = async () => {
      const res = await fetch(`${server.baseUrl}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
    };
    try {
      // Up is not ready: Redis's connection may still be opening when the first request is answered
      // (a CI run on a busy machine saw `redis: failing` here), and /readyz says so until it is open.
      await expect.poll(async () => (await readiness()).body, { timeout: 15_000 }).toMatchObject({ status: 'ready' });
      expect((await readiness()).status).toBe(200);
      if (process.env.TEST_REDIS_URL) expect((await readiness()).body.checks.redis).toBe('ok');
      await through.cut();
      // The answer is kept for a second: the next one after that says the database is gone.
      await expect.poll(async () => (await readiness()).status, { timeout: 10_000 }).toBe(503);
      const down = await readiness();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('not_ready');
      expect(down.body.checks.database).not.toBe('ok');
      // No host, port or credential in the answer.
      expect(JSON.stringify(down.body)).not.toContain(String(through.port));
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      // The metrics are still served: only what the database would tell (the outbox's depth) is missing.
      const scrape = await fetch(`${server.baseUrl}/metrics`, {
        headers: { authorization: 'Bearer ops-test-token-0123456789' },
      });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(text).toContain('svc_http_requests_total');
      expect(text).not.toMatch(/^svc_outbox_pending\{/m);
      await through.restore();
      await expect.poll(async () => (await readiness()).status, { timeout: 15_000 }).toBe(200);
    } finally {
      await server.stop();
      await through.cut();
    }
  });

  it('/readyz says degraded (200) while Redis is stopped and ready again when it is back; bookings go on', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const startRedis = () =>
      spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
    let redis = startRedis();
    const { location, fixtures } = await seededLocation('postgres', 'redis-degraded');
    locations.push(location);
    const server = await spawnServer('standalone', location.env, { REDIS_URL: `redis://127.0.0.1:${port}` });
    const readiness = async () => {
      const res = await fetch(`${server.baseUrl}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
    };
    try {
      await expect.poll(async () => (await readiness()).body.status, { timeout: 15_000 }).toBe('ready');
      redis.kill('SIGTERM');
      await expect
        .poll(async () => (await readiness()).body, { timeout: 15_000 })
        .toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'degraded' } });
      expect((await readiness()).status).toBe(200);
      // The limits count in memory meanwhile: the booking surface answers.
      const sizes = await apiClient(server.baseUrl).get('/sizes', { key: fixtures.acme.server });
      expect(sizes.status).toBe(200);
      redis = startRedis();
      await expect.poll(async () => (await readiness()).body.status, { timeout: 20_000 }).toBe('ready');
    } finally {
      redis.kill('SIGTERM');
      await server.stop();
    }
  });

  it('SIGTERM during a confirm in flight: the confirm is answered, the order exists once, the process exits 0', async () => {
    const { location, fixtures } = await seededLocation('postgres', 'sigterm');
    locations.push(location);
    const server = await spawnServer('standalone', location.env, { SVC_INTENT_LIMIT_FACTOR: '1000' });
    const target = {
      name: 'sigterm',
      kind: 'standalone' as const,
      driver: 'postgres' as const,
      baseUrl: server.baseUrl,
      env: location.env,
      fixtures,
    };
    const api = apiClient(server.baseUrl);
    const key = fixtures.acme.server;
    const holder = new pg.Client({ connectionString: location.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: location.env.DATABASE_URL });
    await holder.connect();
    await watcher.connect();
    try {
      const intent = await api.post('/intents', { key, body: intentBody(target) });
      expect(intent.status).toBe(200);
      const { session_id, payment_intent_id } = intent.body.data;
      await payWithCard(target, intent.body.data);

      // Hold the session's row: the confirm's lease waits on it, in flight, while the instance is told to stop.
      await holder.query('begin');
      await holder.query('select 1 from booking_sessions where session_id = $1 for update', [session_id]);
      const answer = fetch(`${server.baseUrl}/booking/v1/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id, payment_intent_id }),
      });
      // Watched from another connection: inside the holder's transaction, pg_stat_activity is a snapshot.
      await expect
        .poll(
          async () =>
            (
              await watcher.query(
                `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%booking_sessions%'`,
              )
            ).rows[0].n > 0,
          { timeout: 10_000 },
        )
        .toBe(true);
      server.signal('SIGTERM');
      // Draining: it takes no new connection (a load balancer sends the next request elsewhere).
      await expect
        .poll(
          () =>
            fetch(`${server.baseUrl}/healthz`).then(
              () => 'answered',
              () => 'refused',
            ),
          { timeout: 5_000 },
        )
        .toBe('refused');
      await holder.query('commit');

      const res = await answer;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { state: string } };
      expect(body.data.state).toBe('confirmed');
      expect(await server.exited).toBe(0);

      const database = await open(location);
      try {
        const made = await database.db.select().from(orders).where(eq(orders.sessionId, session_id));
        expect(made).toHaveLength(1);
        const [payment] = await database.db
          .select({ amount: sandboxPaymentIntents.amountCents, status: sandboxPaymentIntents.status })
          .from(sandboxPaymentIntents)
          .where(sql`${sandboxPaymentIntents.id} = ${payment_intent_id}`);
        // What the card was charged is what the order records.
        expect(payment).toEqual({ amount: made[0]?.grossTotalCents, status: 'succeeded' });
      } finally {
        await database.close();
      }
      expect(server.output()).toMatch(/"msg":"stopped"/);
    } finally {
      await holder.end().catch(() => {});
      await watcher.end().catch(() => {});
      await server.stop();
    }
  });
});
