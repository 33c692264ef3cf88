import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import { dollars } from './money';

/**
 * The data of the Data API's payment.received webhook (contract/data/webhooks.ts, PaymentReceived): what was
 * captured, as our payment record holds it (the processor's answer was checked against it), card fee
 * included. The other data events carry the record as the Data API's reads show it (present/data.ts).
 */
export function presentPaymentReceived(
  made: { kind: 'dumpster'; row: OrderRow } | { kind: 'junk'; row: JunkJobRow },
  payment: { amountCents: number; currency: string },
  receivedAt: Date,
) {
  return {
    service: made.kind,
    order_number: made.kind === 'dumpster' ? made.row.orderNumber : null,
    job_number: made.kind === 'junk' ? made.row.jobNumber : null,
    amount: dollars(payment.amountCents),
    currency: payment.currency.toUpperCase() as 'USD' | 'CAD',
    customer_ref: made.row.customerId,
    received_at: receivedAt.toISOString(),
  };
}
