import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  type Catalog,
  type Company,
  DEFAULT_PAYMENT_LIMITS,
  type Material,
  type Promo,
  type Size,
} from '../../domain/catalog';
import { sizeFleetOf } from '../../domain/fleet';
import { JUNK_OFF } from '../../domain/junk';
import type { Queryable } from '../client';
import { closedDates, commercialAccounts, companies, materialSizes, materials, promoCodes, sizes } from '../schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type SizeValues = Omit<typeof sizes.$inferInsert, 'id' | 'companyId' | 'createdAt'>;
export type MaterialValues = Omit<typeof materials.$inferInsert, 'id' | 'companyId'> & {
  sizes: (Omit<typeof materialSizes.$inferInsert, 'materialId' | 'sizeId'> & { sizeKey: string })[];
};
export type PromoValues = Omit<typeof promoCodes.$inferInsert, 'id' | 'companyId' | 'timesUsed'>;

export type CatalogValues = {
  company: CompanyValues;
  closedDates: { date: string; kind: 'holiday' | 'blackout'; reason: string }[];
  sizes: SizeValues[];
  materials: MaterialValues[];
  promos: PromoValues[];
  commercialAccounts: { name: string; email: string }[];
};

/**
 * Creates or updates a company and its whole catalog by slug, inside the caller's transaction. Sizes,
 * materials and promos keep their ids (and promo usage) across applies; ones left out are deactivated,
 * never deleted, because orders point at them.
 */
export async function upsertCatalog(tx: Queryable, values: CatalogValues): Promise<{ id: string; created: boolean }> {
  const existing = await tx.select({ id: companies.id }).from(companies).where(eq(companies.slug, values.company.slug));
  let companyId: string;
  if (existing[0]) {
    companyId = existing[0].id;
    await tx
      .update(companies)
      .set({ ...values.company, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId));
  } else {
    const [row] = await tx.insert(companies).values(values.company).returning({ id: companies.id });
    companyId = (row as { id: string }).id;
  }

  await tx.delete(closedDates).where(eq(closedDates.companyId, companyId));
  if (values.closedDates.length) {
    await tx.insert(closedDates).values(values.closedDates.map((c) => ({ ...c, companyId })));
  }

  const sizeIds = new Map<string, string>();
  for (const size of values.sizes) {
    const [row] = await tx
      .insert(sizes)
      .values({ ...size, companyId })
      .onConflictDoUpdate({ target: [sizes.companyId, sizes.key], set: size })
      .returning({ id: sizes.id });
    sizeIds.set(size.key, (row as { id: string }).id);
  }
  await deactivateOthers(tx, sizes, companyId, sizes.key, [...sizeIds.keys()]);

  const slugs: string[] = [];
  for (const { sizes: entries, ...material } of values.materials) {
    const [row] = await tx
      .insert(materials)
      .values({ ...material, companyId })
      .onConflictDoUpdate({ target: [materials.companyId, materials.slug], set: material })
      .returning({ id: materials.id });
    const materialId = (row as { id: string }).id;
    slugs.push(material.slug);
    await tx.delete(materialSizes).where(eq(materialSizes.materialId, materialId));
    if (entries.length) {
      await tx
        .insert(materialSizes)
        .values(
          entries.map(({ sizeKey, ...entry }) => ({ ...entry, materialId, sizeId: sizeIds.get(sizeKey) as string })),
        );
    }
  }
  await deactivateOthers(tx, materials, companyId, materials.slug, slugs);

  for (const promo of values.promos) {
    await tx
      .insert(promoCodes)
      .values({ ...promo, companyId })
      .onConflictDoUpdate({ target: [promoCodes.companyId, promoCodes.code], set: promo });
  }
  await deactivateOthers(
    tx,
    promoCodes,
    companyId,
    promoCodes.code,
    values.promos.map((p) => p.code),
  );

  await tx.delete(commercialAccounts).where(eq(commercialAccounts.companyId, companyId));
  if (values.commercialAccounts.length) {
    await tx.insert(commercialAccounts).values(values.commercialAccounts.map((a) => ({ ...a, companyId })));
  }
  return { id: companyId, created: !existing[0] };
}

async function deactivateOthers(
  tx: Queryable,
  table: typeof sizes | typeof materials | typeof promoCodes,
  companyId: string,
  keyColumn: typeof sizes.key | typeof materials.slug | typeof promoCodes.code,
  keep: string[],
) {
  const scope = eq(table.companyId, companyId);
  await tx
    .update(table)
    .set({ active: false })
    .where(keep.length ? and(scope, notInArray(keyColumn, keep)) : scope);
}

export async function findCompanyBySlug(db: Queryable, slug: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.slug, slug));
  return row;
}

export async function listCompanies(db: Queryable): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.slug));
}

export async function updateCompanyFlags(
  db: Queryable,
  companyId: string,
  flags: Partial<Pick<CompanyRow, 'active' | 'bookingOnline' | 'paymentsReady'>>,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId))
    .returning();
  return row;
}

/** Loads everything the read side needs for one company in five queries. */
export async function loadCatalog(db: Queryable, companyId: string): Promise<Catalog | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!row) return null;
  const [closed, sizeRows, materialRows, promoRows, accounts] = await Promise.all([
    db.select().from(closedDates).where(eq(closedDates.companyId, companyId)).orderBy(asc(closedDates.date)),
    db
      .select()
      .from(sizes)
      .where(and(eq(sizes.companyId, companyId), eq(sizes.active, true)))
      .orderBy(asc(sizes.sortOrder), asc(sizes.yards)),
    db
      .select()
      .from(materials)
      .where(and(eq(materials.companyId, companyId), eq(materials.active, true)))
      .orderBy(asc(materials.sortOrder), asc(materials.label)),
    db
      .select()
      .from(promoCodes)
      .where(and(eq(promoCodes.companyId, companyId), eq(promoCodes.active, true))),
    db
      .select({ email: commercialAccounts.email })
      .from(commercialAccounts)
      .where(eq(commercialAccounts.companyId, companyId)),
  ]);
  const materialIds = materialRows.map((m) => m.id);
  const entries = materialIds.length
    ? await db.select().from(materialSizes).where(inArray(materialSizes.materialId, materialIds))
    : [];
  const activeSizeIds = new Set(sizeRows.map((s) => s.id));

  const company: Company = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    active: row.active,
    timezone: row.timezone,
    currency: row.currency,
    country: row.country,
    contact: row.contact as Company['contact'],
    address: row.address as Company['address'],
    branding: row.branding as Company['branding'],
    bookingOnline: row.bookingOnline,
    paymentsReady: row.paymentsReady,
    cardFee: {
      handling: row.cardFeeHandling,
      percentMilli: row.cardFeePercentMilli,
      fixedCents: row.cardFeeFixedCents,
    },
    nonWorkingWeekdays: row.nonWorkingWeekdays,
    closedDates: closed.map((c) => ({ date: c.date, kind: c.kind, reason: c.reason })),
    minNoticeDays: row.minNoticeDays,
    maxAdvanceDays: row.maxAdvanceDays,
    serviceAreaZips: row.serviceAreaZips,
    materials: { enabled: row.materialsEnabled, required: row.materialsRequired, note: row.materialsNote },
    bookingConfirmedUrl: row.bookingConfirmedUrl,
    processor: { kind: row.processorKind, account: row.processorAccount },
    rentalChanges: {
      saveCards: row.rentalChanges?.save_cards ?? true,
      moveCutoffHour: row.rentalChanges?.move_cutoff_hour ?? 12,
      swapFeeCents: row.rentalChanges?.swap_fees_cents ?? {},
      remindBeforePickup: row.rentalChanges?.remind_before_pickup ?? true,
    },
    fieldWork: {
      wastedTripFeeCents: row.fieldWork?.wasted_trip_fee_cents ?? null,
      noticeHours: row.fieldWork?.notice_hours ?? 24,
    },
    permits: row.permits ?? null,
    paymentLimits: row.paymentLimits
      ? {
          intentsPerIpPerHour: row.paymentLimits.intents_per_ip_per_hour,
          intentsPerHour: row.paymentLimits.intents_per_hour,
          failedPaymentsPerSession: row.paymentLimits.failed_payments_per_session,
          declinesPerIpPerHour:
            row.paymentLimits.declines_per_ip_per_hour ?? DEFAULT_PAYMENT_LIMITS.declinesPerIpPerHour,
          declinesPerHour: row.paymentLimits.declines_per_hour ?? DEFAULT_PAYMENT_LIMITS.declinesPerHour,
        }
      : DEFAULT_PAYMENT_LIMITS,
    dataApi: { access: row.dataApiAccess, enabled: row.dataApiEnabled, plan: row.plan },
  };
  const sizeList: Size[] = sizeRows.map((s) => ({
    id: s.id,
    key: s.key,
    label: s.label,
    yards: s.yards,
    description: s.description,
    imageUrl: s.imageUrl,
    includedTons: s.includedTons,
    overagePerTonCents: s.overagePerTonCents,
    prices: {
      d3: s.priceD3Cents,
      d7: s.priceD7Cents,
      d10: s.priceD10Cents,
      d14: s.priceD14Cents,
      d30: s.priceD30Cents,
    },
    extraDayCents: s.extraDayCents,
    tax: { enabled: s.taxEnabled, percentMilli: s.taxPercentMilli },
    fuelFee: { enabled: s.fuelFeeEnabled, amountCents: s.fuelFeeCents },
    isDefault: s.isDefault,
    isPopular: s.isPopular,
    sortOrder: s.sortOrder,
    fleet: sizeFleetOf(row.fleet, s.key),
  }));
  const materialList: Material[] = materialRows.map((m) => ({
    id: m.id,
    slug: m.slug,
    label: m.label,
    explanation: m.explanation,
    requiresAck: m.requiresAck,
    isCatchAll: m.isCatchAll,
    isHeavy: m.isHeavy,
    sortOrder: m.sortOrder,
    sizePolicy: m.sizePolicy,
    sizes: entries
      .filter((e) => e.materialId === m.id && activeSizeIds.has(e.sizeId))
      .sort((a, b) => sizeList.findIndex((s) => s.id === a.sizeId) - sizeList.findIndex((s) => s.id === b.sizeId))
      .map((e) => ({
        sizeId: e.sizeId,
        priceCents: e.priceCents,
        maxWeightTons: e.maxWeightTons,
        overageMode: e.overageMode,
        overagePerTonCents: e.overagePerTonCents,
      })),
  }));
  const promos = new Map<string, Promo>(
    promoRows.map((p) => [
      p.code,
      {
        code: p.code,
        type: p.discountType,
        percentMilli: p.percentMilli,
        amountCents: p.amountCents,
        validFrom: p.validFrom,
        validTo: p.validTo,
        maxUses: p.maxUses,
        timesUsed: p.timesUsed,
      },
    ]),
  );
  return {
    company,
    sizes: sizeList,
    materials: materialList,
    promos,
    commercialEmails: new Set(accounts.map((a) => a.email)),
    junk: row.junk ?? JUNK_OFF,
  };
}

export async function findCompany(db: Queryable, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Locks a company's row for the caller's transaction: serializes checks like "at most N keys". */
export async function lockCompany(tx: Queryable, id: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
}
