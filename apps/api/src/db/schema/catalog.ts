import {
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companyId } from './companies';

/** What a company rents out: sizes, materials and their sizes, promo codes, commercial accounts. */
export const sizes = pgTable(
  'sizes',
  {
    id: id(),
    companyId: companyId(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    yards: doublePrecision('yards').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    includedTons: doublePrecision('included_tons').notNull(),
    overagePerTonCents: integer('overage_per_ton_cents'),
    priceD3Cents: integer('price_d3_cents'),
    priceD7Cents: integer('price_d7_cents'),
    priceD10Cents: integer('price_d10_cents'),
    priceD14Cents: integer('price_d14_cents'),
    priceD30Cents: integer('price_d30_cents'),
    extraDayCents: integer('extra_day_cents').notNull(),
    taxEnabled: boolean('tax_enabled').notNull().default(false),
    taxPercentMilli: integer('tax_percent_milli').notNull().default(0),
    fuelFeeEnabled: boolean('fuel_fee_enabled').notNull().default(false),
    fuelFeeCents: integer('fuel_fee_cents').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sizes_company_key').on(t.companyId, t.key)],
);

export const materials = pgTable(
  'materials',
  {
    id: id(),
    companyId: companyId(),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    explanation: text('explanation'),
    requiresAck: boolean('requires_ack').notNull().default(false),
    isCatchAll: boolean('is_catch_all').notNull().default(false),
    isHeavy: boolean('is_heavy').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    sizePolicy: text('size_policy').$type<'all' | 'listed'>().notNull().default('all'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('materials_company_slug').on(t.companyId, t.slug)],
);

export const materialSizes = pgTable(
  'material_sizes',
  {
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents'),
    maxWeightTons: doublePrecision('max_weight_tons'),
    overageMode: text('overage_mode').$type<'inherit' | 'flat' | 'per_ton'>().notNull().default('inherit'),
    overagePerTonCents: integer('overage_per_ton_cents'),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.sizeId] })],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    companyId: companyId(),
    code: text('code').notNull(),
    discountType: text('discount_type').$type<'percent' | 'amount'>().notNull(),
    percentMilli: integer('percent_milli').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    maxUses: integer('max_uses'),
    timesUsed: integer('times_used').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('promo_codes_company_code').on(t.companyId, t.code)],
);

/** A company's commercial (invoiced) customers: they may not book by card online (account_customer). */
export const commercialAccounts = pgTable(
  'commercial_accounts',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('commercial_accounts_company_email').on(t.companyId, t.email)],
);
