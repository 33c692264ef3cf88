import type { Context, Env } from 'hono';
import type { Database } from '../db/client';
import type { Registry } from '../db/registry';
import type { ConsoleRole } from '../db/schema/console';
import { DomainError } from '../domain/errors';
import type { ProcessorFor } from '../use-cases/shared/payments';

/** Who is signed in to the console: every console query is scoped to `companyId`. */
export type ConsoleMember = {
  userId: string;
  companyId: string;
  /** The company's slug, for the use cases the CLI shares (they take a slug). */
  slug: string;
  role: ConsoleRole;
  email: string;
  name: string;
};

export type ConsoleEnv = Env & { Variables: { member: ConsoleMember } };

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
  redis?: unknown;
  /** The caller's address as this server believes it (runtime/client-ip.ts): sign-in throttling counts it. */
  clientIp: (c: Context) => string;
  now?: () => Date;
};

/**
 * Owners only: keys, webhooks, card settings. Enforced here, on the server, whatever the page shows.
 * Staff get 403 `forbidden` with a sentence saying who can.
 */
export function requireOwner(member: ConsoleMember) {
  if (member.role !== 'owner') {
    throw new DomainError(
      'forbidden',
      'Only an owner of the company can do this; ask an owner to do it or to make you one.',
    );
  }
}
