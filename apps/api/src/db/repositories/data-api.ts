import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { companies, dataApiWindows } from '../schema';
import type { CompanyRow } from './catalog';
import { lockNames } from './leads';

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

export type PlanDayRow = typeof dataApiWindows.$inferSelect;

const ofCompany = (companyId: string) => eq(dataApiWindows.companyId, companyId);

/** The company's free-plan day that contains `now`, if one was opened. */
export async function findPlanDay(db: Queryable, companyId: string, now: Date): Promise<PlanDayRow | undefined> {
  const [row] = await db
    .select()
    .from(dataApiWindows)
    .where(and(ofCompany(companyId), lte(dataApiWindows.startsAt, now), gt(dataApiWindows.endsAt, now)));
  return row;
}

/** Where the days opened before and after `now` end and begin: a new day fits between them. */
export async function planDayNeighbours(db: Queryable, companyId: string, now: Date) {
  const [row] = await db
    .select({
      previousEnd: sql<Date | null>`max(${dataApiWindows.endsAt}) filter (where ${dataApiWindows.endsAt} <= ${now})`,
      nextStart: sql<Date | null>`min(${dataApiWindows.startsAt}) filter (where ${dataApiWindows.startsAt} > ${now})`,
    })
    .from(dataApiWindows)
    .where(ofCompany(companyId));
  const at = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  return { previousEnd: at(row?.previousEnd), nextStart: at(row?.nextStart) };
}

/** Opens a plan day (the caller holds the company's plan-day lock). */
export async function insertPlanDay(
  db: Queryable,
  values: { companyId: string; day: string; startsAt: Date; endsAt: Date },
): Promise<PlanDayRow> {
  const [row] = await db.insert(dataApiWindows).values(values).returning();
  return row as PlanDayRow;
}

/** Serializes the opening of a company's plan days, across instances. */
export const lockPlanDays = (tx: Queryable, companyId: string) => lockNames(tx, [`plan-day:${companyId}`]);

/**
 * The instant the day's read window opened, opening it now when this is its first read: one row for every
 * instance, and the first writer wins.
 */
export async function openDayWindow(db: Queryable, companyId: string, startsAt: Date, now: Date): Promise<Date> {
  const [row] = await db
    .update(dataApiWindows)
    .set({ openedAt: sql`coalesce(${dataApiWindows.openedAt}, ${now})` })
    .where(and(ofCompany(companyId), eq(dataApiWindows.startsAt, startsAt)))
    .returning({ openedAt: dataApiWindows.openedAt });
  return (row as { openedAt: Date }).openedAt;
}

/** Sets (or with null takes back) a day's read window: the platform's support tools (svc data-api window). */
export async function setDayWindow(
  db: Queryable,
  companyId: string,
  startsAt: Date,
  openedAt: Date | null,
): Promise<void> {
  await db
    .update(dataApiWindows)
    .set({ openedAt })
    .where(and(ofCompany(companyId), eq(dataApiWindows.startsAt, startsAt)));
}
