/**
 * What the order flow needs from a card processor, shaped after Stripe's PaymentIntents with manual
 * capture: authorize in the customer's browser, capture only once the order exists.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_action'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type ProcessorIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** The processor's fraud assessment once a card was tried: Stripe Radar's risk level. */
  riskLevel: 'normal' | 'elevated' | null;
  /** Why the last card attempt failed, when it did. */
  declineCode: string | null;
  /** What the intent was created with: checked against the session before any order (domain/payment-match). */
  metadata: Record<string, string>;
  /** The card it was paid with, saved to its customer when the intent asked to (saveCard). */
  paymentMethod: string | null;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  /** Per session: a retried create returns the same intent. */
  idempotencyKey: string;
  /** The connected account of a Canadian company. */
  account: string | null;
  metadata: Record<string, string>;
  /**
   * Declined card attempts after which the intent is canceled (card testing). The sandbox enforces it;
   * on Stripe, Radar's card-testing rules stand in (docs/decisions/payment-caps.md).
   */
  maxFailedAttempts?: number;
  /** The processor's customer (createCustomer) the card is saved to, for the company's later charges. */
  customer?: string | null;
  /** Save the card to `customer` for off-session charges (Stripe's setup_future_usage: 'off_session'). */
  saveCard?: boolean;
};

/** A charge of a saved card without the customer at hand (a change to a booking: docs/decisions/my-booking.md). */
export type ChargeSavedInput = Omit<CreateIntentInput, 'saveCard' | 'maxFailedAttempts'> & {
  customer: string;
  paymentMethod: string;
};

export type Processor = {
  kind: 'sandbox' | 'stripe';
  /** What the browser initializes the processor's client library with. */
  publishableKey: string;
  createIntent(input: CreateIntentInput): Promise<ProcessorIntent>;
  retrieveIntent(id: string, account: string | null): Promise<ProcessorIntent>;
  capture(id: string, account: string | null): Promise<ProcessorIntent>;
  cancel(id: string, account: string | null): Promise<ProcessorIntent>;
  /** A customer to save a card to; the same idempotency key answers the same customer. */
  createCustomer(input: {
    idempotencyKey: string;
    email: string;
    name: string;
    account: string | null;
  }): Promise<string>;
  /**
   * Authorizes (manual capture) a saved card off-session. When the bank asks for the customer
   * (authentication) or declines, the intent answers requires_payment_method with its declineCode
   * (`authentication_required`, or the decline's), and the customer's page confirms it with a card.
   */
  chargeSaved(input: ChargeSavedInput): Promise<ProcessorIntent>;
};

/** The processor did not answer or failed: the caller answers 502 upstream and keeps the authorization. */
export class ProcessorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailable';
  }
}
