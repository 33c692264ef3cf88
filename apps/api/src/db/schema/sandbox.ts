import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The sandbox processor's payment intents. */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    account: text('account'),
    status: text('status')
      .$type<'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled'>()
      .notNull(),
    riskLevel: text('risk_level').$type<'normal' | 'elevated'>(),
    declineCode: text('decline_code'),
    cardLast4: text('card_last4'),
    /** Declined attempts so far; at maxFailedAttempts the intent is canceled (card testing). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    maxFailedAttempts: integer('max_failed_attempts'),
    metadata: jsonb('metadata').notNull(),
    /** Stripe's customer, setup_future_usage and payment_method: a card saved for later, off-session charges. */
    customer: text('customer'),
    setupFutureUsage: text('setup_future_usage').$type<'off_session'>(),
    paymentMethod: text('payment_method'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_idempotency').on(t.idempotencyKey)],
);

/**
 * Cards the sandbox saved to a customer (a confirmed intent with setup_future_usage), after Stripe's test
 * cards: `later` says what an off-session charge of it does (docs/decisions/my-booking.md).
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customer: text('customer').notNull(),
  later: text('later').$type<'succeeds' | 'authentication_required' | 'declined'>().notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: createdAt(),
});
