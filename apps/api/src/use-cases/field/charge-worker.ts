import type { Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findCustomer } from '../../db/repositories/customers';
import {
  claimFieldCharge,
  dueFieldCharges,
  type FieldChargeRow,
  updateFieldCharge,
} from '../../db/repositories/field-charges';
import { findOrder, type OrderRow } from '../../db/repositories/orders';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { insertPayment } from '../../db/repositories/payments';
import type { Catalog } from '../../domain/catalog';
import { presentPaymentReceived } from '../../messages/data-events';
import { chargeDeclinedMessages } from '../../messages/field-notices';
import type { ProcessorIntent } from '../../payments/processor';
import { issueRentalLink, type Links, rentalUrl } from '../rentals/links';
import { accountOf, type ProcessorFor } from '../shared/payments';
import { settleOrder } from './charges';

/**
 * The charge worker's pass (run with the recovery worker, every 15 seconds): field charges past their notice
 * are taken from the card saved at booking, once. A charge is claimed (`noticed` → `charging`) by one
 * conditional update, so two instances never both charge it; the processor call carries the idempotency key
 * `field-charge:<id>`, so a pass that died after the processor answered (the row left `charging`, retried
 * after 5 minutes) gets the same intent back, never a second charge. A decline leaves it owed, with the
 * customer sent the page to pay it.
 */
export type ChargeDeps = { db: Db; processorFor: ProcessorFor; now: () => Date; links?: Links };

export async function chargeDueFieldCharges(deps: ChargeDeps, limit = 20): Promise<number> {
  let charged = 0;
  for (const due of await dueFieldCharges(deps.db, deps.now(), limit)) {
    const claimed = await claimFieldCharge(deps.db, due, deps.now());
    if (!claimed) continue;
    if (await chargeOne(deps, claimed)) charged++;
  }
  return charged;
}

async function chargeOne(deps: ChargeDeps, charge: FieldChargeRow): Promise<boolean> {
  const catalog = await loadCatalog(deps.db, charge.companyId);
  const order = charge.orderId ? await findOrder(deps.db, charge.companyId, charge.orderId) : undefined;
  const processor = catalog ? deps.processorFor(catalog.company) : null;
  if (!catalog || !order || !processor) return false;
  if (!order.savedCard || !order.processorCustomer) {
    await owed(deps, catalog, order, charge, null, 'no card saved');
    return false;
  }
  const account = accountOf(catalog.company);
  let intent: ProcessorIntent;
  try {
    intent = await processor.chargeSaved({
      amountCents: charge.grossTotalCents,
      currency: charge.currency,
      idempotencyKey: `field-charge:${charge.id}:${charge.grossTotalCents}`,
      account,
      metadata: { company: catalog.company.slug, order_number: String(order.orderNumber), field_charge: charge.id },
      customer: order.processorCustomer,
      paymentMethod: order.savedCard,
    });
    if (intent.amountCents !== charge.grossTotalCents) return false;
    if (intent.status === 'requires_capture') intent = await processor.capture(intent.id, account);
  } catch {
    // The processor did not answer: the charge stays `charging` and is retried with the same key.
    return false;
  }
  if (intent.status !== 'succeeded') {
    await owed(deps, catalog, order, charge, intent, intent.declineCode ?? `payment ${intent.status}`);
    return false;
  }
  return recordPaid(deps, catalog, order, charge, intent, ['charging'], 'charged');
}

/**
 * The charge captured, recorded once: the payment, the charge settled (from one of `from`), payment.received
 * and the order completed when nothing else is owed, in one transaction.
 */
export async function recordPaid(
  deps: Pick<ChargeDeps, 'db' | 'now'>,
  catalog: Catalog,
  order: OrderRow,
  charge: FieldChargeRow,
  intent: ProcessorIntent,
  from: FieldChargeRow['status'][],
  status: 'charged' | 'paid',
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const done = await updateFieldCharge(tx, charge, from, {
      status,
      paymentIntentId: intent.id,
      clientSecret: null,
      chargedAt: now,
      lastError: null,
    });
    if (!done) return false;
    await insertPayment(tx, {
      companyId: charge.companyId,
      processor: catalog.company.processor.kind,
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      currency: charge.currency,
      status: 'captured',
    });
    if (!order.isDemo) {
      const data = presentPaymentReceived({ kind: 'dumpster', row: order }, intent, now);
      await enqueueWebhooks(tx, charge.companyId, 'data', 'payment.received', data);
    }
    await settleOrder(tx, done, now);
    return true;
  });
}

/** Declined (or no card): owed, kept visible, and the customer sent the page to pay it. */
async function owed(
  deps: ChargeDeps,
  catalog: Catalog,
  order: OrderRow,
  charge: FieldChargeRow,
  intent: ProcessorIntent | null,
  why: string,
) {
  await deps.db.transaction(async (tx) => {
    const row = await updateFieldCharge(tx, charge, ['charging'], {
      status: 'declined',
      paymentIntentId: intent?.id ?? null,
      clientSecret: intent?.clientSecret ?? null,
      lastError: why,
    });
    const customer = await findCustomer(tx, charge.companyId, order.customerId);
    if (!row || !customer || !deps.links) return;
    const url = rentalUrl(deps.links, await issueRentalLink(tx, charge.companyId, { orderId: order.id }));
    await enqueueMessages(tx, charge.companyId, chargeDeclinedMessages(catalog.company, order, customer, row, url));
  });
}
