import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { companies, orderListCounts, orders } from '../../src/db/schema';
import { acmeOrders } from '../support/acme-orders';
import { type DatabaseLocation, drivers } from '../support/databases';

// The order-list counts' trigger takes its locks in one order (drizzle/0020_order_counts_lock_order.sql): the
// company's row, then the counts. New orders made as a confirm makes them (the company's row locked first) and
// status moves of the same day, each in its own transaction, side by side on PostgreSQL's pool, never deadlock
// (40P01; the soak at 10x answered them 500).
const CHAIN = ['confirmed', 'scheduled', 'delivered', 'picked_up', 'completed'];

describe.runIf(drivers().includes('postgres'))('order count locks on postgres', () => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let sizeId: string;
  let customerId: string;
  let number = 5000;

  beforeAll(async () => {
    ({ location, database, companyId, sizeId, customerId } = await acmeOrders('postgres', 'count-locks'));
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  const order = (): typeof orders.$inferInsert => ({
    companyId,
    orderNumber: number++,
    status: 'confirmed',
    paymentStatus: 'paid',
    customerId,
    sizeId,
    sizeLabel: '10 Yard',
    rentalDays: 7,
    deliveryDate: '2031-01-10',
    pickupDate: '2031-01-17',
    address: { line1: '1 Main', city: null, state: null, zip: '10001' },
    bookingChannel: 'api',
    quote: { base: 30000 },
    totalCents: 40000,
    processingFeeCents: 0,
    grossTotalCents: 40000,
    currency: 'USD',
  });

  it('new orders and moves of one day, side by side, all commit and keep the counts', async () => {
    const moved = await database.db
      .insert(orders)
      .values(Array.from({ length: 40 }, order))
      .returning({ id: orders.id });
    const failures: string[] = [];
    const attempt = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (err) {
        failures.push(String((err as { cause?: { code?: string } }).cause?.code ?? err));
      }
    };
    // Eight movers walk their orders along the chain, four writers add new orders: one transaction each.
    const mover = async (ids: string[]) => {
      for (let step = 1; step < CHAIN.length; step++) {
        for (const id of ids) {
          await attempt(() =>
            database.db.transaction((tx) =>
              tx
                .update(orders)
                .set({ status: CHAIN[step] as string })
                .where(and(eq(orders.companyId, companyId), eq(orders.id, id))),
            ),
          );
        }
      }
    };
    // A confirm's fulfilment: the company's row locked (lockCompanyUnits), then its order.
    const writer = async () => {
      for (let i = 0; i < 20; i++) {
        await attempt(() =>
          database.db.transaction(async (tx) => {
            await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
            await tx.insert(orders).values(order());
          }),
        );
      }
    };
    const ids = moved.map((r) => r.id);
    await Promise.all([
      ...Array.from({ length: 8 }, (_, k) => mover(ids.filter((_, i) => i % 8 === k))),
      ...Array.from({ length: 4 }, writer),
    ]);

    expect(failures).toEqual([]);
    // The counts still equal a recount.
    const counted = await database.db
      .select({ status: orderListCounts.status, listed: sql<number>`sum(${orderListCounts.listed})::int` })
      .from(orderListCounts)
      .where(eq(orderListCounts.companyId, companyId))
      .groupBy(orderListCounts.status);
    const recount = await database.db
      .select({ status: orders.status, listed: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.companyId, companyId))
      .groupBy(orders.status);
    const byStatus = Object.fromEntries(counted.filter((c) => c.listed > 0).map((c) => [c.status, c.listed]));
    expect(byStatus).toEqual({
      ...Object.fromEntries(recount.map((r) => [r.status, r.listed])),
      '*': 120,
    });
  });
});
