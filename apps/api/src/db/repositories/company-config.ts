import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../client';
import { closedDates, commercialAccounts, companies, materialSizes, materials, promoCodes, sizes } from '../schema';

/**
 * Everything a company's config file says, as rows: the inactive sizes, materials and promos too (the
 * read side's loadCatalog leaves them out), so the console's forms can show them and write them back.
 */
export async function loadConfigRows(db: Queryable, companyId: string) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const [closed, sizeRows, materialRows, promoRows, accounts] = await Promise.all([
    db.select().from(closedDates).where(eq(closedDates.companyId, companyId)).orderBy(asc(closedDates.date)),
    db
      .select()
      .from(sizes)
      .where(eq(sizes.companyId, companyId))
      .orderBy(desc(sizes.active), asc(sizes.sortOrder), asc(sizes.yards)),
    db
      .select()
      .from(materials)
      .where(eq(materials.companyId, companyId))
      .orderBy(asc(materials.sortOrder), asc(materials.label)),
    db.select().from(promoCodes).where(eq(promoCodes.companyId, companyId)).orderBy(asc(promoCodes.code)),
    db
      .select()
      .from(commercialAccounts)
      .where(eq(commercialAccounts.companyId, companyId))
      .orderBy(asc(commercialAccounts.email)),
  ]);
  const entries = materialRows.length
    ? await db
        .select({ entry: materialSizes, sizeKey: sizes.key })
        .from(materialSizes)
        .innerJoin(sizes, eq(sizes.id, materialSizes.sizeId))
        .where(
          inArray(
            materialSizes.materialId,
            materialRows.map((m) => m.id),
          ),
        )
        .orderBy(asc(sizes.sortOrder))
    : [];
  return { company, closed, sizes: sizeRows, materials: materialRows, entries, promos: promoRows, accounts };
}

export type ConfigRows = NonNullable<Awaited<ReturnType<typeof loadConfigRows>>>;
