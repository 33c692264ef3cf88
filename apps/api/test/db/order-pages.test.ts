import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { listOrdersPage } from '../../src/db/repositories/order-lists';
import { orderListCounts, orders } from '../../src/db/schema';
import { acmeOrders } from '../support/acme-orders';
import { type DatabaseLocation, drivers } from '../support/databases';

// The Data API's deep pages start at the day order_list_months and order_list_counts point to and stop at
// the day of their last row (docs/decisions/order-pages.md): every page must be exactly the page a plain OFFSET gives,
// whatever was written and changed.
const STATUSES = ['confirmed', 'scheduled', 'delivered', 'completed', 'canceled', 'pending_risk_review'];

describe.each(drivers())('order pages through the day counts on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let sizeId: string;
  let customerId: string;

  beforeAll(async () => {
    ({ location, database, companyId, sizeId, customerId } = await acmeOrders(driver, 'pages'));
    // 240 orders in January, March and April (none in February: a page may span an empty month), several
    // on one instant, some demo, some held for review.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const rows: (typeof orders.$inferInsert)[] = [];
    for (let i = 0; i < 240; i++) {
      const day = rand(3) === 0 ? rand(31) : 59 + rand(61);
      rows.push({
        companyId,
        orderNumber: 1001 + i,
        status: STATUSES[rand(STATUSES.length)] as string,
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
        isDemo: rand(15) === 0,
        createdAt: new Date(Date.UTC(2030, 0, 1 + day, rand(3) * 11, 0, 0)),
      });
    }
    // One statement, one trigger call per row, as any bulk load would.
    await database.db.insert(orders).values(rows);
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  async function reference(status: string | undefined, offset: number, limit: number) {
    return database.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          sql`not ${orders.isDemo} and ${orders.status} <> 'pending_risk_review'`,
          status ? eq(orders.status, status) : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .offset(offset)
      .limit(limit);
  }

  async function expectSamePages() {
    for (const status of [undefined, 'completed']) {
      for (const perPage of [3, 25, 100]) {
        for (let offset = 0; offset <= 250; offset += perPage) {
          const got = (await listOrdersPage(database.db, companyId, { status }, offset, perPage + 1)).map(
            (o) => (JSON.parse(o) as { order_number: number }).order_number,
          );
          const want = (await reference(status, offset, perPage + 1)).map((r) => r.n);
          expect(got, `status ${status ?? 'any'}, offset ${offset}, per_page ${perPage}`).toEqual(want);
        }
      }
    }
  }

  it('gives every page exactly as OFFSET would, with and without a status', async () => {
    await expectSamePages();
  });

  it('stays exact after status changes, a release from review, demo flags and deletes', async () => {
    await database.db.execute(sql`update orders set status = 'completed' where order_number % 5 = 0`);
    await database.db.execute(
      sql`update orders set status = 'confirmed' where status = 'pending_risk_review' and order_number % 2 = 0`,
    );
    await database.db.execute(sql`update orders set is_demo = not is_demo where order_number % 17 = 0`);
    await database.db.execute(sql`delete from orders where order_number % 23 = 0`);
    await expectSamePages();
  });

  it('reads a page again without its lower bound when its days lost an order between the two reads', async () => {
    // The counts say the page's first day holds more than it does, as they would had an order left that day
    // after they were read: the day of the page's last row comes out too new, and the bounded read falls
    // short. The page must still be whole (a short page would end an integrator's walk early).
    const offset = 20;
    const want = (await reference('completed', offset, 26)).map((r) => r.n);
    const [first] = await listOrdersPage(database.db, companyId, { status: 'completed' }, offset, 1);
    const day = (JSON.parse(first!) as { created_at: string }).created_at.slice(0, 10);
    const inflate = (by: number) =>
      database.db.execute(sql`
        update order_list_counts set listed = listed + ${by}
        where company_id = ${companyId} and status = 'completed' and day = ${day}`);
    await inflate(40);
    try {
      const got = (await listOrdersPage(database.db, companyId, { status: 'completed' }, offset, 26)).map(
        (o) => (JSON.parse(o) as { order_number: number }).order_number,
      );
      expect(got).toEqual(want);
    } finally {
      await inflate(-40);
    }
  });

  it('keeps the counts equal to a fresh count of the listable orders', async () => {
    const kept = await database.db
      .select({ status: orderListCounts.status, day: orderListCounts.day, listed: orderListCounts.listed })
      .from(orderListCounts)
      .where(and(eq(orderListCounts.companyId, companyId), sql`${orderListCounts.listed} > 0`));
    const fresh = await database.db.execute(sql`
      select s.status, (created_at at time zone 'UTC')::date::text as day, count(*)::int as listed
      from orders cross join lateral (values (orders.status), ('*')) as s(status)
      where company_id = ${companyId} and not is_demo and orders.status <> 'pending_risk_review'
      group by 1, 2`);
    const key = (r: { status: string; day: string; listed: number }) => `${r.status} ${r.day} ${r.listed}`;
    expect(kept.map(key).sort()).toEqual(
      (fresh as { rows: { status: string; day: string; listed: number }[] }).rows.map(key).sort(),
    );
    // The months are the days' sums, kept by the same trigger.
    const months = await database.db.execute(sql`
      select status, month::text as day, listed from order_list_months
      where company_id = ${companyId} and listed > 0`);
    const summed = await database.db.execute(sql`
      select status, date_trunc('month', day)::date::text as day, sum(listed)::int as listed from order_list_counts
      where company_id = ${companyId} group by 1, 2 having sum(listed) > 0`);
    const rows = (r: unknown) => (r as { rows: { status: string; day: string; listed: number }[] }).rows.map(key);
    expect(rows(months).sort()).toEqual(rows(summed).sort());
    expect(rows(months).length).toBeGreaterThan(1);
  });
});
