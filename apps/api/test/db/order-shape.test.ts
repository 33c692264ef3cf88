import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { listOrdersPage } from '../../src/db/repositories/order-lists';
import { findOrderByNumber } from '../../src/db/repositories/orders';
import { orders } from '../../src/db/schema';
import { presentDataOrder } from '../../src/messages/data';
import { acmeOrders } from '../support/acme-orders';
import { type DatabaseLocation, drivers } from '../support/databases';

// The Data API's order lists are written by PostgreSQL as JSON text (list_json, kept by a trigger); a single
// order, the webhooks and the SDK's types come from presentDataOrder. Both must say the same thing, key for
// key and in the same order, whatever the row holds: odd cents, no landfill, no city, no debris type, a
// weight with a long fraction, microseconds, an order completed, a Canadian one.
describe.each(drivers())('an order in a Data API list, on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  let sizeId: string;
  let customerId: string;

  beforeAll(async () => {
    ({ location, database, companyId, sizeId, customerId } = await acmeOrders(driver, 'shape'));
    const base = {
      companyId,
      status: 'confirmed',
      paymentStatus: 'paid',
      customerId,
      sizeId,
      sizeLabel: '10 Yard "Roll-off"',
      rentalDays: 7,
      deliveryDate: '2031-01-10',
      pickupDate: '2031-01-17',
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      bookingChannel: 'api',
      quote: { base: 29999 },
      totalCents: 44094,
      processingFeeCents: 0,
      grossTotalCents: 44094,
      currency: 'USD',
      createdAt: new Date(Date.UTC(2030, 0, 1, 3, 2, 43, 963)),
    } satisfies Omit<typeof orders.$inferInsert, 'orderNumber'>;
    const variants: Partial<typeof orders.$inferInsert>[] = [
      {},
      { totalCents: 37500, quote: { base: 37500 }, debrisType: 'yard waste' },
      { totalCents: 10, quote: { base: 1 }, landfillCostCents: 9555, netWeightTons: 1.47 },
      { totalCents: 123456789, landfillCostCents: 0, netWeightTons: 0.1 + 0.2, materialLabel: 'Concrete' },
      { address: { line1: '9 Ridge Rd', city: null, state: null, zip: '10001' }, debrisType: null },
      { address: { line1: 'Apt 4 "B" \\ back', zip: 'K1A 0B1' }, currency: 'CAD' },
      {
        status: 'completed',
        paymentStatus: 'refunded',
        completedAt: new Date(Date.UTC(2031, 0, 17, 21, 0, 0, 5)),
        netWeightTons: 2,
        debrisType: 'mixed — café débris',
      },
    ];
    await database.db.insert(orders).values(
      variants.map((v, i) => ({
        ...base,
        orderNumber: 1001 + i,
        ...v,
        createdAt: new Date(base.createdAt.getTime() - i),
      })),
    );
    // A timestamp with microseconds, as now() writes it: JavaScript shows its milliseconds.
    await database.db.execute(
      `update orders set created_at = created_at + interval '456 microseconds' where order_number = 1001`,
    );
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  it('is exactly what presentDataOrder makes of the same row', async () => {
    const listed = await listOrdersPage(database.db, companyId, {}, 0, 100);
    expect(listed).toHaveLength(7);
    for (const text of listed) {
      const shown = JSON.parse(text) as { order_number: number };
      const row = await findOrderByNumber(database.db, companyId, shown.order_number);
      // Serialized again, so key order counts too (PostgreSQL writes `"key" : value`).
      expect(JSON.stringify(shown), `order ${shown.order_number}`).toBe(JSON.stringify(presentDataOrder(row!)));
    }
  });

  it('follows every change of the row, whoever writes it', async () => {
    await database.db.execute(
      `update orders set status = 'completed', payment_status = 'paid', completed_at = '2031-01-18T10:00:00.250Z',
         net_weight_tons = 3.25, landfill_cost_cents = 12345, address = address || '{"city":"Round Rock"}'
       where order_number = 1002`,
    );
    const listed = await listOrdersPage(database.db, companyId, {}, 0, 100);
    const shown = listed
      .map((text) => JSON.parse(text) as { order_number: number })
      .find((o) => o.order_number === 1002);
    const row = await findOrderByNumber(database.db, companyId, 1002);
    expect(row?.status).toBe('completed');
    expect(JSON.stringify(shown)).toBe(JSON.stringify(presentDataOrder(row!)));
    expect(shown).toMatchObject({ status: 'completed', landfill_cost: 123.45, address: { city: 'Round Rock' } });
  });
});
