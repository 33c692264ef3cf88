import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/db/repositories/catalog';
import { insertSandboxPaymentMethod } from '../../src/db/repositories/sandbox-intents';
import { orders, payments } from '../../src/db/schema';
import type { Catalog } from '../../src/domain/catalog';
import { addDays, todayIn } from '../../src/domain/dates';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { captureLateChanges } from '../../src/use-cases/rentals/capture';
import { makeChange } from '../../src/use-cases/rentals/changes';
import { type AcmeOrders, acmeOrders } from '../support/acme-orders';
import { drivers } from '../support/databases';
import { ACME_TZ } from '../support/fixtures';

// A paid change whose capture failed after its commit (the processor went away): the change stands with its
// authorization kept, and the recovery pass captures it later, once
// (docs/decisions/my-booking.md).
describe.each(drivers())('a change captured late on %s', (driver) => {
  let at: AcmeOrders;
  let catalog: Catalog;
  const processor = () => createSandboxProcessor(at.database.db);

  beforeAll(async () => {
    at = await acmeOrders(driver, 'change-capture');
    catalog = (await loadCatalog(at.database.db, at.companyId)) as Catalog;
  });
  afterAll(async () => {
    await at?.database.close();
    await at?.location.dispose();
  });

  it('is captured by the recovery pass, once', async () => {
    const delivery = addDays(todayIn(ACME_TZ, new Date()), 3);
    await insertSandboxPaymentMethod(at.database.db, {
      id: 'pm_sbx_late',
      customer: 'cus_sbx_late',
      later: 'succeeds',
      cardLast4: '4242',
    });
    const [order] = await at.database.db
      .insert(orders)
      .values({
        companyId: at.companyId,
        orderNumber: 7001,
        status: 'confirmed',
        paymentStatus: 'paid',
        customerId: at.customerId,
        sizeId: at.sizeId,
        sizeLabel: '10 Yard',
        rentalDays: 7,
        deliveryDate: delivery,
        pickupDate: addDays(delivery, 7),
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
        bookingChannel: 'api',
        quote: { base: 35000 },
        totalCents: 35000,
        processingFeeCents: 0,
        grossTotalCents: 35000,
        currency: 'USD',
        processorCustomer: 'cus_sbx_late',
        savedCard: 'pm_sbx_late',
      })
      .returning();
    const captureDown = () => ({ ...processor(), capture: () => Promise.reject(new Error('ECONNRESET')) });
    const aMinuteAgo = () => new Date(Date.now() - 60_000);
    const change = await makeChange(
      { db: at.database.db, processorFor: captureDown, now: aMinuteAgo },
      { catalog, order: order as typeof orders.$inferSelect },
      { kind: 'extend', days: 1 },
      { idempotencyKey: 'late_capture_1', actor: 'customer' },
    );
    expect(change.status).toBe('applied');
    const status = () =>
      at.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.paymentIntentId, change.paymentIntentId as string));
    expect(await status()).toEqual([{ status: 'authorized' }]);

    const deps = { db: at.database.db, processorFor: processor, now: () => new Date() };
    expect(await captureLateChanges(deps)).toBe(1);
    expect(await captureLateChanges(deps)).toBe(0);
    expect(await status()).toEqual([{ status: 'captured' }]);
  });
});
