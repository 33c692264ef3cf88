import type { Context, Env } from 'hono';
import type { Database } from '../db/client';
import type { Registry } from '../db/registry';
import type { ConsoleRole } from '../db/schema/console';
import type { CatalogScope } from '../domain/scope';
import type { PhotoStore } from '../photos/store';
import type { ProcessorFor } from '../use-cases/shared/payments';
import type { IntentCaps } from './intent-caps';

/** Who is signed in to the console: every console query is scoped to `companyId`. */
export type ConsoleMember = {
  userId: string;
  companyId: string;
  role: ConsoleRole;
  email: string;
  name: string;
};

/**
 * What the gate puts on the context: `member` (who is signed in, as the account routes answer it) and
 * `scope` (their company and them as the actor: what every use case of the console takes), with the
 * registry's catalog of the company the gate read (its settled facts, for companyOf in use-cases/shared/office-deps.ts).
 */
export type ConsoleEnv = Env & { Variables: { member: ConsoleMember; scope: CatalogScope } };

/** What the console surface's areas are built with (runtime/platform.ts gives it). */
export type ConsoleDeps = {
  database: Database;
  registry: Registry;
  processorFor: ProcessorFor;
  /** The console's own address (CSRF: the only Origin that may write; links in e-mails). */
  consoleBaseUrl: string;
  /** Signs the session cookie and the CSRF token (accounts/secret.ts: BETTER_AUTH_SECRET or one kept in .data/). */
  secret: string;
  hostedBaseUrl: string;
  /** Development and tests: webhooks (resends, test events) to loopback and plain http receivers. */
  allowLocalWebhooks: boolean;
  redis?: unknown;
  /** The payment caps the Booking API counts (the same instance): what the owner sees of them. */
  intentCaps: IntentCaps;
  /** The caller's address as this server believes it (runtime/client-ip.ts): sign-in throttling counts it. */
  clientIp: (c: Context) => string;
  /** Where field photos go (the store junk photos use). */
  photos: PhotoStore;
  now?: () => Date;
};
