import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { bookingSessions, sandboxPaymentIntents } from '../../src/db/schema';
import { addDays, weekday } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { intentBody, openDay, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { withTargetDb } from '../support/target-db';

// docs/decisions/money-path.md: the money path verifies what it is told. Each case plays an attacker's sequence through the
// real server and its database; the amount the processor authorized must be what the order records.
const targets = inject('targets');

describe.each(targets)('the money path on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, today } = target.fixtures;
  const key = acme.server;
  const intents = (body: Record<string, unknown>) => api.post('/intents', { key, body });
  const confirm = (intent: { session_id: string; payment_intent_id: string }) =>
    api.post('/confirm', { key, body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id } });
  const ordersOf = async (sessionId: string) =>
    ((await svc(target, 'orders', 'list', 'acme')) as any[]).filter((o) => o.session_id === sessionId);
  const sessionState = async (sessionId: string) =>
    (await api.get(`/sessions/${sessionId}`, { key })).body.data as { state: string; last_error: string | null };
  const sandboxIntent = (id: string) =>
    withTargetDb(target, async ({ db }) => {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row;
    });

  it('a session whose cheap first call failed is paid at the price of the booking it makes', async () => {
    const session_id = `ses_attack_${Date.now()}`;
    const cheap = intentBody(target, { session_id, rental_days: 1, delivery_address: '12 Main St\u0000' });
    expectError(await intents(cheap), 400, 'invalid_body', 'delivery_address');
    const expensive = intentBody(target, {
      session_id,
      size_id: acme.sizes['20yd'],
      rental_days: 30,
      delivery_date: openDay(today, 1, 30),
    });
    const res = await intents(expensive);
    expect(res.status).toBe(200);
    const intent = res.body.data;
    const paid = await payWithCard(target, intent);
    // The card is authorized for exactly what the session froze, and the order records that amount.
    expect(paid.body).toMatchObject({ status: 'requires_capture', amount: intent.amount.gross_total_cents });
    expect((await confirm(intent)).body.data.state).toBe('confirmed');
    const [order] = await ordersOf(session_id);
    expect(Math.round(order.charged * 100)).toBe(paid.body.amount);
  });

  it('confirm makes no order when the authorized amount is not the session’s, and releases it', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    // The processor hands back an intent for another amount (as a reused idempotency key did).
    await withTargetDb(target, ({ db }) =>
      db
        .update(sandboxPaymentIntents)
        .set({ amountCents: 100 })
        .where(eq(sandboxPaymentIntents.id, intent.payment_intent_id)),
    );
    expect((await payWithCard(target, intent)).body).toMatchObject({ status: 'requires_capture', amount: 100 });
    const res = await confirm(intent);
    expectError(res, 409, 'payment_intent_mismatch', 'payment_intent_id');
    expect(res.body.error.details).toMatchObject({ reason: 'amount' });
    expect(await ordersOf(intent.session_id)).toEqual([]);
    expect(await sessionState(intent.session_id)).toMatchObject({ state: 'failed' });
    expect((await sandboxIntent(intent.payment_intent_id))?.status).toBe('canceled');
    // Repeating it changes nothing: the session failed.
    expectError(await confirm(intent), 409, 'unconfirmed');
    expect(await ordersOf(intent.session_id)).toEqual([]);
  });

  it('confirm makes no order from another session’s authorization', async () => {
    const mine = (await intents(intentBody(target))).body.data;
    const other = (await intents(intentBody(target))).body.data;
    expect((await payWithCard(target, other)).body.status).toBe('requires_capture');
    // Same amount, another session: only the intent's metadata tells them apart.
    await withTargetDb(target, ({ db }) =>
      db
        .update(bookingSessions)
        .set({ paymentIntentId: other.payment_intent_id })
        .where(eq(bookingSessions.sessionId, mine.session_id)),
    );
    const res = await confirm({ session_id: mine.session_id, payment_intent_id: other.payment_intent_id });
    expectError(res, 409, 'payment_intent_mismatch', 'payment_intent_id');
    expect(res.body.error.details).toMatchObject({ reason: 'metadata' });
    expect(await ordersOf(mine.session_id)).toEqual([]);
  });

  it('the office cannot capture a held order whose authorization is not the order’s amount', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    expect((await payWithCard(target, intent, TEST_CARDS.elevatedRisk)).body.status).toBe('requires_capture');
    const held = await confirm(intent);
    expect(held.body.data.state).toBe('held');
    // After the order was made, the processor's record says another amount (a changed authorization).
    await withTargetDb(target, ({ db }) =>
      db
        .update(sandboxPaymentIntents)
        .set({ amountCents: 100 })
        .where(eq(sandboxPaymentIntents.id, intent.payment_intent_id)),
    );
    const number = String(held.body.data.order_number);
    await expect(svc(target, 'orders', 'approve', 'acme', number)).rejects.toThrow(/amount does not match/);
    expect((await sandboxIntent(intent.payment_intent_id))?.status).toBe('requires_capture');
    const [order] = await ordersOf(intent.session_id);
    expect(order).toMatchObject({ status: 'pending_risk_review', payment_status: 'unpaid' });
  });

  it('nothing reaches the processor before the session row exists', async () => {
    const session_id = `ses_norow_${Date.now()}`;
    const body = intentBody(target, { session_id });
    const res = await intents(body);
    expect(res.status).toBe(200);
    const row = await sandboxIntent(res.body.data.payment_intent_id);
    // The intent names this company and session, and its key covers what is bought.
    expect(row?.metadata).toMatchObject({
      session_id,
      company: 'acme',
      company_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(row?.idempotencyKey).toContain(session_id);
    expect(row?.idempotencyKey).not.toBe(`${(row?.metadata as any)?.company_id}:${session_id}`);
  });

  describe('every rental day is paid', () => {
    const delivery = openDay(today, 1, 9);
    it.each([
      ['a pickup a year after a 1-day rental', { rental_days: 1, pickup_date: addDays(delivery, 365) }],
      ['a pickup before delivery', { rental_days: 3, pickup_date: addDays(delivery, -1) }],
      ['a pickup on the delivery day', { rental_days: 3, pickup_date: delivery }],
      ['a pickup one day short of the rental', { rental_days: 9, pickup_date: addDays(delivery, 8) }],
    ])('%s is refused with field pickup_date', async (_name, overrides) => {
      const res = await intents(intentBody(target, { delivery_date: delivery, ...overrides }));
      expectError(res, 400, 'invalid_body', 'pickup_date');
      expect(res.body.error.details).toMatchObject({ expected: addDays(delivery, overrides.rental_days) });
    });

    it('a pickup in year 9999 is refused with field pickup_date', async () => {
      const res = await intents(
        intentBody(target, { delivery_date: delivery, rental_days: 3, pickup_date: '9999-12-31' }),
      );
      expectError(res, 400, 'invalid_body', 'pickup_date');
    });

    it('a pickup on a day the company is closed is refused with field pickup_date', async () => {
      // acme works Monday to Saturday: a delivery whose pickup falls on a Sunday.
      const start = openDay(today, 1, 1);
      let days = 1;
      while (weekday(addDays(start, days)) !== 7) days++;
      const res = await intents(intentBody(target, { delivery_date: start, rental_days: days }));
      expectError(res, 409, 'date_closed', 'pickup_date');
      expect(res.body.error.message).toMatch(/pickup/i);
    });

    it('the pickup it records is delivery + rental_days', async () => {
      const res = await intents(
        intentBody(target, { delivery_date: delivery, rental_days: 9, pickup_date: addDays(delivery, 9) }),
      );
      expect(res.status).toBe(200);
    });
  });

  describe('text that breaks nothing', () => {
    const hostile = { nul: 'Main\u0000St', surrogate: 'Main \ud800 St', control: 'Main\u0007St' };
    const at = (field: string, value: string) => {
      const body: any = intentBody(target);
      const [head, tail] = field.split('.') as [string, string | undefined];
      if (tail) body[head] = { ...(body[head] ?? {}), [tail]: value };
      else body[head] = value;
      return body;
    };
    const fields = [
      'delivery_address',
      'delivery_city',
      'delivery_state',
      'delivery_zip',
      'debris_type',
      'customer.name',
      'customer.company_name',
      'customer.phone',
      'customer.email',
      'promo_code',
      'material',
      'session_id',
      'attribution.utm_source',
      'attribution.referrer',
      'attribution.landing_page',
    ];
    it.each(fields.flatMap((f) => Object.entries(hostile).map(([kind, v]) => [f, kind, v] as const)))(
      'POST /intents with %s holding a %s character: 400 invalid_body with its field',
      async (field, _kind, value) => {
        expectError(await intents(at(field, value)), 400, 'invalid_body', field);
      },
    );

    it.each([
      ['/quote', { size_id: acme.sizes['10yd'], rental_days: 3, promo_code: 'A\u0000' }, 'promo_code'],
      ['/quote', { size_id: acme.sizes['10yd'], rental_days: 3, material: 'con\ud800' }, 'material'],
      ['/check', { zip: '100\u000001' }, 'zip'],
      ['/check', { promo_code: 'TEN\udfffOFF' }, 'promo_code'],
    ])('POST %s with hostile text answers 400 with its field', async (path, body, field) => {
      expectError(await api.post(path, { key, body }), 400, 'invalid_body', field);
    });

    it('the sandbox processor answers a NUL in a path with 404, not 500', async () => {
      const res = await fetch(`${target.baseUrl}/sandbox/v1/payment_intents/pi_%00/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_secret: 'x',
          card: { number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
        }),
      });
      expect(res.status).toBe(404);
    });
  });

  describe('debris types and materials', () => {
    it('a debris_type naming a material in another case needs that material’s acknowledgement', async () => {
      const res = await intents(intentBody(target, { debris_type: 'CONCRETE', rental_days: 7 }));
      expectError(res, 400, 'invalid_body', 'material_acknowledged');
    });

    it('a debris_type naming another material than material is refused', async () => {
      const res = await intents(intentBody(target, { material: 'household', debris_type: 'concrete' }));
      expectError(res, 400, 'invalid_body', 'debris_type');
    });
  });

  it('/availability refuses a from whose range leaves four-digit years', async () => {
    const res = await api.get('/availability', { key, query: { from: '9999-12-31' } });
    expectError(res, 400, 'invalid_parameter', 'from');
  });

  it('a declined card leaves the session payable until its attempts run out', async () => {
    const intent = (await intents(intentBody(target))).body.data;
    for (let i = 0; i < 5; i++) expect((await payWithCard(target, intent, TEST_CARDS.genericDecline)).status).toBe(402);
    // The sixth failed attempt on one payment is refused and the payment is canceled: no card testing here.
    const sixth = await payWithCard(target, intent, TEST_CARDS.genericDecline);
    expect(sixth.body.error.code).toBe('payment_intent_unexpected_state');
    expect((await payWithCard(target, intent, TEST_CARDS.success)).status).toBe(400);
    expectError(await confirm(intent), 409, 'unconfirmed');
    expect(await sessionState(intent.session_id)).toMatchObject({ state: 'failed' });
  });
});
