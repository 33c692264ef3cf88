import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyDataWebhook } from '../../../../packages/sdk/src/webhooks';
import type { Db } from '../../src/db/client';
import { pgliteSocketUrl } from '../../src/db/pglite-folder';
import * as schema from '../../src/db/schema';
import { processorsFor } from '../../src/payments/processors';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { chargeDueFieldCharges } from '../../src/use-cases/field/charge-worker';
import { book, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';
import { receiver } from '../support/receiver';
import { withTargetDb } from '../support/target-db';

// Weigh tickets and what they cost (docs/decisions/drivers-day.md): the overage rule on sizes and materials
// (inherit, per_ton, flat) under and over the allowance, charged to the card saved at booking once the
// company's notice has passed, once per ticket whatever repeats; a decline leaves it owed, paid through the
// customer's link; the office holds, adjusts and waives. The charge worker is the server's own function,
// run here against the target's database at a clock past the notice.
const targets = inject('targets');

describe.each(targets)('field charges on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const rental = apiClient(target.baseUrl, 'rental');
  const data = apiClient(target.baseUrl, 'data');
  const hook = receiver();
  let secret = '';
  let endpointId = '';
  let staff: ConsoleClient;
  let driver: ConsoleClient;
  let driverId = '';
  beforeAll(async () => {
    [staff, driver] = await Promise.all([consoleAs(target, 'acme', 'staff'), consoleAs(target, 'acme', 'driver')]);
    const added = await svc(target, 'webhooks', 'add', 'acme', await hook.start(), '--api', 'data');
    secret = added.secret;
    endpointId = added.id;
  });
  afterAll(async () => {
    await svc(target, 'webhooks', 'remove', 'acme', endpointId).catch(() => {});
    await hook.stop();
  });

  /**
   * The worker's passes, `at once` at a clock `hours` from now (the notice is 24 hours), on one connection
   * pool of the target's database (PGlite's socket takes one connection; PostgreSQL's pool runs them in parallel).
   */
  const chargeWorker = (hours = 25, atOnce = 1) =>
    onTargetDb(async (db) => {
      const pass = () =>
        chargeDueFieldCharges({
          db,
          processorFor: processorsFor(db, {}),
          now: () => new Date(Date.now() + hours * 3_600_000),
          links: { hostedBaseUrl: 'http://localhost:3001' },
        });
      // PGlite has one session: its passes take turns (a transaction there holds the whole database).
      if (target.driver === 'pglite') {
        let charged = 0;
        for (let i = 0; i < atOnce; i++) charged += await pass();
        return charged;
      }
      const charged = await Promise.all(Array.from({ length: atOnce }, pass));
      return charged.reduce((a, b) => a + b, 0);
    });
  /** PostgreSQL: the target's pool; PGlite: one connection through the server's socket (its sessions are one). */
  async function onTargetDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (target.driver !== 'pglite') return withTargetDb(target, (database) => fn(database.db));
    const client = new pg.Client({
      connectionString: pgliteSocketUrl(path.join(target.env.SVC_DATA_DIR as string, 'pglite')),
    });
    await client.connect();
    try {
      return await fn(drizzle(client, { schema }) as unknown as Db);
    } finally {
      await client.end();
    }
  }

  /** A booked order, delivered by the office and on the driver's route for its pickup: its stop key. */
  async function pickupStop(overrides: Record<string, unknown> = {}, card: string = TEST_CARDS.success) {
    const { confirmed } = await book(api, target, card, overrides);
    const { order_number: number, manage_url } = confirmed.body.data;
    const order = (await staff.get(`/orders/${number}`)).body.data;
    for (const status of ['scheduled', 'out_for_delivery', 'delivered']) {
      await staff.post(`/orders/${number}/status`, { body: { status } });
    }
    const day = order.delivery_date as string;
    const board = (await staff.get('/dispatch', { query: { date: day } })).body.data;
    driverId ||= board.drivers.find((d: { name: string }) => d.name === 'Dana Driver').id;
    const key = (
      board.deliveries.find((s: { order_number: number }) => s.order_number === number).route.stop as string
    ).replace('delivery:', 'pickup:');
    await staff.post('/dispatch/route', { body: { date: day, driver_id: driverId, stops: [key] } });
    const picked = await driver.post('/driver/actions', { body: { id: randomUUID(), stop: key, action: 'picked_up' } });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    return { number: number as number, key, token: new URL(manage_url).pathname.split('/')[2] as string };
  }
  const ticket = (key: string, netTons: number, id: string = randomUUID()) =>
    driver.post('/driver/actions', {
      body: { id, stop: key, action: 'weigh_ticket', ticket: { net_tons: netTons, landfill_cost: 48.5 } },
    });
  const chargesOf = async (number: number) =>
    (await staff.get('/field-charges', { query: { status: 'all' } })).body.data.filter(
      (c: { order_number: number }) => c.order_number === number,
    );

  it.each([
    // acme: 10-yard 2 t included at $70, 20-yard 3 t and no rate; household inherits; shingles (20-yard)
    // per_ton $90 over 4 t; concrete (10-yard) flat $150 over 10 t. Tax 8.875%, card fee 3% + $0.30.
    ['no material, over: 3.4 t × $70', {}, 5.4, { amount: 238, tax: 21.12, processing_fee: 8.07, gross_total: 267.19 }],
    ['no material, under', {}, 1.5, null],
    ['inherit (household), over', { material: 'household' }, 5.4, { amount: 238, gross_total: 267.19 }],
    [
      'per_ton (shingles in the 20-yard), over: 1.25 t × $90',
      { material: 'shingles', size: '20yd', rental_days: 7 },
      5.25,
      { amount: 112.5, tax: 9.98, processing_fee: 3.97, gross_total: 126.45 },
    ],
    ['per_ton, under its 4 t', { material: 'shingles', size: '20yd', rental_days: 7 }, 3.9, null],
    [
      'flat (concrete), over: one $150 fee',
      { material: 'concrete', material_acknowledged: true },
      10.5,
      { amount: 150, tax: 13.31, processing_fee: 5.2, gross_total: 168.51 },
    ],
    ['flat, under its 10 t', { material: 'concrete', material_acknowledged: true }, 9.9, null],
  ] as const)('%s', async (_name, over, tons, expected) => {
    const { size, ...rest } = over as Record<string, unknown>;
    const sizeId = size === '20yd' ? target.fixtures.acme.sizes['20yd'] : undefined;
    const { number, key } = await pickupStop({ ...rest, ...(sizeId ? { size_id: sizeId } : {}) });
    const sent = await ticket(key, tons);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.stop.ticket).toMatchObject({ net_tons: tons, landfill_cost: 48.5 });
    const charges = await chargesOf(number);
    const order = (await staff.get(`/orders/${number}`)).body.data;
    if (!expected) {
      expect(charges).toEqual([]);
      expect(order.status).toBe('completed');
      return;
    }
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'overage', status: 'noticed', ...expected });
    expect(order.status).toBe('waiting_landfill');
  });

  it('a ticket sent three times at once makes one ticket and one charge, taken once after the notice', async () => {
    const { number, key } = await pickupStop();
    const id = randomUUID();
    const same = await Promise.all([ticket(key, 5.4, id), ticket(key, 5.4, id), ticket(key, 5.4, id)]);
    expect(same.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(same.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    // Three phones' worth of new ids at once: the stop takes one ticket; the others are refused.
    const others = await Promise.all([ticket(key, 5.4), ticket(key, 6)]);
    for (const r of others) expectError(r, 409, 'state_conflict', 'action');
    const [charge] = await chargesOf(number);
    expect(charge).toMatchObject({ status: 'noticed', gross_total: 267.19 });
    // The customer's notice: itemized, with the link.
    const notice = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload->>'text' as text from outbox where topic = 'overage_notice' and channel = 'email' and payload->>'text' like ${`%order #${number})%`}`,
      ),
    );
    const texts = (notice as unknown as { rows: { text: string }[] }).rows.map((r) => r.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('3.40 tons over × $70.00/ton = $238.00');
    expect(texts[0]).toMatch(/\/rental\/rtl_[A-Za-z0-9_-]{32}#charges/);

    // Not before the notice; then once, however many passes run.
    expect(await chargeWorker(1)).toBe(0);
    // Three passes at once (instances racing; on PGlite's one session they take turns): one charge.
    expect(await chargeWorker(25, 3)).toBeGreaterThanOrEqual(1);
    await chargeWorker(26, 2);
    const [charged] = await chargesOf(number);
    expect(charged).toMatchObject({ status: 'charged', gross_total: 267.19 });
    const captured = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select amount_cents as amount, status from sandbox_payment_intents where metadata->>'field_charge' = ${charged.id}`,
      ),
    );
    expect((captured as unknown as { rows: unknown[] }).rows).toEqual([{ amount: 26_719, status: 'succeeded' }]);
    // The order is completed; the Data API shows the weights; payment.received and order.status_changed go out.
    const read = await data.get(`/orders/${number}`, { key: target.fixtures.data.acme });
    expect(read.body.data).toMatchObject({ status: 'completed', net_weight_tons: 5.4, landfill_cost: 48.5 });
    expect(read.body.data.completed_at).toEqual(expect.any(String));
    const arrived = async (event: string, match: (d: any) => boolean) => {
      await expect
        .poll(
          () =>
            hook.received.filter((r) => JSON.parse(r.body).event === event && match(JSON.parse(r.body).data)).length,
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThan(0);
      const got = hook.received.find((r) => JSON.parse(r.body).event === event && match(JSON.parse(r.body).data));
      return verifyDataWebhook(got?.body as string, got?.headers['x-svc-signature'] as string, secret);
    };
    const paid: any = await arrived('payment.received', (d) => d.order_number === number && d.amount === 267.19);
    expect(paid.data.amount).toBe(267.19);
    const done: any = await arrived(
      'order.status_changed',
      (d) => d.order_number === number && d.status === 'completed',
    );
    expect(done.data).toMatchObject({ previous_status: 'waiting_landfill', net_weight_tons: 5.4 });
  });

  it('a declined saved card leaves the charge owed with a pay link; the customer pays it on the page', async () => {
    const { number, key, token } = await pickupStop({}, TEST_CARDS.declinedLater);
    await ticket(key, 3);
    await chargeWorker();
    const [owed] = await chargesOf(number);
    expect(owed).toMatchObject({ status: 'declined', gross_total: 78.8 });
    expect(owed.last_error).toEqual(expect.any(String));
    const mail = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload->>'text' as text from outbox where topic = 'charge_declined' and channel = 'email' and payload->>'text' like ${`%order #${number} to your card%`}`,
      ),
    );
    const link = /\/rental\/(rtl_[A-Za-z0-9_-]{32})#charges/.exec(
      (mail as unknown as { rows: { text: string }[] }).rows[0]?.text ?? '',
    )?.[1];
    expect(link).toBeDefined();
    // The customer's page shows it owed; paying makes an intent the page confirms with a card.
    const page = await rental.get('/booking', { key: link as string });
    expect(page.body.data.charges).toEqual([
      expect.objectContaining({
        id: owed.id,
        status: 'declined',
        gross_total: 78.8,
        ticket: expect.objectContaining({ over_tons: 1 }),
      }),
    ]);
    const pay = await rental.post(`/charges/${owed.id}/pay`, { key: token });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const secretOf = pay.body.data.client_secret as string;
    expectError(await rental.post(`/charges/${owed.id}/confirm`, { key: token }), 409, 'unconfirmed');
    const paymentIntentId = secretOf.split('_secret_')[0] as string;
    await payWithCard(target, { payment_intent_id: paymentIntentId, client_secret: secretOf });
    const confirmed = await rental.post(`/charges/${owed.id}/confirm`, { key: token });
    expect(confirmed.body.data.charge).toMatchObject({ status: 'paid', gross_total: 78.8 });
    expect((await rental.post(`/charges/${owed.id}/confirm`, { key: token })).body.data.charge.status).toBe('paid');
    expectError(await rental.post(`/charges/${owed.id}/pay`, { key: token }), 409, 'state_conflict');
    expect((await staff.get(`/orders/${number}`)).body.data.status).toBe('completed');
    // Another booking's link reaches none of it.
    const other = await pickupStop();
    expectError(await rental.post(`/charges/${owed.id}/pay`, { key: other.token }), 404, 'not_found');
  });

  it('the office holds, adjusts with a reason and waives before the charge; settled charges stay as they are', async () => {
    const { number, key } = await pickupStop();
    await ticket(key, 5.4);
    const [charge] = await chargesOf(number);
    const decide = (body: Record<string, unknown>) => staff.post(`/field-charges/${charge.id}`, { body });
    expect((await decide({ action: 'hold' })).body.data.status).toBe('held');
    expect(await chargeWorker()).toBe(0);
    expectError(await decide({ action: 'adjust', amount: 100 }), 400, 'invalid_body', 'reason');
    const adjusted = await decide({ action: 'adjust', amount: 100, reason: 'Scale at the transfer station read high' });
    // $100 + 8.875% = 108.88, card fee 3.27 + 0.30 = 3.57: 112.45.
    expect(adjusted.body.data).toMatchObject({ status: 'held', amount: 100, tax: 8.88, gross_total: 112.45 });
    expect(adjusted.body.data.note).toBe('Scale at the transfer station read high');
    const waived = await decide({ action: 'waive', reason: 'Good customer' });
    expect(waived.body.data.status).toBe('waived');
    expect((await staff.get(`/orders/${number}`)).body.data.status).toBe('completed');
    expectError(await decide({ action: 'release' }), 409, 'state_conflict', 'action');
    expectError(
      await driver.post(`/field-charges/${charge.id}`, { body: { action: 'waive', reason: 'mine' } }),
      403,
      'forbidden',
    );
    const rival = await consoleAs(target, 'rival', 'owner');
    expectError(await rival.post(`/field-charges/${charge.id}`, { body: { action: 'hold' } }), 404, 'not_found');
    // The dashboard's field day counts today's tickets and tons.
    const dash = await staff.get('/dashboard');
    expect(dash.body.data.field.tickets).toBeGreaterThanOrEqual(1);
    expect(dash.body.data.field.tons).toBeGreaterThanOrEqual(5.4);
  });
});
