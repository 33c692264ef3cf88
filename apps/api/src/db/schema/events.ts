import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companyId } from './companies';

/** Webhook endpoints and the transactional outbox. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  companyId: companyId(),
  api: text('api').$type<'booking' | 'data'>().notNull(),
  url: text('url').notNull(),
  /** Needed to sign deliveries, so kept; shown to the company once. */
  secret: text('secret').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /**
   * After a failed attempt the endpoint's whole queue waits until then (its backoff, events/backoff.ts): one
   * receiver's outage costs one attempt per wait, not one per pending event. Null: send when due.
   */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The transactional outbox: written in the same transaction as the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    /** Webhooks of either API (their endpoint says which), e-mails and texts. */
    channel: text('channel').$type<'webhook' | 'email' | 'sms'>().notNull(),
    topic: text('topic').notNull(),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    /** held: a webhook kept while its endpoint is switched off, sent when it is switched back on. */
    status: text('status').$type<'pending' | 'delivered' | 'failed' | 'kept' | 'held'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due').on(t.status, t.nextAttemptAt)],
);

/**
 * The sandbox processor's own records: what Stripe keeps on its side for a PaymentIntent. Kept in our
 * database only because the sandbox runs inside the platform; nothing else reads it.
 */
