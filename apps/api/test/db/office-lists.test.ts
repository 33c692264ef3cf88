import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { bookingDaysBetween } from '../../src/db/repositories/booking-days';
import { type After, type BookingFilter, bookingsPage } from '../../src/db/repositories/bookings';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { findOrCreateCustomer } from '../../src/db/repositories/customers';
import { orders } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import { type OfficeSearch, officeSearchOf } from '../../src/domain/search';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';

// The office's lists (docs/decisions/office-lists.md): the search finds a booking by
// a part of its street, its customer's name, e-mail or phone in any format, or its number, and nothing else;
// its input is data (LIKE's own characters match themselves); the export's keyset batches give exactly the
// list; booking_days counts every order once, on its company-local day.
const search = (q: string) => officeSearchOf(q) as OfficeSearch;

describe.each(drivers())('the office lists on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let otherId: string;

  beforeAll(async () => {
    location = await createLocation(driver, 'office');
    database = await open(location);
    const today = todayIn(ACME_TZ, new Date());
    await applyCompanyConfig(database, acmeConfig(today));
    await applyCompanyConfig(database, { ...acmeConfig(today), slug: 'rival', name: 'Rival' });
    companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    otherId = (await findCompanyBySlug(database.db, 'rival'))?.id as string;
    const people = [
      ['Martha Elmwood', 'martha@example.com', '+1 (512) 555-0142', '14 Elm Street'],
      ['Pat Doe', 'pat_100%@example.com', '512.555.0199', '9 Oak Ave'],
      ['Back Slash', 'back\\slash@example.com', '5125550123', '1 Main St'],
    ] as const;
    let n = 1001;
    for (const company of [companyId, otherId]) {
      const catalog = await loadCatalog(database.db, company);
      for (const [i, [name, email, phone, line1]] of people.entries()) {
        const customerId = await findOrCreateCustomer(database.db, { companyId: company, name, email, phone });
        for (let k = 0; k < 4; k++) {
          await database.db.insert(orders).values({
            companyId: company,
            orderNumber: n++,
            status: k === 3 ? 'pending_risk_review' : 'confirmed',
            paymentStatus: k === 0 ? 'paid' : 'unpaid',
            customerId,
            sizeId: catalog?.sizes[0]?.id as string,
            sizeLabel: '10 Yard',
            rentalDays: 7,
            deliveryDate: `2031-01-${String(10 + k).padStart(2, '0')}`,
            pickupDate: '2031-01-20',
            address: { line1, city: 'Austin', state: 'TX', zip: '78701' },
            bookingChannel: k % 2 ? 'widget' : 'link',
            quote: { base: 30000 },
            totalCents: 40000,
            processingFeeCents: 1200,
            grossTotalCents: 41200,
            currency: 'USD',
            riskReview: k === 3,
            attribution: k === 1 ? { utm_source: 'google' } : null,
            // 23:30 UTC is still the same day west of UTC: the company's day, not UTC's, is counted.
            createdAt: new Date(Date.UTC(2030, 5, 1 + i, 23, 30, k)),
          });
        }
      }
    }
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  const numbers = async (filter: BookingFilter, company = companyId) =>
    (await bookingsPage(database.db, 'order', company, filter, { limit: 100 })).map((l) => l.booking.orderNumber);

  it('finds by part of a street, a name, an e-mail, a phone in another format, and a number', async () => {
    expect(await numbers({ search: search('elm st') })).toEqual([1004, 1003, 1002, 1001]);
    expect(await numbers({ search: search('ELMWOOD') })).toEqual([1004, 1003, 1002, 1001]);
    expect(await numbers({ search: search('(512) 555-01') })).toHaveLength(12);
    expect(await numbers({ search: search('512-555-0199') })).toEqual([1008, 1007, 1006, 1005]);
    expect(await numbers({ search: search('#1006') })).toEqual([1006]);
  });

  it("takes LIKE's own characters as themselves, and never finds another company's rows", async () => {
    expect(await numbers({ search: search('_100%') })).toEqual([1008, 1007, 1006, 1005]);
    expect(await numbers({ search: search('100%@') })).toEqual([1008, 1007, 1006, 1005]);
    expect(await numbers({ search: search('k\\s') })).toEqual([1012, 1011, 1010, 1009]);
    expect(await numbers({ search: search('%%%') })).toEqual([]);
    expect(await numbers({ search: search('___') })).toEqual([]);
    expect(await numbers({ search: search('#1013') })).toEqual([]);
    const theirs = await numbers({ search: search('elm') }, otherId);
    expect(theirs).toEqual([1016, 1015, 1014, 1013]);
  });

  it('filters by status, payment, channel and service days, held bookings included', async () => {
    expect(await numbers({ status: 'pending_risk_review' })).toEqual([1012, 1008, 1004]);
    expect(await numbers({ paymentStatus: 'paid', channel: 'link' })).toEqual([1009, 1005, 1001]);
    expect(await numbers({ serviceFrom: '2031-01-11', serviceTo: '2031-01-12', search: search('oak') })).toEqual([
      1007, 1006,
    ]);
  });

  it('gives the whole list in keyset batches, the same as one read', async () => {
    const all = await numbers({});
    const batched: number[] = [];
    let after: After | undefined;
    for (;;) {
      const rows = await bookingsPage(database.db, 'order', companyId, {}, { limit: 5, after });
      batched.push(...rows.map((r) => r.booking.orderNumber));
      const last = rows.at(-1);
      if (!last || rows.length < 5) break;
      after = { createdAt: last.cursor, number: last.booking.orderNumber };
    }
    expect(batched).toEqual(all);
    expect(all).toHaveLength(12);
  });

  it('never skips a booking made in the same millisecond as the last of a batch', async () => {
    // Three orders 100 µs apart in one millisecond, read one a batch: a cursor cut to milliseconds (a Date)
    // would start the second batch before all three and lose two of them.
    await database.db.execute(sql`
      update orders set created_at = '2031-06-01 12:00:00.123' :: timestamptz + (order_number - 1005) * interval '100 microseconds'
      where company_id = ${companyId} and order_number in (1005, 1006, 1007)`);
    const search = officeSearchOf('pat_100%') as OfficeSearch;
    const got: number[] = [];
    let after: After | undefined;
    for (let i = 0; i < 10; i++) {
      const [row] = await bookingsPage(database.db, 'order', companyId, { search }, { limit: 1, after });
      if (!row) break;
      got.push(row.booking.orderNumber);
      after = { createdAt: row.cursor, number: row.booking.orderNumber };
    }
    expect(got).toEqual([1007, 1006, 1005, 1008]);
  });

  it("counts each order once in booking_days, on the company's day, and takes it back when deleted", async () => {
    const days = await bookingDaysBetween(database.db, companyId, '2030-05-01', '2030-07-01');
    expect(days.reduce((s, d) => s + d.bookings, 0)).toBe(12);
    expect(days.reduce((s, d) => s + d.held, 0)).toBe(3);
    expect(days.reduce((s, d) => s + d.revenueCents, 0)).toBe(12 * 41200);
    // Made at 23:30 UTC on June 1 to 3: New York's June 1 to 3 too (19:30).
    expect([...new Set(days.map((d) => d.day))].sort()).toEqual(['2030-06-01', '2030-06-02', '2030-06-03']);
    expect(days.filter((d) => d.source === 'google').reduce((s, d) => s + d.bookings, 0)).toBe(3);
    await database.db.execute(sql`delete from orders where company_id = ${companyId} and order_number = 1001`);
    const after = await bookingDaysBetween(database.db, companyId, '2030-05-01', '2030-07-01');
    expect(after.reduce((s, d) => s + d.bookings, 0)).toBe(11);
  });
});
