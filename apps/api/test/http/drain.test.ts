import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseLocation } from '../support/databases';
import { seededLocation, spawnServer } from '../support/servers';

// A rolling restart behind nginx (docs/deploy.md, docs/decisions/graceful-shutdown.md): on SIGTERM an
// instance says it is not ready at once, goes on answering for SVC_DRAIN_MS, each answer closing its
// connection, and only then stops listening and exits 0.

/** One request on a connection of its own that asks to be kept: its status and the server's Connection header. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = request(url, { headers: { connection: 'keep-alive', ...headers }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const locations: DatabaseLocation[] = [];
afterAll(async () => {
  for (const l of locations) await l.dispose();
});

describe.each(['standalone', 'next'] as const)('a %s server stopped with SIGTERM', (kind) => {
  it('answers /readyz 503 at once, keeps serving during the drain with Connection: close, then refuses and exits 0', async () => {
    const { location, fixtures } = await seededLocation('pglite', `drain-${kind}`);
    locations.push(location);
    const server = await spawnServer(kind, location.env, { SVC_DRAIN_MS: '6000' });
    const sizes = () => get(`${server.baseUrl}/booking/v1/sizes`, { authorization: `Bearer ${fixtures.acme.server}` });
    try {
      const before = await sizes();
      expect(before.status).toBe(200);
      expect(before.connection).toBe('keep-alive');

      server.signal('SIGTERM');
      await expect.poll(async () => (await get(`${server.baseUrl}/readyz`)).status, { timeout: 5_000 }).toBe(503);
      const readyz = await get(`${server.baseUrl}/readyz`);
      expect(JSON.parse(readyz.body).checks.shutdown).toBe('draining');

      // Still serving what a balancer sends meanwhile, each answer closing its connection.
      const during = await sizes();
      expect(during.status).toBe(200);
      expect(JSON.parse(during.body).data.length).toBeGreaterThan(0);
      expect(during.connection).toBe('close');

      // Then it stops listening, and exits 0.
      await expect
        .poll(
          () =>
            get(`${server.baseUrl}/healthz`).then(
              () => 'answered',
              () => 'refused',
            ),
          { timeout: 20_000, interval: 250 },
        )
        .toBe('refused');
      expect(await server.exited).toBe(0);
      // Its log says the same, in that order: the drain, then the listener closed.
      const output = server.output();
      expect(output).toMatch(/"drain_ms":6000,"msg":"shutting down: draining \(readyz 503\)"/);
      expect(output.indexOf('draining (readyz 503)')).toBeLessThan(output.indexOf('not listening'));
    } finally {
      await server.stop();
    }
  });
});

describe('SVC_DRAIN_MS', () => {
  it('an instance with a drain that is not a whole number of milliseconds does not start', async () => {
    const { location } = await seededLocation('pglite', 'drain-invalid');
    locations.push(location);
    await expect(spawnServer('standalone', location.env, { SVC_DRAIN_MS: '5s' })).rejects.toThrow(/SVC_DRAIN_MS/);
  });
});
