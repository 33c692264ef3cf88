import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../client';
import { sizes } from '../schema';

export type SizeRow = typeof sizes.$inferSelect;

/**
 * A page of the company's sizes, retired ones included (orders name them) after the ones offered, each in the
 * order its booking pages show them. A company has a handful: sizes_company_key's company prefix is all the index this needs.
 */
export async function listSizesPage(
  db: Queryable,
  companyId: string,
  filter: { active?: boolean },
  offset: number,
  limit: number,
): Promise<SizeRow[]> {
  const where: SQL[] = [eq(sizes.companyId, companyId)];
  if (filter.active !== undefined) where.push(eq(sizes.active, filter.active));
  return db
    .select()
    .from(sizes)
    .where(and(...where))
    .orderBy(desc(sizes.active), asc(sizes.sortOrder), asc(sizes.yards), asc(sizes.key))
    .offset(offset)
    .limit(limit);
}
