import { and, desc, eq, getTableColumns, gte, type SQL, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../domain/leads';
import type { Queryable } from '../client';
import { leads } from '../schema';
import { customerShown } from './data-customers';
import { matchesSearch } from './data-search';
import type { LeadRow } from './leads';

export type LeadFilter = { status?: LeadStatus; updatedSince?: Date; q?: string };

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

export async function findLead(db: Queryable, companyId: string, id: string): Promise<LeadRow | undefined> {
  const [row] = await db
    .select(shownLead(companyId))
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.id, id)));
  return row;
}
