import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';
import { outbox, webhookEndpoints } from './events';

/**
 * The company console's accounts (apps/console). The four tables user/session/account/verification are
 * better-auth's (its names mapped to ours); a user belongs to exactly one company with one role.
 */
export type ConsoleRole = 'owner' | 'staff' | 'driver';

export const consoleUsers = pgTable(
  'console_users',
  {
    id: text('id').primaryKey(),
    companyId: companyId(),
    role: text('role').$type<ConsoleRole>().notNull(),
    name: text('name').notNull(),
    /** Stored lower-cased: one account per address on the whole platform. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('console_users_email').on(t.email), index('console_users_company').on(t.companyId)],
);

export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    /** better-auth's session token; the cookie carries it signed. */
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('console_sessions_token').on(t.token), index('console_sessions_user').on(t.userId)],
);

/** A user's credentials: for e-mail and password, `password` holds the argon2id hash. */
export const consoleAccounts = pgTable(
  'console_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('console_accounts_user').on(t.userId)],
);

/** better-auth's one-time values (password reset tokens). */
export const consoleVerifications = pgTable(
  'console_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('console_verifications_identifier').on(t.identifier)],
);

/** An invitation to join a company's console: the e-mailed link carries the token, we keep its SHA-256. */
export const consoleInvitations = pgTable(
  'console_invitations',
  {
    id: id(),
    companyId: companyId(),
    email: text('email').notNull(),
    role: text('role').$type<ConsoleRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => consoleUsers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('console_invitations_token').on(t.tokenHash),
    index('console_invitations_company').on(t.companyId, t.createdAt),
  ],
);

/**
 * One row per attempt to deliver a webhook (the console's delivery log): when, how long, what the
 * receiver answered (null: no answer, `error` says why).
 */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    companyId: companyId(),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** A test event or a resend started by a console user, not the outbox's schedule. */
    manual: boolean('manual').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_attempts_endpoint').on(t.endpointId, t.createdAt),
    index('webhook_attempts_outbox').on(t.outboxId),
  ],
);

/** What console users did to a record (approve, reject, move, edit): the record's timeline and the audit. */
export const consoleAudit = pgTable(
  'console_audit',
  {
    id: id(),
    companyId: companyId(),
    userId: text('user_id').references(() => consoleUsers.id, { onDelete: 'set null' }),
    /** What was done, e.g. `order.approved`, `order.rejected`, `lead.contacted`, `settings.sizes`. */
    action: text('action').notNull(),
    /** What it was done to: `order:1042`, `job:1001`, `lead:<uuid>`, `endpoint:<uuid>`. */
    subject: text('subject').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('console_audit_subject').on(t.companyId, t.subject, t.createdAt)],
);
