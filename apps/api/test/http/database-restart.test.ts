import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intentBody } from '../support/booking';
import { apiClient } from '../support/client';
import { type DatabaseLocation, drivers } from '../support/databases';
import { PgProxy } from '../support/pg-proxy';
import { seededLocation, spawnServer, type Target } from '../support/servers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = 'database-restart-metrics-token-0123456789';

// A PostgreSQL restart (issue 56): the server's database goes away for a while (every connection dropped, new
// ones refused) and comes back. A GET caught by it, in flight or arriving meanwhile, waits for the database
// and answers (db/read-retry.ts); a write answers 500 `internal`, the spec's "retry", as before.
describe.runIf(drivers().includes('postgres'))('a database restart, on postgres', () => {
  let location: DatabaseLocation;
  let proxy: PgProxy;
  let server: Awaited<ReturnType<typeof spawnServer>>;
  let target: Target;

  beforeAll(async () => {
    const seeded = await seededLocation('postgres', 'db-restart');
    location = seeded.location;
    const around = await PgProxy.around(location.env.DATABASE_URL as string);
    proxy = around.proxy;
    server = await spawnServer(
      'standalone',
      { ...location.env, DATABASE_URL: around.url },
      { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_METRICS_TOKEN: METRICS_TOKEN },
    );
    target = {
      name: 'db-restart',
      kind: 'standalone',
      driver: 'postgres',
      baseUrl: server.baseUrl,
      env: location.env,
      fixtures: seeded.fixtures,
    };
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await location?.dispose();
  });

  const retries = async () => {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (await res.text())
      .split('\n')
      .find((l) => l.startsWith('svc_db_read_retries_total{outcome="recovered"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it('a read in flight and reads arriving meanwhile answer once it is back; a write answers 500 internal', async () => {
    const api = apiClient(server.baseUrl);
    const key = target.fixtures.acme.server;
    const opened = await api.post('/intents', { key, body: intentBody(target) });
    expect(opened.status).toBe(200);
    const sessionId = opened.body.data.session_id as string;
    expect((await api.get(`/sessions/${sessionId}`, { key })).status).toBe(200);
    const retriedBefore = await retries();

    // A read in flight: its statement sent, the answer held back, then every connection cut.
    proxy.hold();
    const inFlight = api.get(`/sessions/${sessionId}`, { key });
    await sleep(300);
    await proxy.cut();
    // Reads and a write while there is no database.
    const meanwhile = api.get(`/sessions/${sessionId}`, { key });
    await sleep(400);
    const write = await fetch(`${server.baseUrl}/booking/v1/intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(intentBody(target)),
    });
    const later = api.get(`/sessions/${sessionId}`, { key });
    await sleep(1500);
    await proxy.restore();

    // apiClient fails on any 500: each read answered, with the session it asked for.
    for (const read of await Promise.all([inFlight, meanwhile, later])) {
      expect(read.status).toBe(200);
      expect(read.body.data.session_id).toBe(sessionId);
    }
    expect(write.status).toBe(500);
    expect(((await write.json()) as { error: { code: string } }).error.code).toBe('internal');
    // Each read was run again on a fresh connection, and counted.
    expect((await retries()) - retriedBefore).toBeGreaterThanOrEqual(3);
  });
});
