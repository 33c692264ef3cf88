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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_idempotency').on(t.idempotencyKey)],
);
