import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug } from '../../src/db/repositories/catalog';
import { enqueueWebhooks, listOutbox, nextOutboxDue } from '../../src/db/repositories/outbox';
import { outbox, webhookEndpoints } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import type { Scope } from '../../src/domain/scope';
import { DISABLE_AFTER_FAILURES, ENDPOINT_BACKOFF_SECONDS, type WebhookApi } from '../../src/events/backoff';
import { deliverDue } from '../../src/events/deliver';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { decideDataApi, requestDataApi } from '../../src/use-cases/data/access';
import { enableWebhookEndpoint, listConsoleEndpoints, sendTestEvent } from '../../src/use-cases/webhooks/deliveries';
import { addWebhookEndpoint, removeWebhookEndpoint } from '../../src/use-cases/webhooks/endpoints';
import { sendAgainUndelivered } from '../../src/use-cases/webhooks/send-again';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { receiver } from '../support/receiver';

// A receiver that is down, against the real worker (deliverDue), a real HTTP receiver on loopback and a real
// database, on a clock the test moves: failures count per endpoint over time (its backoff), so a short outage
// on a busy day loses nothing, and an endpoint switched off after about an hour keeps its events until it is
// switched back on (docs/decisions/webhook-endpoint-backoff.md).
describe.each(drivers())('webhooks through an outage on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let hookUrl: string;
  const acme = (): Scope => ({ companyId, actor: { kind: 'cli' } });
  const hook = receiver();
  let clock = 0;
  /** The receiver is down (503) until this time on the test's clock. */
  let downUntil = 0;
  /** The test's start: a minute ahead of the database's clock, so the rows it writes are due. */
  let start = 0;

  /** One pass of each of two workers at once (two API instances sharing the database). */
  const pass = async () => {
    const counts = await Promise.all(
      [1, 2].map(() =>
        deliverDue({
          db: database.db,
          channels: { email: null, sms: null },
          now: () => new Date(clock),
          allowLocalWebhooks: true,
          batch: 20,
        }),
      ),
    );
    return counts.reduce((n, c) => n + c.delivered + c.failed + c.kept + c.waiting, 0);
  };
  /** Passes until nothing is due, then time moves to the next due row; until `until` or nothing waits. */
  const runUntil = async (until: number, stop: () => Promise<boolean> = async () => false) => {
    for (let guard = 0; guard < 10_000 && clock <= until; guard++) {
      while ((await pass()) > 0) {}
      if (await stop()) return;
      const due = await nextOutboxDue(database.db);
      if (!due) return;
      clock = Math.max(clock + 1, due.getTime());
    }
  };
  const rowsOf = async (endpointId: string) =>
    (await listOutbox(database.db, companyId)).filter((r) => r.endpointId === endpointId);
  const endpointRow = async (id: string) =>
    (await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
  /** Successful deliveries the receiver got, by X-SVC-Delivery. */
  const accepted: string[] = [];
  const failedRequests: string[] = [];

  beforeAll(async () => {
    location = await createLocation(driver, 'outage');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
    companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    hookUrl = await hook.start();
    hook.answerWith((res) => res.writeHead(200).end());
    await requestDataApi(database, await scopeOf(database, 'acme'), 'Orders into our books', new Date());
    await decideDataApi(database, await scopeOf(database, 'acme'), 'approved', new Date());
  });
  afterAll(async () => {
    await hook.stop();
    await database?.close();
    await location?.dispose();
  });
  beforeEach(() => {
    start = Date.now() + 60_000;
    clock = start;
    accepted.length = 0;
    failedRequests.length = 0;
    hook.received.length = 0;
    // The receiver answers by the test's clock: down (503) until downUntil, then up.
    hook.answerWith((res) => {
      const delivery = String(hook.received.at(-1)?.headers['x-svc-delivery']);
      if (clock < downUntil) {
        failedRequests.push(delivery);
        res.writeHead(503).end();
      } else {
        accepted.push(delivery);
        res.writeHead(200).end();
      }
    });
  });

  const addEndpoint = async (api: WebhookApi) =>
    (await addWebhookEndpoint(database, acme(), { url: hookUrl, api }, true)).id;
  const produce = (api: WebhookApi, n: number, from: number) =>
    api === 'booking'
      ? enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: from + n })
      : enqueueWebhooks(database.db, companyId, 'data', 'lead.created', { id: `lead-${from + n}` });

  it('an endpoint down for 30 s while 200 events are produced is not switched off, and every event arrives', async () => {
    const id = await addEndpoint('booking');
    try {
      downUntil = start + 30_000;
      // 200 events over the 30 s of the outage, the workers passing as they come (a busy day).
      for (let i = 0; i < 200; i++) {
        await produce('booking', i, 10_000);
        if (i % 7 === 6) {
          while ((await pass()) > 0) {}
          clock += 1000;
        }
      }
      await runUntil(start + 15 * 60_000);
      const endpoint = await endpointRow(id);
      expect(endpoint).toMatchObject({ enabled: true, consecutiveFailures: 0, retryAt: null });
      const rows = await rowsOf(id);
      expect(rows).toHaveLength(200);
      expect(rows.filter((r) => r.status !== 'delivered')).toEqual([]);
      // Each event reached the receiver once it was back, and the outage cost a few attempts, not 200.
      expect(new Set(accepted)).toEqual(new Set(rows.map((r) => String(r.id))));
      expect(accepted).toHaveLength(200);
      expect(failedRequests.length).toBeGreaterThan(0);
      expect(failedRequests.length).toBeLessThanOrEqual(5);
      // Delivered in the minute after the receiver came back.
      expect(Math.max(...rows.map((r) => r.deliveredAt?.getTime() ?? 0))).toBeLessThan(downUntil + 60_000);
    } finally {
      await removeWebhookEndpoint(database, acme(), id);
    }
  });

  it.each(['booking', 'data'] as const)(
    'a %s endpoint down for good is switched off after about an hour, keeps its events and sends them when switched on',
    async (api) => {
      const id = await addEndpoint(api);
      try {
        downUntil = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 50; i++) await produce(api, i, 20_000);
        await runUntil(start + 3 * 3600_000, async () => !(await endpointRow(id))?.enabled);
        const off = await endpointRow(id);
        expect(off).toMatchObject({ enabled: false, consecutiveFailures: DISABLE_AFTER_FAILURES });
        // 20 failures in a row over about an hour: one attempt per backoff, however many workers.
        expect(failedRequests).toHaveLength(DISABLE_AFTER_FAILURES);
        expect(clock - start).toBeGreaterThan(45 * 60_000);
        let rows = await rowsOf(id);
        expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'held'));
        const notice = (await listOutbox(database.db, companyId)).filter(
          (r) => r.topic === 'webhook_disabled' && (r.payload as { text: string }).text.includes(id),
        );
        expect(notice).toHaveLength(1);
        const text = (notice[0]?.payload as { text?: string } | undefined)?.text ?? '';
        expect(text).toContain('50 events that were waiting');
        expect(text).toContain('are kept and sent when you switch it back on');

        // Events of the time it is off are kept too, and nothing is sent while it is off.
        for (let i = 50; i < 55; i++) await produce(api, i, 20_000);
        const sentBefore = hook.received.length;
        clock += 3600_000;
        await runUntil(clock + 3600_000);
        expect(hook.received).toHaveLength(sentBefore);
        rows = await rowsOf(id);
        expect(rows.filter((r) => r.status === 'held')).toHaveLength(55);
        const listed = await listConsoleEndpoints(database, acme(), new Date(clock));
        expect(listed.endpoints.find((e) => e.id === id)).toMatchObject({ held: 55, undelivered: 55 });
        await expect(sendAgainUndelivered(database, acme(), id, { now: new Date(clock) })).rejects.toMatchObject({
          code: 'state_conflict',
          field: 'id',
        });

        // The receiver is fixed; switching the endpoint on sends everything it kept, each once.
        downUntil = 0;
        const enabled = await enableWebhookEndpoint(database, acme(), id, new Date(clock));
        expect(enabled).toMatchObject({ enabled: true, requeued: 55 });
        expect(await enableWebhookEndpoint(database, acme(), id, new Date(clock))).toMatchObject({ requeued: 0 });
        await runUntil(clock + 3600_000);
        rows = await rowsOf(id);
        expect(rows.filter((r) => r.status !== 'delivered')).toEqual([]);
        expect(new Set(accepted)).toEqual(new Set(rows.map((r) => String(r.id))));
        expect(accepted).toHaveLength(55);
      } finally {
        await removeWebhookEndpoint(database, acme(), id);
      }
    },
  );

  it("sends an endpoint's given-up deliveries again once, and refuses an unknown endpoint", async () => {
    const id = await addEndpoint('booking');
    try {
      // One event the receiver keeps refusing while it takes the others: its attempts run out.
      hook.answerWith((res) => {
        const body = hook.received.at(-1)?.body ?? '';
        res.writeHead(body.includes('"order_number":666') && clock < downUntil ? 400 : 200).end();
      });
      downUntil = Number.POSITIVE_INFINITY;
      await produce('booking', 666, 0);
      await produce('booking', 1, 0);
      await runUntil(start + 3 * 3600_000);
      let rows = await rowsOf(id);
      expect(rows.map((r) => r.status).sort()).toEqual(['delivered', 'failed']);
      expect(await endpointRow(id)).toMatchObject({ enabled: true });
      // A failed test event is not sent again by the bulk send.
      hook.answerWith((res) => res.writeHead(500).end());
      await sendTestEvent(database, acme(), id, 'booking.held', { now: new Date(clock), allowLocal: true });
      hook.answerWith((res) => res.writeHead(200).end());
      downUntil = 0;
      expect((await listConsoleEndpoints(database, acme(), new Date(clock))).endpoints).toEqual([
        expect.objectContaining({ id, held: 0, undelivered: 1 }),
      ]);
      const again = await sendAgainUndelivered(database, acme(), id, { now: new Date(clock) });
      expect(again).toMatchObject({ endpoint_id: id, requeued: 1 });
      // A double click sends nothing twice.
      expect(await sendAgainUndelivered(database, acme(), id, { now: new Date(clock) })).toMatchObject({ requeued: 0 });
      hook.received.length = 0;
      await runUntil(clock + 3600_000); // after the endpoint's backoff of its last failure

      expect(hook.received.map((r) => JSON.parse(r.body).data.order_number)).toEqual([666]);
      rows = await rowsOf(id);
      expect(rows.filter((r) => r.status === 'failed')).toHaveLength(1); // the test event
      expect(rows.find((r) => (r.payload as { order_number?: number }).order_number === 666)).toMatchObject({
        status: 'delivered',
        attempts: 1,
      });
      await expect(
        sendAgainUndelivered(database, acme(), id, { since: new Date(clock + 60_000), now: new Date(clock) }),
      ).rejects.toMatchObject({ code: 'invalid_body', field: 'since' });
      await expect(
        sendAgainUndelivered(database, acme(), '00000000-0000-4000-8000-000000000000', { now: new Date(clock) }),
      ).rejects.toMatchObject({ code: 'not_found', field: 'id' });
    } finally {
      await removeWebhookEndpoint(database, acme(), id);
    }
  });

  it('waits for the endpoint, not per event: one attempt per backoff while it is down', async () => {
    const id = await addEndpoint('booking');
    try {
      downUntil = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 40; i++) await produce('booking', i, 30_000);
      while ((await pass()) > 0) {}
      // Two workers claimed at once: one attempt, and every other row waits for the endpoint.
      expect(failedRequests).toHaveLength(1);
      const endpoint = await endpointRow(id);
      expect(endpoint?.retryAt?.getTime()).toBeGreaterThanOrEqual(
        clock + (ENDPOINT_BACKOFF_SECONDS[failedRequests.length - 1] as number) * 1000,
      );
      const rows = await rowsOf(id);
      expect(rows.filter((r) => r.attempts > 0)).toHaveLength(failedRequests.length);
      expect(rows.every((r) => r.status === 'pending')).toBe(true);
      expect((await nextOutboxDue(database.db))?.getTime()).toBe(endpoint?.retryAt?.getTime());
    } finally {
      await database.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.endpointId, id));
      await removeWebhookEndpoint(database, acme(), id);
    }
  });
});
