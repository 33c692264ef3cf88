import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingSessions } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book, intentBody, openDay, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, assertWebhookContract, expectError } from '../support/client';
import { withTargetDb } from '../support/target-db';

const targets = inject('targets');

describe.each(targets)('card-paid orders on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline, today } = target.fixtures;
  const key = acme.server;
  const intents = (body: Record<string, unknown>, k = key) => api.post('/intents', { key: k, body });
  const confirm = (intent: { session_id: string; payment_intent_id: string }) =>
    api.post('/confirm', { key, body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id } });
  const webhooksFor = async (orderNumber: number) =>
    ((await svc(target, 'outbox', 'list', 'acme')) as any[]).filter(
      (m) => m.channel === 'webhook' && m.payload.order_number === orderNumber,
    );

  beforeAll(async () => {
    const endpoint = await svc(target, 'webhooks', 'add', 'acme', 'https://hooks.acme.example/svc');
    expect(endpoint.secret).toMatch(/^svc_wh_/);
    expect(endpoint.events).toEqual(['booking.completed', 'booking.held', 'booking.released', 'booking.changed']);
    await expect(svc(target, 'webhooks', 'add', 'acme', 'http://hooks.acme.example/svc')).rejects.toThrow(/https/);
  });

  it('intents, sandbox card, confirm: an order, captured once, and its session', async () => {
    const { intent, paid, confirmed } = await book(api, target);
    expect(intent).toMatchObject({
      session_id: expect.stringMatching(/^ses_/),
      payment_intent_id: expect.stringMatching(/^pi_sbx_/),
      client_secret: expect.stringContaining('_secret_'),
      processor: { kind: 'sandbox', publishable_key: 'pk_sandbox_svc', account: null },
      currency: 'USD',
      // The same price as POST /quote for a 10-yard, 9-day rental: frozen in the session.
      amount: {
        total: 457.28,
        total_cents: 45_728,
        processing_fee_cents: 1_402,
        gross_total_cents: 47_130,
        card_fee_handling: 'customer_pays',
      },
      next: { action: 'confirm_payment' },
    });
    expect(paid).toMatchObject({ status: 200, body: { status: 'requires_capture', amount: 47_130, currency: 'usd' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ state: 'confirmed', order_number: expect.any(Number) });
    expect(confirmed.body.data.already).toBeUndefined();

    const again = await confirm(intent);
    // The My booking link is said once, by the answer that made the order (only its fingerprint is kept).
    const { manage_url, ...made } = confirmed.body.data;
    expect(manage_url).toMatch(/\/rental\/rtl_[A-Za-z0-9_-]{32}$/);
    expect(again.body.data).toEqual({ ...made, already: true });

    const session = await api.get(`/sessions/${intent.session_id}`, { key });
    expect(session.body.data).toMatchObject({
      session_id: intent.session_id,
      state: 'confirmed',
      payment_intent_id: intent.payment_intent_id,
      order_number: confirmed.body.data.order_number,
      order_id: confirmed.body.data.order_id,
      last_error: null,
      amount_cents: 47_130,
      material: null,
    });

    const orders: any[] = await svc(target, 'orders', 'list', 'acme');
    const order = orders.find((o) => o.order_number === confirmed.body.data.order_number);
    expect(order).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      total: 457.28,
      charged: 471.3,
      channel: 'api',
      session_id: intent.session_id,
    });
    const [event] = await webhooksFor(order.order_number);
    expect(event).toMatchObject({ topic: 'booking.completed', status: 'pending' });
    expect(event.payload).toEqual({
      service: 'dumpster',
      order_number: order.order_number,
      status: 'confirmed',
      payment_status: 'unpaid', // as written with the order, before the capture that follows the commit
      delivery_date: intentBody(target).delivery_date,
      pickup_date: addDays(intentBody(target).delivery_date, 9),
      total_price: 457.28,
      booking_channel: 'api',
      order_id: confirmed.body.data.order_id,
      customer_ref: confirmed.body.data.customer_id,
      created_at: expect.any(String),
      material: null,
      material_label: null,
      attribution: null,
    });
    const outbox: any[] = await svc(target, 'outbox', 'list', 'acme');
    // Orders and junk jobs both number from 1001: the messages of this order say "order #N".
    const mine = outbox.filter((m) =>
      new RegExp(`order #${order.order_number}\\b`, 'i').test(String(m.payload.text ?? '')),
    );
    expect(mine.map((m) => `${m.channel}:${m.topic}`).sort()).toEqual([
      'email:new_order',
      'email:order_confirmation',
      'sms:new_order',
      'sms:order_confirmation',
    ]);
  });

  it('refuses to confirm before the card is authorized, then confirms once it is', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    const early = await confirm(intent);
    expectError(early, 409, 'unconfirmed');
    expect(early.body.error.details.payment_status).toBe('requires_payment_method');
    expect((await api.get(`/sessions/${intent.session_id}`, { key })).body.data).toMatchObject({
      state: 'intent_created',
      order_id: null,
    });

    const declined = await payWithCard(target, intent, TEST_CARDS.insufficientFunds);
    expect(declined).toMatchObject({
      status: 402,
      body: { error: { code: 'card_declined', decline_code: 'insufficient_funds' } },
    });
    expectError(await confirm(intent), 409, 'unconfirmed');
    expect((await api.get(`/sessions/${intent.session_id}`, { key })).body.data.last_error).toBe(
      'card: insufficient_funds',
    );

    expect((await payWithCard(target, intent)).status).toBe(200);
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
  });

  it('a generic decline leaves no order', async () => {
    const { paid, confirmed } = await book(api, target, TEST_CARDS.genericDecline);
    expect(paid.body.error.decline_code).toBe('generic_decline');
    expectError(confirmed, 409, 'unconfirmed');
  });

  it('a card asking for authentication goes through the 3-D Secure step', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    const paid = await payWithCard(target, intent, TEST_CARDS.authenticationRequired);
    expect(paid.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    expectError(await confirm(intent), 409, 'unconfirmed');
    const challenge = await fetch(paid.body.next_action.redirect_to_url.url);
    expect(challenge.status).toBe(200);
    expect(await challenge.text()).toContain('Complete authentication');
    const url = new URL(paid.body.next_action.redirect_to_url.url);
    const done = await fetch(url.origin + url.pathname, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_secret: intent.client_secret,
        return_url: 'https://acme.example/booking/done',
        decision: 'approve',
      }),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('redirect_status=succeeded');
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
  });

  it('an elevated fraud risk holds the order for review until the office approves it', async () => {
    const { intent, confirmed } = await book(api, target, TEST_CARDS.elevatedRisk);
    expect(confirmed.body.data.state).toBe('held');
    expect((await api.get(`/sessions/${intent.session_id}`, { key })).body.data.state).toBe('held');
    const number = confirmed.body.data.order_number;
    const held = ((await svc(target, 'orders', 'list', 'acme')) as any[]).find((o) => o.order_number === number);
    expect(held).toMatchObject({ status: 'pending_risk_review', payment_status: 'unpaid' });
    expect(await svc(target, 'orders', 'approve', 'acme', String(number))).toEqual({
      order_number: number,
      status: 'confirmed',
      previous_status: 'pending_risk_review',
      payment_status: 'paid',
    });
    await expect(svc(target, 'orders', 'approve', 'acme', String(number))).rejects.toThrow(/not held for review/);
    const events = await webhooksFor(number);
    expect(events.map((e) => e.topic)).toEqual(['booking.held', 'booking.released']);
    expect(events[0].payload).toMatchObject({ status: 'pending_risk_review', payment_status: 'unpaid' });
    expect(events[1].payload).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      previous_status: 'pending_risk_review',
    });
    // What the worker will send, checked against the document's webhook schemas.
    for (const e of events)
      assertWebhookContract(JSON.stringify({ event: e.topic, created_at: e.created_at, data: e.payload }));
    expect((await confirm(intent)).body.data).toMatchObject({ state: 'held', already: true });
  });

  it('a confirm while another request is making the order is 409 processing, and goes through once it is done', async () => {
    // The race of the test below answers 'processing' only when the timing falls that way (PGlite serializes
    // the confirms): here another request holds the session's lease, for certain.
    const intent = (await intents(intentBody(target))).body.data;
    await payWithCard(target, intent);
    const lease = (until: SQL | null) =>
      withTargetDb(target, ({ db }) =>
        db.update(bookingSessions).set({ lockedUntil: until }).where(eq(bookingSessions.sessionId, intent.session_id)),
      );
    await lease(sql`now() + interval '1 minute'`);
    expectError(await confirm(intent), 409, 'processing');
    await lease(null);
    expect((await confirm(intent)).body.data).toMatchObject({ state: 'confirmed' });
  });

  it('20 concurrent confirms of one session create exactly one order', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    await payWithCard(target, intent);
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm(intent)));
    const created = results.filter((r) => r.status === 200 && !r.body.data.already);
    expect(created).toHaveLength(1);
    for (const r of results) {
      if (r.status === 200) expect(r.body.data.order_id).toBe(created[0]?.body.data.order_id);
      else expectError(r, 409, 'processing');
    }
    const orders = ((await svc(target, 'orders', 'list', 'acme')) as any[]).filter(
      (o) => o.session_id === intent.session_id,
    );
    expect(orders).toHaveLength(1);
    expect(orders[0].payment_status).toBe('paid');
  });

  describe('idempotency on session_id', () => {
    it('the same id and body return the same intent', async () => {
      const body = intentBody(target, { session_id: `test_same_${Date.now()}` });
      const first = await intents(body);
      const second = await intents(body);
      expect(second.body.data).toEqual(first.body.data);
    });

    it('the same id with another body is idempotency_conflict', async () => {
      const body = intentBody(target, { session_id: `test_diff_${Date.now()}` });
      await intents(body);
      expectError(await intents({ ...body, rental_days: 10 }), 409, 'idempotency_conflict', 'session_id');
    });

    it('a session with an authorized card is already_authorized', async () => {
      const body = intentBody(target, { session_id: `test_auth_${Date.now()}` });
      const intent = (await intents(body)).body.data;
      await payWithCard(target, intent);
      expectError(await intents(body), 409, 'already_authorized', 'session_id');
      await confirm(intent);
      expectError(await intents(body), 409, 'already_authorized', 'session_id');
    });
  });

  describe('POST /confirm refusals', () => {
    it('404 for an unknown session, 409 for another payment intent', async () => {
      const missing = await api.post('/confirm', {
        key,
        body: { session_id: 'ses_does_not_exist', payment_intent_id: 'pi_x' },
      });
      expectError(missing, 404, 'not_found', 'session_id');
      const intent = (await intents(intentBody(target))).body.data;
      const other = await api.post('/confirm', {
        key,
        body: { session_id: intent.session_id, payment_intent_id: 'pi_sbx_other' },
      });
      expectError(other, 409, 'payment_intent_mismatch', 'payment_intent_id');
    });

    it("another company's session is not found", async () => {
      const intent = (await intents(intentBody(target))).body.data;
      expectError(
        await api.get(`/sessions/${intent.session_id}`, { key: offline.server }),
        404,
        'not_found',
        'session_id',
      );
      expectError(await api.get('/sessions/x', { key }), 400, 'invalid_parameter', 'session_id');
    });
  });

  it('uses a promo once per order', async () => {
    const { confirmed } = await book(api, target, TEST_CARDS.success, {
      promo_code: 'FIFTY',
      delivery_date: openDay(today, 2),
    });
    expect(confirmed.body.data.state).toBe('confirmed');
  });
});
