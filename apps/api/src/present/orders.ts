import type { SessionRow } from '../db/repositories/sessions';
import { accountOf, type Catalog } from '../domain/catalog';
import type { QuoteCents } from '../domain/pricing';
import type { SessionState } from '../domain/session-state';
import { bookingReference } from '../lib/booking-reference';
import { dollars } from '../messages/money';
import type { Processor } from '../payments/processor';

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
