import type { Queryable } from '../../db/client';
import { type JunkJobRow, markJobPaid } from '../../db/repositories/junk';
import { markOrderPaid, type OrderRow } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { capturePayment } from '../../db/repositories/payments';
import { DomainError } from '../../domain/errors';
import { captureProblem } from '../../domain/payment-match';
import { presentPaymentReceived } from '../../messages/data-events';
import type { ProcessorIntent } from '../../payments/processor';

/** A capture the processor answered, to be recorded on the order or job it paid for. */
export type CaptureAnswer = {
  companyId: string;
  kind: 'dumpster' | 'junk';
  /** The order's or the job's id. */
  madeId: string;
  paymentIntentId: string;
  /** The processor's answer to the capture. */
  captured: Pick<ProcessorIntent, 'status' | 'amountCents' | 'currency'>;
  now: Date;
};

export type Paid = {
  made: { kind: 'dumpster'; row: OrderRow } | { kind: 'junk'; row: JunkJobRow };
  payment: { amountCents: number; currency: string };
  at: Date;
};

/**
 * Records a capture in the caller's transaction: the payment captured, its invoice and its order or job
 * paid. Null when it was recorded already (confirm and the recovery worker may both capture; one records)
 * or the record owes nothing (no_charge). A processor answer that is not a capture of the recorded amount
 * records nothing and throws: no payment.received is ever sent for money we cannot vouch for.
 */
export async function markPaid(tx: Queryable, answer: CaptureAnswer): Promise<Paid | null> {
  const { companyId, madeId, now } = answer;
  const payment = await capturePayment(tx, companyId, answer.paymentIntentId);
  if (!payment) return null;
  const problem = captureProblem(answer.captured, payment);
  if (problem) {
    throw new DomainError('upstream', `The capture of ${answer.paymentIntentId} was not recorded: ${problem}.`);
  }
  if (answer.kind === 'dumpster') {
    const row = await markOrderPaid(tx, companyId, madeId, now);
    return row ? { made: { kind: 'dumpster', row }, payment, at: now } : null;
  }
  const row = await markJobPaid(tx, companyId, madeId, now);
  return row ? { made: { kind: 'junk', row }, payment, at: now } : null;
}

/** payment.received, in the transaction that recorded the capture. */
export async function announcePayment(tx: Queryable, paid: Paid): Promise<void> {
  const { made } = paid;
  if (made.kind === 'dumpster' && made.row.isDemo) return;
  const data = presentPaymentReceived(made, paid.payment, paid.at);
  await enqueueWebhooks(tx, made.row.companyId, 'data', 'payment.received', data);
}

/** Both, for the paths that only capture (after an order's commit, and the recovery worker). */
export async function recordCapture(tx: Queryable, answer: CaptureAnswer): Promise<boolean> {
  const paid = await markPaid(tx, answer);
  if (paid) await announcePayment(tx, paid);
  return paid !== null;
}
