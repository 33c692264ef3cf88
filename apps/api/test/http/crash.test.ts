import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingSessions } from '../../src/db/schema';
import { book, intentBody, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient } from '../support/client';
import { type DatabaseLocation, drivers, open } from '../support/databases';
import { freeSlot, junkBody } from '../support/junk';
import { seededLocation, spawnServer, type Target } from '../support/servers';

// A crash between the card's authorization and the order: the process is killed (SIGKILL) with an
// authorized card and no order. After a restart, the recovery worker creates the order exactly once.
describe.each(drivers())('a crash after authorization, on %s', (driver) => {
  const locations: DatabaseLocation[] = [];
  afterAll(async () => {
    for (const l of locations) await l.dispose();
  });

  it('the restarted server creates the order once and captures the card', async () => {
    const { location, fixtures } = await seededLocation(driver, 'crash');
    locations.push(location);
    const extra = { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_RECOVERY_INTERVAL_MS: '300' };

    const first = await spawnServer('standalone', location.env, extra);
    const target: Target = {
      name: 'crash',
      kind: 'standalone',
      driver,
      baseUrl: first.baseUrl,
      env: location.env,
      fixtures,
    };
    const api = apiClient(first.baseUrl);
    // One ordinary order first, so the crashed one is not the company's only order.
    expect((await book(api, target)).confirmed.body.data.state).toBe('confirmed');
    const intent = (await api.post('/intents', { key: fixtures.acme.server, body: intentBody(target) })).body.data;
    expect((await payWithCard(target, intent)).body.status).toBe('requires_capture');
    await first.kill();

    // While it is down, time passes: the session is older than the recovery worker's grace minute.
    const db = await open(location);
    await db.db.execute(
      sql`update ${bookingSessions} set created_at = now() - interval '3 minutes', updated_at = now() - interval '3 minutes' where session_id = ${intent.session_id}`,
    );
    await db.close();

    const second = await spawnServer('standalone', location.env, extra);
    try {
      const again = apiClient(second.baseUrl);
      await expect
        .poll(
          async () =>
            (await again.get(`/sessions/${intent.session_id}`, { key: fixtures.acme.server })).body.data.state,
          { timeout: 15_000 },
        )
        .toBe('confirmed');
      const orders = ((await svc({ ...target, baseUrl: second.baseUrl }, 'orders', 'list', 'acme')) as any[]).filter(
        (o) => o.session_id === intent.session_id,
      );
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      // The page's own /confirm, arriving late, gets the same order.
      const late = await again.post('/confirm', {
        key: fixtures.acme.server,
        body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id },
      });
      expect(late.body.data).toMatchObject({ state: 'confirmed', order_number: orders[0].order_number, already: true });
    } finally {
      await second.stop();
    }
  });
  it('the same for a junk job: one job, one capture, the late /junk/confirm answers it', async () => {
    const { location, fixtures } = await seededLocation(driver, 'crash-junk');
    locations.push(location);
    const extra = { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_RECOVERY_INTERVAL_MS: '300' };
    const first = await spawnServer('standalone', location.env, extra);
    const target: Target = {
      name: 'crash-junk',
      kind: 'standalone',
      driver,
      baseUrl: first.baseUrl,
      env: location.env,
      fixtures,
    };
    const api = apiClient(first.baseUrl);
    const key = fixtures.acme.server;
    const intent = (await api.post('/junk/intents', { key, body: junkBody(await freeSlot(api, target)) })).body.data;
    expect((await payWithCard(target, intent)).body.status).toBe('requires_capture');
    await first.kill();

    const db = await open(location);
    await db.db.execute(
      sql`update ${bookingSessions} set created_at = now() - interval '3 minutes', updated_at = now() - interval '3 minutes' where session_id = ${intent.session_id}`,
    );
    await db.close();

    const second = await spawnServer('standalone', location.env, extra);
    try {
      const again = apiClient(second.baseUrl);
      await expect
        .poll(async () => (await again.get(`/sessions/${intent.session_id}`, { key })).body.data.state, {
          timeout: 15_000,
        })
        .toBe('confirmed');
      const jobs = ((await svc({ ...target, baseUrl: second.baseUrl }, 'jobs', 'list', 'acme')) as any[]).filter(
        (j) => j.session_id === intent.session_id,
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        status: 'confirmed',
        payment_status: 'paid',
        charged: intent.amount.gross_total,
      });
      const late = await again.post('/junk/confirm', {
        key,
        body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id },
      });
      expect(late.body.data).toMatchObject({ state: 'confirmed', job_number: jobs[0].job_number, already: true });
    } finally {
      await second.stop();
    }
  });
});
