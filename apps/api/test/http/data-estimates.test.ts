import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bookingSessions } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book, intentBody, payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { contact, everything, expectNewestFirst, runTag } from '../support/data';
import { freeSlot, junkBody } from '../support/junk';
import { withTargetDb } from '../support/target-db';

// GET /v1/estimates (docs/decisions/data-api-lists.md): checkouts that reached a price with
// the customer's contact details and never became an order or job, open, expired or converted.
const targets = inject('targets');

describe.each(targets)('Data API estimates on $name', (target) => {
  const booking = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  const key = target.fixtures.data.acme;
  const server = target.fixtures.acme.server;
  const { acme, today } = target.fixtures;
  const tag = runTag();
  const get = (path: string, query: Record<string, string> = {}) => data.get(path, { key, query });
  const estimatesOf = (query: Record<string, string>) => everything(data, key, '/estimates', { q: tag, ...query });
  const intent = async (body: Record<string, unknown>, path = '/intents') => {
    const res = await booking.post(path, { key: server, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  // Eve priced a 10-yard with a promo and a placement pin, and left; Joe priced a junk pickup and left.
  const eve = contact(tag, 'Eve', '+1 (718) 555-0123');
  let eveBody: Record<string, any>;
  let eveIntent: any;
  let joeIntent: any;
  let joeSlot: Awaited<ReturnType<typeof freeSlot>>;

  beforeAll(async () => {
    eveBody = intentBody(target, {
      customer: { ...eve, type: 'contractor', company_name: 'Eve Co' },
      promo_code: 'TENOFF',
      placement_lat: 40.7128,
      placement_lng: -74.006,
      debris_type: 'Yard waste',
      attribution: { utm_source: `news-${tag}` },
    });
    eveIntent = await intent(eveBody);
    joeSlot = await freeSlot(booking, target);
    joeIntent = await intent(junkBody(joeSlot, { customer: contact(tag, 'Joe') }), '/junk/intents');
  });

  it('a dumpster checkout left before paying is an open estimate: its frozen price and what was chosen', async () => {
    const quote = (
      await booking.post('/quote', {
        key: server,
        body: { size_id: acme.sizes['10yd'], rental_days: 9, promo_code: 'TENOFF' },
      })
    ).body.data;
    const res = await get(`/estimates/${eveIntent.session_id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: eveIntent.session_id,
      kind: 'dumpster',
      status: 'open',
      requested_date: eveBody.delivery_date,
      customer: { name: eve.name, email: eve.email, phone: eve.phone, type: 'contractor', company_name: 'Eve Co' },
      customer_ref: null,
      address: { line1: '12 Main St', line2: null, city: 'New York', state: 'NY', zip: '10001' },
      dumpster: {
        size: '10 Yard',
        size_ref: acme.sizes['10yd'],
        rental_days: 9,
        delivery_date: eveBody.delivery_date,
        pickup_date: addDays(eveBody.delivery_date, 9),
        debris_type: 'Yard waste',
      },
      junk: null,
      total_price: eveIntent.amount.total,
      base_price: quote.lines.base,
      discount: quote.lines.promo_discount,
      promo_code: 'TENOFF',
      processing_fee: eveIntent.amount.processing_fee,
      gross_total: eveIntent.amount.gross_total,
      currency: 'USD',
      booking_channel: 'api',
      created_at: expect.any(String),
    });
    expect(res.body.data.discount).toBeGreaterThan(0);
    expect(res.body.data.gross_total).toBe(eveIntent.amount.gross_total_cents / 100);
    // The payment, its secret, the GPS pin and the page's attribution stay on the server.
    const text = JSON.stringify(res.body);
    for (const hidden of [
      eveIntent.payment_intent_id,
      eveIntent.client_secret,
      '40.7128',
      'placement',
      `news-${tag}`,
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it('a junk checkout left before paying is an estimate of kind junk', async () => {
    const res = await get(`/estimates/${joeIntent.session_id}`);
    expect(res.body.data).toMatchObject({
      kind: 'junk',
      status: 'open',
      requested_date: joeSlot.date,
      address: { line1: '12 Main St', line2: null, zip: '10001' },
      dumpster: null,
      junk: {
        load_fraction: '1/4',
        load_label: 'Quarter truck',
        job_date: joeSlot.date,
        time_window: { start: joeSlot.start, end: joeSlot.end },
        notes: 'An old couch in the garage',
      },
      total_price: joeIntent.amount.total,
      base_price: 249.99,
      discount: 0,
      promo_code: null,
    });
    expect((await estimatesOf({ kind: 'junk' })).map((e) => e.id)).toEqual([joeIntent.session_id]);
    expect((await estimatesOf({ kind: 'dumpster' })).map((e) => e.id)).toContain(eveIntent.session_id);
  });

  it('q finds an estimate by name, e-mail or phone digits; the list is newest first', async () => {
    const ids = async (q: string) => (await everything(data, key, '/estimates', { q })).map((e) => e.id);
    expect(await ids(`EVE ${tag}`)).toEqual([eveIntent.session_id]);
    expect(await ids(eve.email.toUpperCase())).toEqual([eveIntent.session_id]);
    expect(await ids('718-555-0123')).toContain(eveIntent.session_id);
    const all = await estimatesOf({});
    expectNewestFirst(all);
    expect(all.map((e) => e.id)).toEqual([joeIntent.session_id, eveIntent.session_id]);
    expect((await estimatesOf({ from: today, to: today })).length).toBe(2);
    expect(await estimatesOf({ to: addDays(today, -1) })).toEqual([]);
  });

  it('converted: the same e-mail booked later (another checkout); the paid checkout is no estimate', async () => {
    const cora = contact(tag, 'Cora');
    const left = await intent(intentBody(target, { customer: cora }));
    expect((await get(`/estimates/${left.session_id}`)).body.data).toMatchObject({
      status: 'open',
      customer_ref: null,
    });
    const paid = await book(booking, target, TEST_CARDS.success, {
      customer: { ...cora, email: cora.email.toUpperCase() },
    });
    expect(paid.confirmed.body.data.state).toBe('confirmed');
    expect((await get(`/estimates/${left.session_id}`)).body.data).toMatchObject({
      status: 'converted',
      customer_ref: paid.confirmed.body.data.customer_id,
    });
    expectError(await get(`/estimates/${paid.intent.session_id}`), 404, 'not_found', 'id');
    const converted = (await estimatesOf({ status: 'converted' })).map((e) => e.id);
    expect(converted).toEqual([left.session_id]);
    expect((await estimatesOf({ status: 'open' })).map((e) => e.id)).not.toContain(left.session_id);
  });

  it('an estimate whose own checkout is then paid leaves the list', async () => {
    const late = await intent(intentBody(target, { customer: contact(tag, 'Lena') }));
    expect((await get(`/estimates/${late.session_id}`)).status).toBe(200);
    await payWithCard(target, late);
    const confirmed = await booking.post('/confirm', {
      key: server,
      body: { session_id: late.session_id, payment_intent_id: late.payment_intent_id },
    });
    expect(confirmed.body.data.state).toBe('confirmed');
    expectError(await get(`/estimates/${late.session_id}`), 404, 'not_found', 'id');
  });

  it('expired: the requested day has passed without a booking', async () => {
    const old = await intent(intentBody(target, { customer: contact(tag, 'Otto') }));
    // Days pass: the frozen delivery day is now yesterday (the rules refuse a past day, so no request can).
    await withTargetDb(target, ({ db }) =>
      db
        .update(bookingSessions)
        .set({
          request: sql`jsonb_set(${bookingSessions.request}, '{request,delivery_date}', ${JSON.stringify(addDays(today, -1))}::jsonb)`,
        })
        .where(eq(bookingSessions.sessionId, old.session_id)),
    );
    expect((await get(`/estimates/${old.session_id}`)).body.data).toMatchObject({
      status: 'expired',
      requested_date: addDays(today, -1),
    });
    expect((await estimatesOf({ status: 'expired' })).map((e) => e.id)).toEqual([old.session_id]);
    const open = (await estimatesOf({ status: 'open' })).map((e) => e.id);
    expect(open).toContain(eveIntent.session_id);
    expect(open).not.toContain(old.session_id);
  });

  it('pages of estimates: has_more, then the rest', async () => {
    const first = await get('/estimates', { q: tag, per_page: '1' });
    const second = await get('/estimates', { q: tag, per_page: '1', page: '2' });
    expect(first.body).toMatchObject({ page: 1, per_page: 1, has_more: true });
    expect(second.body).toMatchObject({ page: 2, per_page: 1, has_more: true });
    expect(first.body.data[0].id).not.toBe(second.body.data[0].id);
  });
});
