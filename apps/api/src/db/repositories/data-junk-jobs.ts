import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { junkJobs, junkPhotos } from '../schema';
import type { JunkJobRow } from './junk';

/**
 * The Data API's reads of junk removal jobs: nothing under fraud review, newest first (created_at, then job
 * number). The condition is the partial indexes' predicate (db/schema/junk.ts), so the planner uses them.
 */
const listed = sql`${junkJobs.status} <> 'pending_risk_review'`;

export type JobFilter = {
  status?: string;
  updatedSince?: Date;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

export async function listJobsPage(
  db: Queryable,
  companyId: string,
  filter: JobFilter,
  offset: number,
  limit: number,
): Promise<JunkJobRow[]> {
  const where: SQL[] = [eq(junkJobs.companyId, companyId), listed];
  if (filter.status) where.push(eq(junkJobs.status, filter.status));
  if (filter.updatedSince) where.push(gte(junkJobs.updatedAt, filter.updatedSince));
  if (filter.createdFrom) where.push(gte(junkJobs.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(junkJobs.createdAt, filter.createdBefore));
  return db
    .select()
    .from(junkJobs)
    .where(and(...where))
    .orderBy(desc(junkJobs.createdAt), desc(junkJobs.jobNumber))
    .offset(offset)
    .limit(limit);
}

/** One listable job by its number, in this company only. */
export async function findListedJob(db: Queryable, companyId: string, jobNumber: number) {
  const [row] = await db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.jobNumber, jobNumber), listed));
  return row;
}

/** How many photos each of these jobs has. */
export async function photoCounts(db: Queryable, companyId: string, jobIds: string[]): Promise<Map<string, number>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .select({ id: junkPhotos.junkJobId, n: count() })
    .from(junkPhotos)
    .where(and(eq(junkPhotos.companyId, companyId), inArray(junkPhotos.junkJobId, jobIds)))
    .groupBy(junkPhotos.junkJobId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
