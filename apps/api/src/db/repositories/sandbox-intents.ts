import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { sandboxPaymentIntents, sandboxPaymentMethods } from '../schema';

export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** Inserts an intent, or returns the one already made for the same idempotency key. */
export async function insertOrGetSandboxIntent(
  db: Queryable,
  values: typeof sandboxPaymentIntents.$inferInsert,
): Promise<SandboxIntentRow> {
  const [inserted] = await db.insert(sandboxPaymentIntents).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, values.idempotencyKey));
  return existing as SandboxIntentRow;
}

export async function findSandboxIntent(db: Queryable, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  return row;
}

/** Moves an intent from one status to the next; undefined when it was not in `from` (a race lost). */
export async function transitionSandboxIntent(
  db: Queryable,
  id: string,
  from: SandboxIntentRow['status'][],
  set: Partial<Pick<SandboxIntentRow, 'status' | 'riskLevel' | 'declineCode' | 'cardLast4' | 'paymentMethod'>>,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} in ${from}`)
    .returning();
  return row;
}

/**
 * Records a declined attempt; the attempt that reaches the intent's cap cancels it (card testing).
 * Undefined when the intent was no longer waiting for a card.
 */
export async function recordSandboxDecline(
  db: Queryable,
  id: string,
  set: { declineCode: string; cardLast4: string },
): Promise<SandboxIntentRow | undefined> {
  const t = sandboxPaymentIntents;
  const [row] = await db
    .update(t)
    .set({
      ...set,
      failedAttempts: sql`${t.failedAttempts} + 1`,
      status: sql`case when ${t.maxFailedAttempts} is not null and ${t.failedAttempts} + 1 >= ${t.maxFailedAttempts} then 'canceled' else ${t.status} end`,
      updatedAt: sql`now()`,
    })
    .where(sql`${t.id} = ${id} and ${t.status} = 'requires_payment_method'`)
    .returning();
  return row;
}

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** Saves a card to a customer (a confirmed intent that asked to save it). */
export async function insertSandboxPaymentMethod(
  db: Queryable,
  values: typeof sandboxPaymentMethods.$inferInsert,
): Promise<void> {
  await db.insert(sandboxPaymentMethods).values(values);
}

export async function findSandboxPaymentMethod(
  db: Queryable,
  id: string,
): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
  return row;
}
