import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { orders, rentalLinks, sandboxPaymentIntents } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { intentBody, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import type { Target } from '../support/servers';
import { withTargetDb } from '../support/target-db';

// "My booking" (docs/decisions/my-booking.md): the link's token opens its one order; a change is priced by the
// server to the cent, checked against the fleet with the order's own can aside, and paid with the card saved
// at booking (off-session), or by a card in the page when the bank asks for the customer or declines.
const targets = inject('targets');
const strict = inject('strictTargets');

type Co = { slug: string; key: string };
const everyDay = { non_working_weekdays: [] as string[] };

/** A twin of acme: every day open, one 30-yard can (turnaround 1), and the card fee handling asked for. */
const company = (target: Target, name: string, cardFees: object, sizes: (base: any) => object[] = (b) => b.sizes) =>
  acmeTwin(target, name, (base) => ({
    booking: { ...base.booking, ...everyDay },
    closed_dates: [],
    card_fees: cardFees,
    sizes: [
      ...sizes(base),
      {
        key: '30yd',
        label: '30 Yard',
        yards: 30,
        included_tons: 4,
        prices: { d7: 600, extra_day: 20 },
        tax: { enabled: true, percent: 8.875 },
      },
    ],
    fleet: { turnaround_days: 1, sizes: [{ size: '30yd', cans: 1 }] },
  }));

describe.each(targets)('My booking on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const rental = apiClient(target.baseUrl, 'rental');
  const { today } = target.fixtures;
  let co: Co & { size: string };
  let big: string;
  const first = addDays(today, 2);

  beforeAll(async () => {
    co = await company(target, 'Rental Changes', { handling: 'customer_pays', percent: 3, fixed: 0.3 });
    big = ((await api.get('/sizes', { key: co.key })).body.data as any[]).find((s) => s.yards === 30).id;
  });

  /** Books through the Booking API with a card (authenticated when it asks), as a page would. */
  const book = async (c: Co, body: Record<string, unknown>, card: string = TEST_CARDS.success) => {
    const opened = await api.post('/intents', { key: c.key, body: intentBody(target, body) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const paid = await payWithCard(target, opened.body.data, card);
    if (paid.body.status === 'requires_action') await authenticate(opened.body.data);
    const confirmed = await api.post('/confirm', {
      key: c.key,
      body: { session_id: opened.body.data.session_id, payment_intent_id: opened.body.data.payment_intent_id },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const url = new URL(confirmed.body.data.manage_url);
    expect(url.pathname).toMatch(/^\/rental\/rtl_[A-Za-z0-9_-]{32}$/);
    return { ...confirmed.body.data, token: url.pathname.split('/')[2] as string };
  };
  const authenticate = async (intent: { payment_intent_id: string; client_secret: string }) => {
    const res = await fetch(`${target.baseUrl}/sandbox/v1/payment_intents/${intent.payment_intent_id}/authenticate`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: intent.client_secret, decision: 'approve' }),
    });
    expect(res.status).toBe(200);
  };
  const change = (token: string, body: object, key = `chg_${Math.random().toString(36).slice(2, 12)}`) =>
    rental.post('/changes', { key: token, body, headers: { 'idempotency-key': key } });
  const bigRental = (delivery: string, days = 7) => ({ size_id: big, rental_days: days, delivery_date: delivery });

  it('the link opens its booking, with the card saved; the confirmation e-mail carries it', async () => {
    const made = await book(co, bigRental(first));
    const res = await rental.get('/booking', { key: made.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order_number: made.order_number,
      status: 'confirmed',
      delivery_date: first,
      pickup_date: addDays(first, 7),
      card_saved: true,
      changes_allowed: ['extend', 'end_early', 'move_delivery'],
      changes: [],
    });
    const mail = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload->>'text' as text from outbox where topic = 'order_confirmation' and payload->>'text' like ${`%#${made.order_number} %`}`,
      ),
    );
    const text = (mail as unknown as { rows: { text: string }[] }).rows.map((r) => r.text).join('\n');
    expect(text).toContain(`See or change your booking: ${made.manage_url}`);
    // Only the fingerprint is kept.
    const kept = await withTargetDb(target, ({ db }) =>
      db.select({ hash: rentalLinks.tokenHash }).from(rentalLinks).where(eq(rentalLinks.orderId, made.order_id)),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]?.hash).not.toContain(made.token);
    await cancel(made.order_id);
  });

  /** Frees the one can for the next test. */
  const cancel = (orderId: string) =>
    withTargetDb(target, ({ db }) => db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, orderId)));

  it('extends by 3 days for extra_day x 3 + tax + card fee, charged once to the saved card; the can is then taken', async () => {
    const made = await book(co, bigRental(first));
    const quoted = await rental.post('/changes/quote', { key: made.token, body: { kind: 'extend', days: 3 } });
    // 3 x 20.00 = 60.00; tax 8.875% = 5.33 (5.325 rounded half up); card fee 3% of 65.33 + 0.30 = 2.26.
    expect(quoted.body.data.amounts).toEqual({
      days: 3,
      extra_days: 60,
      fee: 0,
      tax: 5.33,
      total: 65.33,
      processing_fee: 2.26,
      gross_total: 67.59,
      currency: 'USD',
    });
    const paidBefore = (await rental.get('/booking', { key: made.token })).body.data.paid as number;
    const key = `chg_extend_once_${made.order_number}`;
    const [one, two] = await Promise.all([
      change(made.token, { kind: 'extend', days: 3 }, key),
      change(made.token, { kind: 'extend', days: 3 }, key),
    ]);
    for (const res of [one, two]) expect(res.status === 200 || res.body.error?.code === 'processing').toBe(true);
    const again = await change(made.token, { kind: 'extend', days: 3 }, key);
    expect(again.body.data).toMatchObject({
      status: 'applied',
      after: { pickup_date: addDays(first, 10), rental_days: 10 },
    });
    const charged = await withTargetDb(target, ({ db }) =>
      db
        .select({ status: sandboxPaymentIntents.status, amount: sandboxPaymentIntents.amountCents })
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'change_id' = ${again.body.data.id}`),
    );
    expect(charged).toEqual([{ status: 'succeeded', amount: 6759 }]);
    const booking = (await rental.get('/booking', { key: made.token })).body.data;
    expect(booking).toMatchObject({ pickup_date: addDays(first, 10), rental_days: 10 });
    expect(booking.paid).toBeCloseTo(paidBefore + 67.59, 2);
    // Another customer is refused the can for those days (back on first + 10, turnaround 1).
    const other = await api.post('/intents', {
      key: co.key,
      body: intentBody(target, bigRental(addDays(first, 8), 2)),
    });
    expectError(other, 409, 'size_sold_out', 'size_id');
    await cancel(made.order_id);
  });

  it('20 rentals extending at once into the last can: one gets it, the others are charged nothing', async () => {
    const many = await acmeTwin(target, 'Twenty Cans', (base) => ({
      booking: { ...base.booking, ...everyDay },
      closed_dates: [],
      fleet: { turnaround_days: 1, sizes: [{ size: '10yd', cans: 20 }] },
    }));
    const ten = (delivery: string, days: number) => ({
      size_id: many.size,
      rental_days: days,
      delivery_date: delivery,
    });
    const out = await Promise.all(Array.from({ length: 20 }, () => book(many, ten(first, 7))));
    // From first + 9 (back first + 7, turnaround 1) 19 cans go out again: one is left.
    for (let i = 0; i < 19; i++) await book(many, ten(addDays(first, 9), 5));
    const answers = await Promise.all(
      out.map((o, i) => change(o.token, { kind: 'extend', days: 3 }, `chg_last_${i}_${o.order_number}`)),
    );
    expect(answers.filter((r) => r.status === 200 && r.body.data.status === 'applied')).toHaveLength(1);
    for (const lost of answers.filter((r) => r.status !== 200)) expectError(lost, 409, 'size_sold_out');
    const charged = await withTargetDb(target, ({ db }) =>
      db
        .select({ status: sandboxPaymentIntents.status })
        .from(sandboxPaymentIntents)
        .where(
          sql`${sandboxPaymentIntents.metadata}->>'company' = ${many.slug} and ${sandboxPaymentIntents.metadata} ? 'change_id'`,
        ),
    );
    expect(charged.filter((c) => c.status === 'succeeded')).toHaveLength(1);
    expect(charged.filter((c) => c.status !== 'succeeded' && c.status !== 'canceled')).toHaveLength(0);
    // A loser refused before its charge has no intent; one refused after it has its authorization released.
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it("an extension into another booking's days is refused with how far it can go, and charges nothing", async () => {
    const made = await book(co, bigRental(first));
    // The next rental starts first + 10: the can must be back first + 8 (turnaround 1).
    const next = await book(co, bigRental(addDays(first, 10), 3));
    const res = await change(made.token, { kind: 'extend', days: 5 });
    expectError(res, 409, 'size_sold_out', 'days');
    expect(res.body.error.details).toMatchObject({ reason: 'fleet_full', max_days: 1, pickup_date: addDays(first, 8) });
    expect((await change(made.token, { kind: 'extend', days: 1 })).body.data.status).toBe('applied');
    await cancel(made.order_id);
    await cancel(next.order_id);
  });

  it('ends early for free, and the freed days are bookable at once', async () => {
    const made = await book(co, bigRental(first, 9));
    const blocked = await api.post('/intents', {
      key: co.key,
      body: intentBody(target, bigRental(addDays(first, 5), 2)),
    });
    expectError(blocked, 409, 'size_sold_out', 'size_id');
    const ended = await change(made.token, { kind: 'end_early', pickup_date: addDays(first, 3) });
    expect(ended.body.data).toMatchObject({ status: 'applied', amounts: { gross_total: 0, days: -6 } });
    const later = await book(co, bigRental(addDays(first, 5), 2));
    expect(later.order_number).toBeGreaterThan(made.order_number);
    await cancel(made.order_id);
    await cancel(later.order_id);
  });

  it('moves the delivery, keeping the length; not onto a day taken', async () => {
    const made = await book(co, bigRental(first, 3));
    const moved = await change(made.token, { kind: 'move_delivery', delivery_date: addDays(first, 2) });
    expect(moved.body.data).toMatchObject({
      status: 'applied',
      after: { delivery_date: addDays(first, 2), pickup_date: addDays(first, 5), rental_days: 3 },
    });
    const other = await book(co, bigRental(addDays(first, 10), 3));
    const onto = await change(made.token, { kind: 'move_delivery', delivery_date: addDays(first, 9) });
    expectError(onto, 409, 'size_sold_out', 'delivery_date');
    await cancel(made.order_id);
    await cancel(other.order_id);
  });

  it('a card declined later: the change waits for a card in the page, then applies once paid', async () => {
    const made = await book(co, bigRental(first), TEST_CARDS.declinedLater);
    const res = await change(made.token, { kind: 'extend', days: 1 });
    expect(res.body.data).toMatchObject({ status: 'requires_payment', decline_code: 'generic_decline' });
    const notYet = await rental.post(`/changes/${res.body.data.id}/confirm`, { key: made.token });
    expectError(notYet, 409, 'unconfirmed');
    const secret = res.body.data.client_secret as string;
    await payWithCard(target, { payment_intent_id: secret.split('_secret_')[0] as string, client_secret: secret });
    const confirmed = await rental.post(`/changes/${res.body.data.id}/confirm`, { key: made.token });
    expect(confirmed.body.data).toMatchObject({ status: 'applied', after: { pickup_date: addDays(first, 8) } });
    await cancel(made.order_id);
  });

  it('a card that needs authentication asks for it off-session too', async () => {
    const made = await book(co, bigRental(first), TEST_CARDS.authenticationRequired);
    const res = await change(made.token, { kind: 'extend', days: 1 });
    expect(res.body.data).toMatchObject({ status: 'requires_payment', decline_code: 'authentication_required' });
    await cancel(made.order_id);
  });

  it('prices by the company: the card fee absorbed, and a size without tax', async () => {
    const absorbs = await company(target, 'Absorbs Fees', { handling: 'company_absorbs' }, (b) => [
      ...b.sizes,
      { key: '12yd', label: '12 Yard', yards: 12, included_tons: 2, prices: { d7: 300, extra_day: 17.5 } },
    ]);
    const sizes = (await api.get('/sizes', { key: absorbs.key })).body.data as any[];
    const made = await book(absorbs, {
      size_id: sizes.find((s) => s.yards === 12).id,
      rental_days: 7,
      delivery_date: first,
    });
    const untaxed = await rental.post('/changes/quote', { key: made.token, body: { kind: 'extend', days: 2 } });
    expect(untaxed.body.data.amounts).toMatchObject({ extra_days: 35, tax: 0, processing_fee: 0, gross_total: 35 });
    const taxed = await book(absorbs, {
      size_id: sizes.find((s) => s.yards === 10).id,
      rental_days: 7,
      delivery_date: first,
    });
    // 2 x 20.00 = 40.00; tax 8.875% = 3.55; the company absorbs the card fee.
    const quote = await rental.post('/changes/quote', { key: taxed.token, body: { kind: 'extend', days: 2 } });
    expect(quote.body.data.amounts).toMatchObject({ extra_days: 40, tax: 3.55, processing_fee: 0, gross_total: 43.55 });
    // Priced by material (concrete in the 10-yard, $500 for 7 days): its days past 7 are the size's extra_day too.
    const concrete = await book(absorbs, {
      size_id: sizes.find((s) => s.yards === 10).id,
      rental_days: 9,
      delivery_date: first,
      material: 'concrete',
      material_acknowledged: true,
    });
    const read = await rental.get('/booking', { key: concrete.token });
    expect(read.body.data).toMatchObject({ material: 'Clean concrete', extra_day_price: 20 });
    const byMaterial = await rental.post('/changes/quote', { key: concrete.token, body: { kind: 'extend', days: 2 } });
    expect(byMaterial.body.data.amounts).toMatchObject({ extra_days: 40, tax: 3.55, gross_total: 43.55 });
  });

  it("swaps for the size's swap fee + tax + card fee, taking a second can for the day and its turnaround", async () => {
    const two = await acmeTwin(target, 'Swap Hauling', (base) => ({
      booking: { ...base.booking, ...everyDay },
      closed_dates: [],
      card_fees: { handling: 'customer_pays', percent: 3, fixed: 0.3 },
      fleet: { turnaround_days: 1, sizes: [{ size: '10yd', cans: 2 }] },
      rental_changes: { swap_fees: { '10yd': 95 } },
    }));
    const ten = (delivery: string, days: number) => ({ size_id: two.size, rental_days: days, delivery_date: delivery });
    const made = await book(two, ten(first, 7));
    expect((await rental.get('/booking', { key: made.token })).body.data).toMatchObject({
      swap_price: 95,
      changes_allowed: ['extend', 'end_early', 'move_delivery', 'swap'],
    });
    const day = addDays(first, 2);
    const quoted = await rental.post('/changes/quote', { key: made.token, body: { kind: 'swap', swap_date: day } });
    // 95.00 + 8.875% (8.43) = 103.43; card fee 3% (3.10) + 0.30 = 3.40.
    expect(quoted.body.data).toMatchObject({
      swap_date: day,
      after: { delivery_date: first, pickup_date: addDays(first, 7) },
      amounts: { fee: 95, extra_days: 0, tax: 8.43, total: 103.43, processing_fee: 3.4, gross_total: 106.83 },
    });
    const swapped = await change(made.token, { kind: 'swap', swap_date: day });
    expect(swapped.body.data).toMatchObject({ status: 'applied', swap_date: day });
    // The full can is back on the swap day and turns around the next: both cans are out on day + 1.
    expectError(
      await api.post('/intents', { key: two.key, body: intentBody(target, ten(addDays(day, 1), 2)) }),
      409,
      'size_sold_out',
    );
    expect((await book(two, ten(addDays(day, 2), 2))).order_number).toBeGreaterThan(made.order_number);
    // With one can, the order's own can is out that day: no second one for the swap, said before any charge.
    const one = await acmeTwin(target, 'One Can Swaps', (base) => ({
      booking: { ...base.booking, ...everyDay },
      closed_dates: [],
      fleet: { turnaround_days: 1, sizes: [{ size: '10yd', cans: 1 }] },
      rental_changes: { swap_fees: { '10yd': 95 } },
    }));
    const only = await book(one, { size_id: one.size, rental_days: 7, delivery_date: first });
    const full = await rental.post('/changes/quote', { key: only.token, body: { kind: 'swap', swap_date: day } });
    expectError(full, 409, 'size_sold_out', 'swap_date');
    expectError(await change(only.token, { kind: 'swap', swap_date: day }), 409, 'size_sold_out', 'swap_date');
    // Not outside the rental, and not for a size without a swap fee.
    expectError(await change(made.token, { kind: 'swap', swap_date: first }), 409, 'change_not_allowed', 'swap_date');
    const noFee = await book(co, bigRental(addDays(first, 30), 5));
    expectError(
      await change(noFee.token, { kind: 'swap', swap_date: addDays(first, 32) }),
      409,
      'change_not_allowed',
      'kind',
    );
    await cancel(noFee.order_id);
  });

  it("the company's server key reads and changes its own orders by number; booking.changed says who", async () => {
    const hook = await svc(
      target,
      'webhooks',
      'add',
      co.slug,
      'http://127.0.0.1:9/hooks',
      '--event',
      'booking.changed',
    );
    const made = await book(co, bigRental(first, 3));
    const read = await api.get(`/orders/${made.order_number}`, { key: co.key });
    expect(read.body.data).toMatchObject({ order_number: made.order_number, rental_days: 3, card_saved: true });
    const quoted = await api.post(`/orders/${made.order_number}/changes/quote`, {
      key: co.key,
      body: { kind: 'extend', days: 1 },
    });
    // 20.00 + 8.875% (1.78, 1.775 rounded half up) = 21.78; card fee 3% (0.65) + 0.30.
    expect(quoted.body.data.amounts).toMatchObject({ extra_days: 20, tax: 1.78, total: 21.78, processing_fee: 0.95 });
    const made2 = await api.post(`/orders/${made.order_number}/changes`, {
      key: co.key,
      body: { kind: 'extend', days: 1 },
      headers: { 'idempotency-key': `api_extend_${made.order_number}` },
    });
    expect(made2.body.data).toMatchObject({ status: 'applied', made_by: 'api', after: { rental_days: 4 } });
    const events = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload from outbox where topic = 'booking.changed' and payload->>'order_id' = ${made.order_id}`,
      ),
    );
    const rows = (events as unknown as { rows: { payload: any }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ order_number: made.order_number, pickup_date: addDays(first, 4) });
    expect(rows[0]?.payload.change).toMatchObject({ kind: 'extend', made_by: 'api', amount: 22.73 });
    await svc(target, 'webhooks', 'remove', co.slug, hook.id);

    // Not another company's order, and never with a page's publishable key.
    expectError(await api.get(`/orders/${made.order_number}`, { key: target.fixtures.acme.server }), 404, 'not_found');
    const page = await api.get(`/orders/${made.order_number}`, {
      key: target.fixtures.acme.publishable,
      origin: 'https://acme.example',
    });
    expectError(page, 403, 'forbidden');
    await cancel(made.order_id);
  });

  it('refuses a change once the can is back, and a wrong, revoked or expired token', async () => {
    const made = await book(co, bigRental(first, 3));
    await withTargetDb(target, ({ db }) =>
      db.update(orders).set({ status: 'picked_up' }).where(eq(orders.id, made.order_id)),
    );
    expectError(await change(made.token, { kind: 'extend', days: 1 }), 409, 'change_not_allowed', 'kind');
    expect((await rental.get('/booking', { key: made.token })).body.data.changes_allowed).toEqual([]);

    expectError(await rental.get('/booking'), 401, 'unauthorized');
    expectError(await rental.get('/booking', { key: `rtl_${'A'.repeat(32)}` }), 404, 'not_found', 'token');
    // A company's own API key is not a booking's token.
    expectError(await rental.get('/booking', { key: co.key }), 404, 'not_found', 'token');

    // Expired: 30 days after the can is back.
    await withTargetDb(target, ({ db }) =>
      db
        .update(orders)
        .set({ pickupDate: addDays(today, -31), deliveryDate: addDays(today, -34) })
        .where(eq(orders.id, made.order_id)),
    );
    expectError(await rental.get('/booking', { key: made.token }), 404, 'not_found', 'token');

    // Revoked.
    const other = await book(co, bigRental(addDays(first, 20), 3));
    await withTargetDb(target, ({ db }) =>
      db
        .update(rentalLinks)
        .set({ revokedAt: new Date() })
        .where(inArray(rentalLinks.orderId, [other.order_id])),
    );
    expectError(await rental.get('/booking', { key: other.token }), 404, 'not_found', 'token');
    await cancel(made.order_id);
    await cancel(other.order_id);
  });
});

describe.each(strict)('wrong tokens on $name', (target) => {
  it('are limited per address: the 11th wrong try in 10 minutes waits, others are not affected', async () => {
    const rental = apiClient(target.baseUrl, 'rental');
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const guess = (i: number) => `rtl_${String(i).padStart(32, 'x')}`;
    for (let i = 0; i < 10; i++) {
      expectError(await rental.get('/booking', { key: guess(i), headers: from('198.51.100.7') }), 404, 'not_found');
    }
    const limited = await rental.get('/booking', { key: guess(99), headers: from('198.51.100.7') });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectError(await rental.get('/booking', { key: guess(1), headers: from('198.51.100.8') }), 404, 'not_found');
  });
});
