import type { Db } from '../../db/client';
import { findOrCreateCustomer } from '../../db/repositories/customers';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { insertInvoice, insertPayment } from '../../db/repositories/payments';
import { type SessionRow, updateSession } from '../../db/repositories/sessions';
import type { Company } from '../../domain/catalog';
import { type Booked, confirmationMessages } from '../../messages/notices';

/** What every booking writes beside its order or job, inside the same transaction. */

type BookingCustomer = {
  name: string;
  email: string;
  phone: string;
  type?: 'residential' | 'contractor';
  company_name?: string;
};

/** The company's customer with the booking's e-mail, created when new. */
export function bookCustomer(tx: Db, companyId: string, customer: BookingCustomer): Promise<string> {
  return findOrCreateCustomer(tx, {
    companyId,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    type: customer.type ?? 'residential',
    companyName: customer.company_name ?? null,
  });
}

/** The invoice of an order or job, and the payment record of its authorized card; the invoice's id. */
export async function bookInvoice(
  tx: Db,
  company: Company,
  session: SessionRow,
  quote: { total: number; grossTotal: number },
  of: { orderId: string } | { junkJobId: string },
): Promise<string> {
  const invoiceId = await insertInvoice(tx, { companyId: company.id, ...of, totalCents: quote.total, status: 'open' });
  await insertPayment(tx, {
    companyId: company.id,
    invoiceId,
    processor: company.processor.kind,
    paymentIntentId: session.paymentIntentId as string,
    amountCents: quote.grossTotal,
    currency: session.currency,
    status: 'authorized',
  });
  return invoiceId;
}

/**
 * What follows every new order or job in its transaction (its promo use was redeemed before it, by
 * use-cases/shared/settle.ts): the booking webhook (booking.completed, or booking.held) and the
 * confirmations are queued, and the session points at what it made.
 */
export async function announceBooking(
  tx: Db,
  company: Company,
  session: SessionRow,
  made: {
    held: boolean;
    event: Record<string, unknown>;
    booked: Booked;
    customer: BookingCustomer;
    link: { orderId: string } | { junkJobId: string };
  },
): Promise<void> {
  await enqueueWebhooks(tx, company.id, 'booking', made.held ? 'booking.held' : 'booking.completed', made.event);
  await enqueueMessages(tx, company.id, confirmationMessages(company, made.booked, made.customer));
  await updateSession(tx, company.id, session.sessionId, {
    state: made.held ? 'held' : 'confirmed',
    ...made.link,
    lockedUntil: null,
    lastError: null,
  });
}
