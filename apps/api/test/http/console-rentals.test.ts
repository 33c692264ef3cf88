import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';
import { withTargetDb } from '../support/target-db';

// The office and an order after its booking (docs/decisions/my-booking.md): its My booking view with the
// changes, a change made for a customer on the phone on the card saved at booking, and the link sent again
// (the old one stops) or stopped. Another company's member reaches none of it.
const targets = inject('targets');

describe.each(targets)('the office and My booking on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const rental = apiClient(target.baseUrl, 'rental');
  let staff: ConsoleClient;
  let rival: ConsoleClient;
  beforeAll(async () => {
    staff = await consoleAs(target, 'acme', 'staff');
    rival = await consoleAs(target, 'rival', 'owner');
  });
  const booked = async () => {
    const { confirmed } = await book(api, target, TEST_CARDS.success);
    const { order_number, manage_url } = confirmed.body.data;
    return { number: order_number as number, token: new URL(manage_url).pathname.split('/')[2] as string };
  };

  it('a staff member extends for the customer on the saved card; the order page lists who did what', async () => {
    const { number, token } = await booked();
    const quoted = await staff.post(`/orders/${number}/changes/quote`, { body: { kind: 'extend', days: 2 } });
    // acme's 10-yard: 2 x 20.00 = 40.00, tax 8.875% = 3.55, card fee 3% of 43.55 (1.31) + 0.30 = 1.61.
    expect(quoted.body.data.amounts).toMatchObject({
      extra_days: 40,
      tax: 3.55,
      processing_fee: 1.61,
      gross_total: 45.16,
    });
    const made = await staff.post(`/orders/${number}/changes`, {
      body: { kind: 'extend', days: 2 },
      headers: { 'idempotency-key': `office_${number}` },
    });
    expect(made.body.data).toMatchObject({ status: 'applied', made_by: 'office', amounts: { gross_total: 45.16 } });
    const view = await staff.get(`/orders/${number}/rental`);
    expect(view.body.data.changes).toHaveLength(1);
    expect(view.body.data.changes[0]).toMatchObject({ kind: 'extend', made_by: 'office', status: 'applied' });
    // The customer's link shows the same.
    expect((await rental.get('/booking', { key: token })).body.data.changes[0].made_by).toBe('office');
  });

  it('sends a fresh link (the old one stops working) and stops every link', async () => {
    const { number, token } = await booked();
    const sent = await staff.post(`/orders/${number}/rental-link`);
    expect(sent.body.data).toMatchObject({ order_number: number, revoked: 1 });
    expectError(await rental.get('/booking', { key: token }), 404, 'not_found');
    const mail = await withTargetDb(target, ({ db }) =>
      db.execute(
        sql`select payload->>'text' as text from outbox where topic = 'rental_link' and payload->>'to' = ${sent.body.data.sent_to} order by created_at desc limit 1`,
      ),
    );
    const text = (mail as unknown as { rows: { text: string }[] }).rows[0]?.text ?? '';
    const fresh = /\/rental\/(rtl_[A-Za-z0-9_-]{32})/.exec(text)?.[1] as string;
    expect((await rental.get('/booking', { key: fresh })).body.data.order_number).toBe(number);
    expect((await staff.delete(`/orders/${number}/rental-link`)).body.data).toMatchObject({ revoked: 1 });
    expectError(await rental.get('/booking', { key: fresh }), 404, 'not_found');
  });

  it("another company's member reaches none of it", async () => {
    const { number } = await booked();
    expectError(await rival.get(`/orders/${number}/rental`), 404, 'not_found');
    expectError(await rival.post(`/orders/${number}/rental-link`), 404, 'not_found');
    const change = await rival.post(`/orders/${number}/changes`, {
      body: { kind: 'extend', days: 1 },
      headers: { 'idempotency-key': `rival_${number}` },
    });
    expectError(change, 404, 'not_found');
  });
});
