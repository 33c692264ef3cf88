/**
 * Whether a processor's payment is the one a session froze: the same amount and currency, and metadata
 * naming this company and session. Every path that makes an order (confirm, the recovery worker, an
 * office approval) checks it; a payment that fails it never becomes an order (docs/decisions/money-path.md).
 */
export type PaymentFacts = {
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
};

export type ExpectedPayment = {
  amountCents: number;
  currency: string;
  companyId: string;
  sessionId: string;
  /** Intents made before metadata named the company's id (2026-11) name its slug only: accepted by it. */
  companySlug?: string;
};

export type PaymentMismatch = 'amount' | 'currency' | 'metadata';

export function paymentMismatch(payment: PaymentFacts, expected: ExpectedPayment): PaymentMismatch | null {
  if (payment.amountCents !== expected.amountCents) return 'amount';
  if (payment.currency.toLowerCase() !== expected.currency.toLowerCase()) return 'currency';
  const { company_id, company, session_id } = payment.metadata;
  const sameCompany =
    company_id === undefined
      ? expected.companySlug !== undefined && company === expected.companySlug
      : company_id === expected.companyId;
  if (!sameCompany || session_id !== expected.sessionId) return 'metadata';
  return null;
}

/** The metadata every payment intent carries, so a payment names what it pays for. */
export function paymentMetadata(company: { id: string; slug: string }, sessionId: string): Record<string, string> {
  return { company: company.slug, company_id: company.id, session_id: sessionId };
}

/**
 * What a processor's answer to a capture must say before we record the money as received: the payment
 * succeeded, for the amount and currency our payment record holds (what was authorized). Anything else is
 * not a capture we can vouch for: nothing is marked paid and no payment.received goes out.
 */
export function captureProblem(
  captured: { status: string; amountCents: number; currency: string },
  recorded: { amountCents: number; currency: string },
): string | null {
  if (captured.status !== 'succeeded') return `the processor says ${captured.status}, not succeeded`;
  if (captured.amountCents !== recorded.amountCents) return 'the captured amount is not the recorded one';
  if (captured.currency.toLowerCase() !== recorded.currency.toLowerCase()) return 'the captured currency differs';
  return null;
}
