/**
 * Whether a processor's payment is the one a session froze: the same amount and currency, and metadata
 * naming this company and session. Every path that makes an order (confirm, the recovery worker, an
 * office approval) checks it; a payment that fails it never becomes an order (docs/decisions.md).
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
