import { inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { sandboxPaymentIntents } from '../../src/db/schema';
import { open } from './databases';
import type { Target } from './servers';

/**
 * Opens a running target's database from the test process (PGlite through the server's socket, as the
 * CLI does), for the few tests that play a party we do not run: a processor that returns another intent.
 */
export async function withTargetDb<T>(target: Target, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await open({ driver: target.driver, env: target.env, dispose: async () => {} });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** The processor's (the sandbox's) status of each payment intent, by id: what was captured or released. */
export function sandboxStatuses(target: Target, ids: string[]): Promise<Record<string, string>> {
  return withTargetDb(target, async ({ db }) =>
    Object.fromEntries(
      (
        await db
          .select({ id: sandboxPaymentIntents.id, status: sandboxPaymentIntents.status })
          .from(sandboxPaymentIntents)
          .where(inArray(sandboxPaymentIntents.id, ids))
      ).map((r) => [r.id, r.status]),
    ),
  );
}
