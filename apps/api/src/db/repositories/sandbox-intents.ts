import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { sandboxPaymentIntents } from '../schema';

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
  set: Partial<Pick<SandboxIntentRow, 'status' | 'riskLevel' | 'declineCode' | 'cardLast4'>>,
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(sql`${sandboxPaymentIntents.id} = ${id} and ${sandboxPaymentIntents.status} in ${from}`)
    .returning();
  return row;
}
