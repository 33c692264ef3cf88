import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { leads } from '../schema';

export type LeadRow = typeof leads.$inferSelect;

/**
 * Takes transaction-scoped advisory locks on the given names (the same phone, the same e-mail, a company's
 * daily quota), in a fixed order so two pushes never wait on each other crosswise. Concurrent duplicate
 * pushes line up here and the second sees the first's lead.
 */
export async function lockNames(tx: Queryable, names: string[]): Promise<void> {
  for (const name of [...new Set(names)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
  }
}

export async function findLeadByIdempotencyKey(db: Queryable, companyId: string, key: string) {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.idempotencyKey, key)));
  return row;
}

/** The newest lead of the company with this phone or e-mail created at or after `since`. */
export async function findRecentLead(
  db: Queryable,
  companyId: string,
  match: { phone: string | null; email: string | null },
  since: Date,
): Promise<LeadRow | undefined> {
  const same: SQL[] = [];
  if (match.phone) same.push(eq(leads.phoneNormalized, match.phone));
  if (match.email) same.push(eq(leads.emailNormalized, match.email));
  if (!same.length) return undefined;
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), gte(leads.createdAt, since), or(...same)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row;
}

/** Leads pushed through the Data API since an instant (the free plan's daily quota). */
/** Leads pushed through the API in a span of time: from included, to excluded. */
export async function countApiLeadsBetween(db: Queryable, companyId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(
      and(eq(leads.companyId, companyId), eq(leads.source, 'api'), gte(leads.createdAt, from), lt(leads.createdAt, to)),
    );
  return row?.count ?? 0;
}

export async function insertLead(db: Queryable, values: typeof leads.$inferInsert): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row as LeadRow;
}

export async function findLead(db: Queryable, companyId: string, id: string): Promise<LeadRow | undefined> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.id, id)));
  return row;
}

/** The office's list: a company's latest leads, newest first, of one status when given. */
export async function latestLeads(
  db: Queryable,
  companyId: string,
  filter: { status?: LeadRow['status'] },
  limit: number,
): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), filter.status ? eq(leads.status, filter.status) : undefined))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

/**
 * Moves a lead from one status to another if it is still in the first (of two concurrent moves, one
 * wins); updated_at is the move's time, and a converted lead names its customer.
 */
export async function setLeadStatus(
  db: Queryable,
  companyId: string,
  id: string,
  move: { from: LeadRow['status']; to: LeadRow['status']; at: Date; customerId?: string },
): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ status: move.to, updatedAt: move.at, ...(move.customerId ? { customerId: move.customerId } : {}) })
    .where(and(eq(leads.companyId, companyId), eq(leads.id, id), eq(leads.status, move.from)))
    .returning();
  return row;
}
