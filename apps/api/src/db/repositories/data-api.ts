import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { companies, dataApiWindows } from '../schema';
import type { CompanyRow } from './catalog';

/** A company's Data API access and plan (the platform's decisions) and the free plan's daily windows. */
export type DataApiChange = Partial<
  Pick<
    CompanyRow,
    'dataApiAccess' | 'dataApiUse' | 'dataApiRequestedAt' | 'dataApiDecidedAt' | 'dataApiEnabled' | 'plan'
  >
>;

export async function updateDataApi(db: Queryable, companyId: string, change: DataApiChange): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning();
  return row as CompanyRow;
}

/** The instant today's window opened, opening it now when this is the day's first read (one row for all instances). */
export async function openWindow(db: Queryable, companyId: string, day: string, now: Date): Promise<Date> {
  const [created] = await db
    .insert(dataApiWindows)
    .values({ companyId, day, openedAt: now })
    .onConflictDoNothing()
    .returning({ openedAt: dataApiWindows.openedAt });
  if (created) return created.openedAt;
  const [row] = await db
    .select({ openedAt: dataApiWindows.openedAt })
    .from(dataApiWindows)
    .where(and(eq(dataApiWindows.companyId, companyId), eq(dataApiWindows.day, day)));
  return (row as { openedAt: Date }).openedAt;
}

export async function findWindow(db: Queryable, companyId: string, day: string): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: dataApiWindows.openedAt })
    .from(dataApiWindows)
    .where(and(eq(dataApiWindows.companyId, companyId), eq(dataApiWindows.day, day)));
  return row?.openedAt ?? null;
}

/** Sets (or with null removes) a day's window: the platform's support tools (svc data-api window). */
export async function setWindow(db: Queryable, companyId: string, day: string, openedAt: Date | null): Promise<void> {
  if (openedAt === null) {
    await db.delete(dataApiWindows).where(and(eq(dataApiWindows.companyId, companyId), eq(dataApiWindows.day, day)));
    return;
  }
  await db
    .insert(dataApiWindows)
    .values({ companyId, day, openedAt })
    .onConflictDoUpdate({ target: [dataApiWindows.companyId, dataApiWindows.day], set: { openedAt } });
}
