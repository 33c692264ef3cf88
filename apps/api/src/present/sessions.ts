import type { EstimateRow } from '../db/repositories/estimates';
import type { SessionRow } from '../db/repositories/sessions';
import { accountOf, type Catalog } from '../domain/catalog';
import type { QuoteCents } from '../domain/pricing';
import type { SessionState } from '../domain/session-state';
import { bookingReference } from '../lib/booking-reference';
import { dollars } from '../messages/money';
import type { Processor } from '../payments/processor';

/**
 * Booking sessions: the payment to confirm (POST /intents), where one stands (GET /sessions/{id}), the
 * console's unconfirmed ones and the Data API's estimates (checkouts never paid).
 */

/** POST /intents' answer: the payment to confirm in the page, for the session's frozen amount. */
export function presentIntent(catalog: Catalog, { session, processor }: { session: SessionRow; processor: Processor }) {
  const { company } = catalog;
  const quote = session.quote as Pick<QuoteCents, 'total' | 'processingFee' | 'grossTotal'>;
  return {
    session_id: session.sessionId,
    reference: bookingReference(session.sessionId),
    payment_intent_id: session.paymentIntentId as string,
    client_secret: session.clientSecret as string,
    processor: {
      kind: processor.kind,
      publishable_key: processor.publishableKey,
      account: accountOf(company),
    },
    currency: company.currency,
    amount: {
      total: dollars(quote.total),
      total_cents: quote.total,
      processing_fee: dollars(quote.processingFee),
      processing_fee_cents: quote.processingFee,
      gross_total: dollars(quote.grossTotal),
      gross_total_cents: quote.grossTotal,
      card_fee_handling: company.cardFee.handling,
    },
    card_saved: session.processorCustomer !== null,
    next: {
      action: 'confirm_payment' as const,
      description:
        "Confirm the payment in the page with the processor's payment component and client_secret, then POST /confirm with session_id and payment_intent_id.",
    },
  };
}

/** GET /sessions/{session_id}'s answer. */
export function presentSession({
  session,
  orderNumber,
  jobNumber,
}: {
  session: SessionRow;
  orderNumber: number | null;
  jobNumber: number | null;
}) {
  return {
    session_id: session.sessionId,
    reference: bookingReference(session.sessionId),
    kind: session.kind,
    state: session.state as SessionState,
    payment_intent_id: session.paymentIntentId,
    order_number: orderNumber,
    order_id: session.orderId,
    job_number: jobNumber,
    job_id: session.junkJobId,
    last_error: session.lastError,
    updated_at: session.updatedAt.toISOString(),
    material: (session.material as { slug: string; label: string; acknowledged_at: string | null } | null) ?? null,
    amount_cents: session.amountCents,
  };
}

const customerOfSession = (session: SessionRow) =>
  (session.request as { request: { customer: { name: string; email: string; phone: string } } }).request.customer;

export function presentStuckSession(session: SessionRow) {
  const customer = customerOfSession(session);
  return {
    session_id: session.sessionId,
    reference: bookingReference(session.sessionId),
    kind: session.kind,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    amount: dollars(session.amountCents),
    currency: session.currency,
    last_error: session.lastError,
    created_at: session.createdAt.toISOString(),
  };
}

/** What an estimate reads of a session's frozen booking (the dumpster and junk create-intent use cases write it). */
type Contact = {
  name: string;
  email: string;
  phone: string;
  type?: 'residential' | 'contractor';
  company_name?: string;
};
type Price = { base: number; promoDiscount: number; total: number; processingFee: number; grossTotal: number };
type FrozenDumpster = {
  request: {
    size_id: string;
    rental_days: number;
    delivery_date: string;
    pickup_date: string;
    delivery_address: string;
    delivery_city?: string;
    delivery_state?: string;
    delivery_zip: string;
    debris_type?: string;
    customer: Contact;
  };
  quote: Price;
  sizeLabel: string;
  material: { label: string } | null;
  promoCode: string | null;
};
type FrozenJunk = {
  request: {
    address_line1: string;
    address_line2?: string;
    city?: string;
    state?: string;
    zip: string;
    notes?: string;
    customer: Contact;
  };
  quote: Price;
  load: { fraction: string; label: string };
  window: { date: string; start: string; end: string };
  promoCode: string | null;
};

export function presentEstimate({ session, status, customerRef }: EstimateRow) {
  const frozen = session.request as FrozenDumpster | FrozenJunk;
  const contact = frozen.request.customer;
  const common = {
    id: session.sessionId,
    kind: session.kind,
    status,
    customer: {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      type: contact.type ?? ('residential' as const),
      company_name: contact.company_name ?? null,
    },
    customer_ref: customerRef,
  };
  const money = {
    total_price: dollars(frozen.quote.total),
    base_price: dollars(frozen.quote.base),
    discount: dollars(frozen.quote.promoDiscount),
    promo_code: frozen.promoCode,
    processing_fee: dollars(frozen.quote.processingFee),
    gross_total: dollars(frozen.quote.grossTotal),
    currency: session.currency as 'USD' | 'CAD',
    booking_channel: session.bookingChannel,
    created_at: session.createdAt.toISOString(),
  };
  if (session.kind === 'junk') {
    const junk = frozen as FrozenJunk;
    const r = junk.request;
    return {
      ...common,
      requested_date: junk.window.date,
      address: {
        line1: r.address_line1,
        line2: r.address_line2 ?? null,
        city: r.city ?? null,
        state: r.state ?? null,
        zip: r.zip,
      },
      dumpster: null,
      junk: {
        load_fraction: junk.load.fraction,
        load_label: junk.load.label,
        job_date: junk.window.date,
        time_window: { start: junk.window.start, end: junk.window.end },
        notes: r.notes ?? null,
      },
      ...money,
    };
  }
  const dumpster = frozen as FrozenDumpster;
  const r = dumpster.request;
  return {
    ...common,
    requested_date: r.delivery_date,
    address: {
      line1: r.delivery_address,
      line2: null,
      city: r.delivery_city ?? null,
      state: r.delivery_state ?? null,
      zip: r.delivery_zip,
    },
    dumpster: {
      size: dumpster.sizeLabel,
      size_ref: r.size_id,
      rental_days: r.rental_days,
      delivery_date: r.delivery_date,
      pickup_date: r.pickup_date,
      debris_type: r.debris_type ?? dumpster.material?.label ?? null,
    },
    junk: null,
    ...money,
  };
}
