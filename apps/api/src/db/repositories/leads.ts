import { and, desc, eq, getTableColumns, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../domain/leads';
import type { Queryable } from '../client';
import { leads } from '../schema';
import { customerShown } from './customers';
import { matchesSearch } from './search';

export type LeadRow = typeof leads.$inferSelect;

/**
 * Takes transaction-scoped advisory locks on the given names (the same phone, the same e-mail, a company's
 * daily quota), in a fixed order so two pushes never wait on each other crosswise. Concurrent duplicate
 * pushes line up here and the second sees the first's lead.
 */
export async function lockNames(tx: Queryable, names: string[]): Promise<void> {
  const sorted = [...new Set(names)].sort();
  if (!sorted.length) return;
  // One statement, one round trip: the locks are taken row by row, in the array's order.
  const list = sql.join(
    sorted.map((name) => sql`${name}`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(n, 0)) from unnest(array[${list}]::text[]) with ordinality as t(n, i) order by i`,
  );
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

/** Leads pushed through the API in a span of time (the free plan's daily quota): from included, to excluded. */
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

/**
 * A lead as the Data API reads it: its customer only while that customer is one the API shows (a lead
 * converted onto a customer whose only booking is held for review names no customer until it is released).
 */
const shownLead = (companyId: string) => ({
  ...getTableColumns(leads),
  customerId: sql<string | null>`case when ${leads.customerId} is not null and ${customerShown(
    companyId,
    sql`${leads.customerId}`,
  )} then ${leads.customerId} end`,
});

/**
 * One lead of the company. `shown`: as the Data API reads it, naming its customer only while the API shows
 * that customer (the office sees the customer it was converted onto).
 */
export async function findLead(
  db: Queryable,
  companyId: string,
  id: string,
  { shown = false }: { shown?: boolean } = {},
): Promise<LeadRow | undefined> {
  const [row] = await db
    .select(shown ? shownLead(companyId) : getTableColumns(leads))
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

export async function newLeads(db: Queryable, companyId: string, limit: number) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.status, 'new')))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export type LeadFilter = { status?: LeadStatus; updatedSince?: Date; q?: string };

/** A page of the company's leads, newest first (created_at, then id). */
export async function listLeadsPage(
  db: Queryable,
  companyId: string,
  filter: LeadFilter,
  offset: number,
  limit: number,
): Promise<LeadRow[]> {
  const where: SQL[] = [eq(leads.companyId, companyId)];
  if (filter.status) where.push(eq(leads.status, filter.status));
  if (filter.updatedSince) where.push(gte(leads.updatedAt, filter.updatedSince));
  if (filter.q) {
    where.push(
      // phone_normalized is digits with a leading + kept: the + is no digit.
      matchesSearch(
        filter.q,
        [sql`${leads.name}`, sql`coalesce(${leads.email}, '')`],
        sql`replace(coalesce(${leads.phoneNormalized}, ''), '+', '')`,
      ),
    );
  }
  return db
    .select(shownLead(companyId))
    .from(leads)
    .where(and(...where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .offset(offset)
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
