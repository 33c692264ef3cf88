import type { Db } from '../../db/client';
import { findOrCreateCustomer, insertInvoice, insertPayment } from '../../db/repositories/orders';
import type { SessionRow } from '../../db/repositories/sessions';
import type { Company } from '../../domain/catalog';

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
