import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFieldCharge, insertFieldCharge } from '../../src/db/repositories/field-charges';
import { insertSandboxPaymentMethod } from '../../src/db/repositories/sandbox-intents';
import { orders, payments, weighTickets } from '../../src/db/schema';
import { addDays, todayIn } from '../../src/domain/dates';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { chargeDueFieldCharges } from '../../src/use-cases/field/charge-worker';
import type { ProcessorFor } from '../../src/use-cases/shared/payments';
import { type AcmeOrders, acmeOrders } from '../support/acme-orders';
import { drivers } from '../support/databases';
import { ACME_TZ } from '../support/fixtures';

// The charge worker takes a field charge from the saved card once, whatever dies in the middle
// (docs/decisions/drivers-day.md): a pass that died after the processor authorized (its capture lost) leaves
// the charge `charging`; no pass takes it again for 5 minutes, then one does, with the same idempotency
// key, so the processor answers the same intent and one payment is recorded.
describe.each(drivers())('the field charge worker on %s', (driver) => {
  let at: AcmeOrders;
  const processor = () => createSandboxProcessor(at.database.db);

  beforeAll(async () => {
    at = await acmeOrders(driver, 'field-charge-worker');
  });
  afterAll(async () => {
    await at?.database.close();
    await at?.location.dispose();
  });

  it('charges once across a pass that died after the processor answered', async () => {
    const { db } = at.database;
    const delivery = addDays(todayIn(ACME_TZ, new Date()), -3);
    await insertSandboxPaymentMethod(db, {
      id: 'pm_sbx_field',
      customer: 'cus_sbx_field',
      later: 'succeeds',
      cardLast4: '4242',
    });
    const [order] = await db
      .insert(orders)
      .values({
        companyId: at.companyId,
        orderNumber: 7101,
        status: 'waiting_landfill',
        paymentStatus: 'paid',
        customerId: at.customerId,
        sizeId: at.sizeId,
        sizeLabel: '10 Yard',
        rentalDays: 3,
        deliveryDate: delivery,
        pickupDate: addDays(delivery, 3),
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        bookingChannel: 'api',
        quote: { base: 30000 },
        totalCents: 30000,
        processingFeeCents: 0,
        grossTotalCents: 30000,
        currency: 'USD',
        processorCustomer: 'cus_sbx_field',
        savedCard: 'pm_sbx_field',
      })
      .returning();
    const orderId = (order as typeof orders.$inferSelect).id;
    const [ticket] = await db
      .insert(weighTickets)
      .values({
        companyId: at.companyId,
        orderId,
        stopKey: `pickup:${orderId}`,
        netWeightTons: 5.4,
        landfillCostCents: 4850,
        driverId: 'd1',
      })
      .returning();
    const charge = await insertFieldCharge(db, {
      companyId: at.companyId,
      orderId,
      kind: 'overage',
      ticketId: ticket?.id,
      stopKey: `pickup:${orderId}`,
      status: 'noticed',
      amounts: { overage_cents: 23_800 },
      grossTotalCents: 26_719,
      currency: 'USD',
      chargeAfter: new Date(Date.now() - 1000),
    });
    const id = charge?.id as string;
    const keys: string[] = [];
    const captureLost = () => {
      const p = processor();
      return {
        ...p,
        chargeSaved: (input: Parameters<typeof p.chargeSaved>[0]) => {
          keys.push(input.idempotencyKey);
          return p.chargeSaved(input);
        },
        capture: () => Promise.reject(new Error('ECONNRESET')),
      };
    };
    const at0 = Date.now();
    const pass = (ms: number, processorFor: ProcessorFor = captureLost) =>
      chargeDueFieldCharges({ db, processorFor, now: () => new Date(at0 + ms) });

    expect(await pass(0)).toBe(0);
    expect((await findFieldCharge(db, at.companyId, id))?.status).toBe('charging');
    // Not stale yet: nobody takes it up again.
    expect(await pass(60_000)).toBe(0);
    expect(keys).toHaveLength(1);
    // Five minutes on, one pass takes it up with the same key, and the processor answers the same intent.
    const recording = () => {
      const p = processor();
      const chargeSaved = (input: Parameters<typeof p.chargeSaved>[0]) => {
        keys.push(input.idempotencyKey);
        return p.chargeSaved(input);
      };
      return { ...p, chargeSaved };
    };
    expect(await pass(6 * 60_000, recording)).toBe(1);
    expect(await pass(20 * 60_000, recording)).toBe(0);
    expect(new Set(keys).size).toBe(1);
    const settled = await findFieldCharge(db, at.companyId, id);
    expect(settled).toMatchObject({ status: 'charged', grossTotalCents: 26_719 });
    const paid = await db
      .select()
      .from(payments)
      .where(eq(payments.paymentIntentId, settled?.paymentIntentId as string));
    expect(paid.map((p) => [p.amountCents, p.status])).toEqual([[26_719, 'captured']]);
    const intents = await db.execute(
      sql`select count(*)::int as n from sandbox_payment_intents where metadata->>'field_charge' = ${id}`,
    );
    expect(
      (intents as unknown as { rows: { n: number }[] }).rows[0]?.n ?? (intents as unknown as { n: number }[])[0]?.n,
    ).toBe(1);
    // The order's overage settled: completed.
    const [done] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(done?.status).toBe('completed');
  });
});
