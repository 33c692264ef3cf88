import { spawn } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyDataWebhook } from '../../../../packages/sdk/src/webhooks';
import { outbox, webhookEndpoints } from '../../src/db/schema';
import { DATA_EVENTS } from '../../src/domain/events';
import { DATA_RETRY_SECONDS } from '../../src/events/backoff';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, assertWebhookContract, expectSampleTwin } from '../support/client';
import { bookJunk } from '../support/junk';
import { receiver } from '../support/receiver';
import { withTargetDb } from '../support/target-db';

// The Data API's six webhooks (data spec section 6), delivered by the running server's outbox worker to a
// receiver on loopback, verified with the SDK's verifyDataWebhook and checked against the data document's
// `webhooks`; then the retry limit (5 attempts) and the switch-off after 20 failures in a row.
const targets = inject('targets');

type Delivery = { headers: Record<string, string | string[] | undefined>; body: string };

describe.each(targets)('data webhooks from $name', (target) => {
  const api = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  const dataKey = target.fixtures.data.acme;
  const hook = receiver();
  let secret = '';
  let endpointId = '';
  const endpoints: string[] = [];

  const addEndpoint = async (url: string, ...more: string[]) => {
    const added = await svc(target, 'webhooks', 'add', 'acme', url, '--api', 'data', ...more);
    endpoints.push(added.id);
    return added;
  };

  beforeAll(async () => {
    const added = await addEndpoint(await hook.start());
    expect(added).toMatchObject({ api: 'data', events: [...DATA_EVENTS], secret: expect.stringMatching(/^svc_wh_/) });
    secret = added.secret;
    endpointId = added.id;
  });
  afterAll(async () => {
    for (const id of endpoints) await svc(target, 'webhooks', 'remove', 'acme', id).catch(() => {});
    await hook.stop();
  });

  const deliveries = (event: string, match: (data: any) => boolean, from: Delivery[] = hook.received) =>
    from.filter((r) => {
      const body = JSON.parse(r.body);
      return body.event === event && match(body.data);
    });

  /** The first delivery of `event` whose data matches: verified with the SDK and against the document. */
  async function arrival(event: string, match: (data: any) => boolean) {
    await expect.poll(() => deliveries(event, match).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const got = deliveries(event, match)[0] as Delivery;
    const verified: any = await verifyDataWebhook(got.body, got.headers['x-svc-signature'] as string, secret);
    assertWebhookContract(got.body, 'data');
    expect(got.headers['x-svc-event']).toBe(event);
    expect(verified).toEqual({ event, created_at: expect.any(String), data: expect.any(Object) });
    return { data: verified.data, delivery: got };
  }

  const dataRows = (where: (row: typeof outbox.$inferSelect) => boolean) =>
    withTargetDb(target, async ({ db }) => (await db.select().from(outbox).orderBy(outbox.id)).filter(where));

  it('order.created says unpaid as the order is written; payment.received follows with the amount captured', async () => {
    const { intent, confirmed } = await book(api, target);
    const order = confirmed.body.data;
    const created = await arrival('order.created', (d) => d.order_number === order.order_number);
    expect(created.data).toMatchObject({
      order_number: order.order_number,
      status: 'confirmed',
      payment_status: 'unpaid',
      total_price: intent.amount.total,
      currency: 'USD',
      customer_ref: order.customer_id,
      completed_at: null,
    });
    expectSampleTwin('order.created', created.data);
    const paid = await arrival('payment.received', (d) => d.order_number === order.order_number);
    expect(paid.data).toEqual({
      service: 'dumpster',
      order_number: order.order_number,
      job_number: null,
      amount: intent.amount.gross_total,
      currency: 'USD',
      customer_ref: order.customer_id,
      received_at: expect.any(String),
    });
    // Once: the order.created a receiver got is never followed by a second payment for the order.
    const rows = await dataRows(
      (r) => r.endpointId === endpointId && (r.payload as any).order_number === order.order_number,
    );
    expect(rows.map((r) => r.topic)).toEqual(['order.created', 'payment.received']);
    expect((await data.get(`/orders/${order.order_number}`, { key: dataKey })).body.data.payment_status).toBe('paid');
  });

  it('a held order says nothing to the Data API until released: then order.created (paid) and payment.received', async () => {
    const { intent, confirmed } = await book(api, target, TEST_CARDS.elevatedRisk);
    const number = confirmed.body.data.order_number;
    expect(confirmed.body.data.state).toBe('held');
    const mine = () => dataRows((r) => r.endpointId === endpointId && (r.payload as any).order_number === number);
    expect(await mine()).toEqual([]);
    await svc(target, 'orders', 'approve', 'acme', String(number));
    const created = await arrival('order.created', (d) => d.order_number === number);
    expect(created.data).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const paid = await arrival('payment.received', (d) => d.order_number === number);
    expect(paid.data).toMatchObject({ service: 'dumpster', amount: intent.amount.gross_total });
    expect((await mine()).map((r) => r.topic)).toEqual(['order.created', 'payment.received']);
  });

  it('junk_job.created and its payment.received; junk_job.status_changed with previous_status', async () => {
    const { slot, intent, confirmed } = await bookJunk(api, target);
    const job = confirmed.body.data;
    const created = await arrival('junk_job.created', (d) => d.job_number === job.job_number);
    expect(created.data).toMatchObject({
      job_number: job.job_number,
      status: 'confirmed',
      payment_status: 'unpaid',
      job_date: slot.date,
      time_window: { start: slot.start, end: slot.end },
      photos: 0,
      total_price: intent.amount.total,
      customer_ref: job.customer_id,
    });
    expectSampleTwin('junk_job.created', created.data);
    const paid = await arrival('payment.received', (d) => d.service === 'junk' && d.job_number === job.job_number);
    expect(paid.data).toMatchObject({ order_number: null, amount: intent.amount.gross_total, currency: 'USD' });

    expect(await svc(target, 'jobs', 'status', 'acme', String(job.job_number), 'en_route')).toMatchObject({
      status: 'en_route',
      previous_status: 'confirmed',
    });
    const moved = await arrival('junk_job.status_changed', (d) => d.job_number === job.job_number);
    expect(moved.data).toMatchObject({ status: 'en_route', previous_status: 'confirmed', payment_status: 'paid' });
    expectSampleTwin('junk_job.status_changed', moved.data);
  });

  it('order.status_changed carries the order as it is now and where it was', async () => {
    const { confirmed } = await book(api, target);
    const number = confirmed.body.data.order_number;
    await arrival('payment.received', (d) => d.order_number === number);
    await svc(target, 'orders', 'status', 'acme', String(number), 'scheduled');
    const moved = await arrival('order.status_changed', (d) => d.order_number === number);
    expect(moved.data).toMatchObject({
      order_number: number,
      status: 'scheduled',
      previous_status: 'confirmed',
      payment_status: 'paid',
    });
  });

  it('lead.created for a new lead, none for a duplicate push', async () => {
    const body = {
      name: 'Dana Lead',
      email: `dana.${Date.now()}.${target.name}@example.com`,
      phone: '+1 212 555 0177',
    };
    const pushed = await data.post('/leads', { key: dataKey, body });
    expect(pushed.status).toBe(201);
    const again = await data.post('/leads', { key: dataKey, body });
    expect(again.body.data).toMatchObject({ id: pushed.body.data.id, existing: true });
    const created = await arrival('lead.created', (d) => d.id === pushed.body.data.id);
    expect(created.data).toEqual({ ...pushed.body.data, existing: undefined });
    expect(created.data).toMatchObject({ status: 'new', name: 'Dana Lead', customer_ref: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(deliveries('lead.created', (d) => d.id === pushed.body.data.id)).toHaveLength(1);
  });

  it('gives a delivery up after 5 attempts in all, with backoff', async () => {
    const failing = receiver();
    failing.answerWith((res) => res.writeHead(500).end());
    const added = await addEndpoint(await failing.start(), '--event', 'lead.created');
    try {
      const lead = await data.post('/leads', { key: dataKey, body: { name: `Retry ${target.name}` } });
      const row = async () => (await dataRows((r) => r.endpointId === added.id))[0];
      for (let attempt = 1; attempt <= 5; attempt++) {
        await expect.poll(async () => (await row())?.attempts, { timeout: 15_000 }).toBe(attempt);
        const now = await row();
        if (attempt < 5) {
          expect(now).toMatchObject({ status: 'pending', lastError: 'HTTP 500' });
          // The wait the schedule gave, from the attempt (a second's slack for the worker's clock).
          const wait = (now?.nextAttemptAt.getTime() as number) - Date.now();
          expect(wait).toBeGreaterThan((DATA_RETRY_SECONDS[attempt - 1] as number) * 1000 - 15_000);
          expect(wait).toBeLessThanOrEqual((DATA_RETRY_SECONDS[attempt - 1] as number) * 1000 + 1000);
          // Time passes: the next attempt is due (only this row, only while it waits after this attempt).
          await withTargetDb(target, async ({ db }) => {
            await db.update(webhookEndpoints).set({ retryAt: null }).where(eq(webhookEndpoints.id, added.id));
            await db
              .update(outbox)
              .set({ nextAttemptAt: new Date(Date.now() - 1000) })
              .where(and(eq(outbox.id, now?.id as number), eq(outbox.attempts, attempt)));
          });
        }
      }
      expect(await row()).toMatchObject({ status: 'failed', attempts: 5, lastError: 'HTTP 500' });
      expect(failing.received).toHaveLength(5);
      for (const r of failing.received) expect(JSON.parse(r.body).data.id).toBe(lead.body.data.id);
      // Given up for good: nothing is sent again, however long we wait.
      await withTargetDb(target, ({ db }) =>
        db
          .update(outbox)
          .set({ nextAttemptAt: new Date(0) })
          .where(eq(outbox.endpointId, added.id)),
      );
      await new Promise((r) => setTimeout(r, 2500));
      expect(failing.received).toHaveLength(5);
      expect(await row()).toMatchObject({ status: 'failed', attempts: 5 });
    } finally {
      await svc(target, 'webhooks', 'remove', 'acme', added.id);
      await failing.stop();
    }
  });

  it('switches an endpoint off at its 20th failure in a row, e-mails the admins, keeps its events and sends them when switched on', async () => {
    const failing = receiver();
    failing.answerWith((res) => res.writeHead(503).end());
    const url = await failing.start();
    const added = await addEndpoint(url, '--event', 'lead.created');
    const endpoint = () =>
      withTargetDb(target, async ({ db }) => {
        const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, added.id));
        return row;
      });
    // An hour of failing, told to the database (test/db/webhook-outage.test.ts runs that hour on a clock).
    await withTargetDb(target, ({ db }) =>
      db.update(webhookEndpoints).set({ consecutiveFailures: 19 }).where(eq(webhookEndpoints.id, added.id)),
    );
    const stamp = `${Date.now()}.${target.name}`;
    for (let i = 0; i < 3; i++) {
      const res = await data.post('/leads', {
        key: dataKey,
        body: { name: `Down ${i}`, email: `down${i}.${stamp}@example.com` },
      });
      expect(res.status).toBe(201);
    }
    await expect.poll(async () => (await endpoint())?.enabled, { timeout: 30_000 }).toBe(false);
    expect(await endpoint()).toMatchObject({ consecutiveFailures: 20, disabledAt: expect.any(Date) });
    expect(failing.received).toHaveLength(1);
    const listed = (await svc(target, 'webhooks', 'list', 'acme')).find((e: any) => e.id === added.id);
    // A lead written while the switch-off commits may stay pending: not sent while off, sent when switched on.
    expect(listed).toMatchObject({ api: 'data', enabled: false, consecutive_failures: 20 });
    expect(listed.held).toBeGreaterThanOrEqual(2);

    const notices = await dataRows((r) => r.topic === 'webhook_disabled' && (r.payload as any).text.includes(added.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.payload).toMatchObject({
      to: 'office@acme.example',
      subject: 'Your Data API webhook endpoint was switched off',
      text: expect.stringContaining(`Deliveries of Data API webhooks to ${url} (endpoint ${added.id}) failed 20 times`),
    });
    // A switched-off endpoint is sent nothing more, and keeps what it is sent while off.
    await data.post('/leads', { key: dataKey, body: { name: 'After', email: `after.${stamp}@example.com` } });
    await new Promise((r) => setTimeout(r, 1500));
    let rows = await dataRows((r) => r.endpointId === added.id);
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.status === 'held').length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.status === 'held' || r.status === 'pending')).toBe(true);
    expect(failing.received).toHaveLength(1);

    // Fixed, and switched back on from the CLI: every kept event arrives.
    failing.answerWith((res) => res.writeHead(200).end());
    const enabled = await svc(target, 'webhooks', 'enable', 'acme', added.id);
    expect(enabled).toMatchObject({ enabled: true });
    expect(enabled.requeued).toBe(rows.filter((r) => r.status === 'held').length);
    await expect
      .poll(async () => (await dataRows((r) => r.endpointId === added.id && r.status === 'delivered')).length, {
        timeout: 15_000,
      })
      .toBe(4);
    rows = await dataRows((r) => r.endpointId === added.id);
    const names = failing.received.slice(1).map((r) => JSON.parse(r.body).data.name);
    expect(names.sort()).toEqual(['After', 'Down 0', 'Down 1', 'Down 2']);
    expect(await svc(target, 'webhooks', 'send-again', 'acme', added.id)).toMatchObject({ requeued: 0 });
    await failing.stop();
  });

  it('svc webhooks listen --api data prints a verified lead.created and removes its endpoint', async () => {
    const cli = spawn(
      process.execPath,
      ['dist/cli.js', 'webhooks', 'listen', 'acme', '--api', 'data', '--once', '--json'],
      {
        env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: '', ...target.env },
      },
    );
    let out = '';
    let err = '';
    cli.stdout.on('data', (d) => (out += d));
    cli.stderr.on('data', (d) => (err += d));
    await expect.poll(() => err, { timeout: 15_000 }).toContain("listening for acme's Data API events");
    const lead = await data.post('/leads', { key: dataKey, body: { name: `Listen ${target.name}` } });
    const code = await new Promise((r) => cli.once('exit', r));
    expect(code).toBe(0);
    const [first, ...rest] = out.trim().split('\n');
    expect(JSON.parse(first as string)).toMatchObject({
      signature_valid: true,
      event: 'lead.created',
      data: { id: lead.body.data.id, status: 'new' },
    });
    const result = JSON.parse(rest.join('\n'));
    expect((await svc(target, 'webhooks', 'list', 'acme')).find((e: any) => e.id === result.endpoint)).toBeUndefined();
  });
});
