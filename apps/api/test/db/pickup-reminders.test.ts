import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { addDays, todayIn } from '../../src/domain/dates';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { remindPickups } from '../../src/use-cases/rentals/reminders';
import { type AcmeOrders, acmeOrders } from '../support/acme-orders';
import { drivers } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';

// The day before a pickup the customer is told the rental ends tomorrow, with a fresh My booking link: from
// 09:00 company time, once per pickup day (a moved pickup is told again), never for a can already back, and
// not at all when the company turned reminders off (docs/decisions/my-booking.md).
describe.each(drivers())('pickup reminders on %s', (driver) => {
  let at: AcmeOrders;
  const links = { hostedBaseUrl: 'https://book.example' };
  // 10:00 in New York on a fixed day: tomorrow there is 2031-03-12.
  const tenAm = new Date('2031-03-11T14:00:00Z');
  const eightAm = new Date('2031-03-11T12:00:00Z');
  const tomorrow = '2031-03-12';
  let next = 5001;

  beforeAll(async () => {
    at = await acmeOrders(driver, 'reminders');
  });
  afterAll(async () => {
    await at?.database.close();
    await at?.location.dispose();
  });

  const order = async (pickupDate: string, status = 'confirmed') => {
    const [row] = await at.database.db
      .insert(orders)
      .values({
        companyId: at.companyId,
        orderNumber: next++,
        status,
        paymentStatus: 'paid',
        customerId: at.customerId,
        sizeId: at.sizeId,
        sizeLabel: '10 Yard',
        rentalDays: 7,
        deliveryDate: addDays(pickupDate, -7),
        pickupDate,
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        bookingChannel: 'api',
        quote: { base: 30000 },
        totalCents: 30000,
        processingFeeCents: 0,
        grossTotalCents: 30000,
        currency: 'USD',
      })
      .returning();
    return row as typeof orders.$inferSelect;
  };
  const reminders = async (orderNumber: number) => {
    const result = await at.database.db.execute(
      sql`select payload->>'text' as text from outbox where topic = 'pickup_reminder' and payload->>'text' like ${`%order #${orderNumber})%`}`,
    );
    return (result as unknown as { rows: { text: string }[] }).rows.map((r) => r.text);
  };
  const pass = (now: Date) => remindPickups({ db: at.database.db, now: () => now, links });

  it('tells the customer once, from 09:00 the day before, with a link; a moved pickup again', async () => {
    const due = await order(tomorrow);
    const later = await order(addDays(tomorrow, 1));
    const back = await order(tomorrow, 'picked_up');
    await pass(eightAm);
    expect(await reminders(due.orderNumber)).toHaveLength(0);
    await pass(tenAm);
    await pass(tenAm);
    const sent = await reminders(due.orderNumber);
    expect(sent).toHaveLength(2); // one e-mail and one text
    expect(sent[0]).toMatch(
      new RegExp(`ends tomorrow, ${tomorrow}.*https://book\\.example/rental/rtl_[A-Za-z0-9_-]{32}`),
    );
    expect(await reminders(later.orderNumber)).toHaveLength(0);
    expect(await reminders(back.orderNumber)).toHaveLength(0);
    // Extended by a day: told again the day before the new pickup.
    await at.database.db
      .update(orders)
      .set({ pickupDate: addDays(tomorrow, 1) })
      .where(eq(orders.id, due.id));
    await pass(new Date('2031-03-12T14:00:00Z'));
    expect(await reminders(due.orderNumber)).toHaveLength(4);
  });

  it('sends nothing for a company that turned reminders off', async () => {
    await applyCompanyConfig(at.database, {
      ...acmeConfig(todayIn(ACME_TZ, new Date())),
      rental_changes: { remind_before_pickup: false },
    });
    const quiet = await order(tomorrow);
    await pass(tenAm);
    expect(await reminders(quiet.orderNumber)).toHaveLength(0);
  });
});
