import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { bookingsOf, findShownCustomer } from '../../src/db/repositories/customers';
import { customers, leads, orders } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';

// The database keeps what the Data API's updated_since reads (drizzle/0005_data_reads.sql), whoever writes.
describe.each(drivers())('Data API change stamps on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let sizeId: string;
  let number = 5000;
  const today = todayIn(ACME_TZ, new Date());

  beforeAll(async () => {
    location = await createLocation(driver, 'data-reads');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(today));
    companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    sizeId = (await loadCatalog(database.db, companyId))?.sizes[0]?.id as string;
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  const longAgo = new Date('2020-01-01T00:00:00Z');
  async function customer() {
    const [row] = await database.db
      .insert(customers)
      .values({ companyId, name: 'Ann', email: `ann${number++}@example.com`, phone: '555 0100' })
      .returning();
    // As if made long ago: a later touch is then plain to see.
    await database.db
      .update(customers)
      .set({ updatedAt: longAgo })
      .where(eq(customers.id, row?.id as string));
    return row?.id as string;
  }
  const updatedAt = async (id: string) =>
    (await database.db.select().from(customers).where(eq(customers.id, id)))[0]?.updatedAt as Date;
  const order = (customerId: string, status: string) => ({
    companyId,
    orderNumber: number++,
    status,
    paymentStatus: 'unpaid',
    customerId,
    sizeId,
    sizeLabel: '10 Yard',
    rentalDays: 7,
    deliveryDate: today,
    pickupDate: today,
    address: { line1: '1 Main St', zip: '10001' },
    bookingChannel: 'api' as const,
    quote: {},
    totalCents: 100,
    processingFeeCents: 0,
    grossTotalCents: 100,
    currency: 'USD',
  });

  it('a customer held for review only is hidden; its release shows it and touches updated_at', async () => {
    const id = await customer();
    const [held] = await database.db.insert(orders).values(order(id, 'pending_risk_review')).returning();
    expect((await updatedAt(id)).getTime()).toBe(longAgo.getTime());
    expect(await findShownCustomer(database.db, companyId, id)).toBeUndefined();

    await database.db
      .update(orders)
      .set({ status: 'confirmed' })
      .where(eq(orders.id, held?.id as string));
    expect((await updatedAt(id)).getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await findShownCustomer(database.db, companyId, id)).toMatchObject({ id });
    expect((await bookingsOf(database.db, companyId, [id]))(id)).toMatchObject({ orders: 1, jobs: 0 });
  });

  it('a new order touches its customer; a move between shown statuses does not', async () => {
    const id = await customer();
    const [made] = await database.db.insert(orders).values(order(id, 'confirmed')).returning();
    const touched = await updatedAt(id);
    expect(touched.getTime()).toBeGreaterThan(longAgo.getTime());
    await database.db.update(customers).set({ updatedAt: longAgo }).where(eq(customers.id, id));
    await database.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.id, made?.id as string));
    expect((await updatedAt(id)).getTime()).toBe(longAgo.getTime());
  });

  it('one statement of many orders touches each customer once, and counts them all', async () => {
    const [a, b] = [await customer(), await customer()];
    await database.db.insert(orders).values([order(a, 'confirmed'), order(a, 'confirmed'), order(b, 'confirmed')]);
    const bookings = await bookingsOf(database.db, companyId, [a, b]);
    expect([bookings(a).orders, bookings(b).orders]).toEqual([2, 1]);
    expect((await updatedAt(b)).getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it('every change to an order or a lead stamps updated_at, unless the write sets it', async () => {
    const id = await customer();
    const [made] = await database.db
      .insert(orders)
      .values({ ...order(id, 'confirmed'), updatedAt: longAgo })
      .returning();
    const [changed] = await database.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(eq(orders.id, made?.id as string))
      .returning();
    expect(changed?.updatedAt.getTime()).toBeGreaterThan(longAgo.getTime());

    const [lead] = await database.db.insert(leads).values({ companyId, name: 'Lee', updatedAt: longAgo }).returning();
    const at = new Date('2024-05-06T07:08:09Z');
    const [moved] = await database.db
      .update(leads)
      .set({ status: 'contacted', updatedAt: at })
      .where(eq(leads.id, lead?.id as string))
      .returning();
    expect(moved?.updatedAt.toISOString()).toBe(at.toISOString());
    const [again] = await database.db
      .update(leads)
      .set({ status: 'converted' })
      .where(eq(leads.id, lead?.id as string))
      .returning();
    expect(again?.updatedAt.getTime()).toBeGreaterThan(at.getTime());
  });
});
