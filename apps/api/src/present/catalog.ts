import type { SizeRow } from '../db/repositories/sizes';
import type { checkDeliveryDate } from '../domain/calendar';
import { type Catalog, type Material, type Size, TIERS } from '../domain/catalog';
import { WEEKDAY_NAMES } from '../domain/dates';
import { shortestRental } from '../domain/fleet';
import { fromPercentMilli } from '../domain/money';
import type { StreetQuote } from '../domain/permits';
import { priceFromCents } from '../domain/pricing';
import { PROMO_MESSAGES, type PromoResult } from '../domain/promo';
import type { checkServiceArea } from '../domain/service-area';
import { hostedPageUrl } from '../lib/api-keys';
import { dollarsOrNull, dollars as toDollars } from '../messages/money';
import { permitFeeLine, streetKeys } from './permits';

/** The catalog as the Booking API shows it: presenters are the one place cents become dollars. */

/** A size of GET /sizes; `fleet` only for a size whose cans are counted (use-cases/catalog/fleet.ts). */
export function presentSize({ size, nextDeliveryDate }: { size: Size; nextDeliveryDate?: string | null }) {
  return {
    id: size.id,
    label: size.label,
    yards: size.yards,
    description: size.description,
    image_url: size.imageUrl,
    price_from: toDollars(priceFromCents(size)),
    included_tons: size.includedTons,
    overage_per_ton: dollarsOrNull(size.overagePerTonCents),
    prices: {
      d3: dollarsOrNull(size.prices.d3),
      d7: dollarsOrNull(size.prices.d7),
      d10: dollarsOrNull(size.prices.d10),
      d14: dollarsOrNull(size.prices.d14),
      d30: dollarsOrNull(size.prices.d30),
      extra_day: toDollars(size.extraDayCents),
    },
    tax: { enabled: size.tax.enabled, percent: fromPercentMilli(size.tax.percentMilli) },
    fuel_environmental_fee: { enabled: size.fuelFee.enabled, amount: toDollars(size.fuelFee.amountCents) },
    is_default: size.isDefault,
    is_popular: size.isPopular,
    ...(nextDeliveryDate !== undefined
      ? { fleet: { rental_days: shortestRental(size), next_delivery_date: nextDeliveryDate } }
      : {}),
  };
}

/** With materials pricing off, the list is still returned, without prices (spec section 2). */
export function presentMaterial(catalog: Catalog, material: Material) {
  const withPrices = catalog.company.materials.enabled;
  return {
    slug: material.slug,
    label: material.label,
    explanation: material.explanation,
    requires_ack: material.requiresAck,
    is_catch_all: material.isCatchAll,
    is_heavy: material.isHeavy,
    sort_order: material.sortOrder,
    size_policy: material.sizePolicy,
    sizes: material.sizes.flatMap((entry) => {
      const size = catalog.sizes.find((s) => s.id === entry.sizeId);
      if (!size) return [];
      return [
        {
          id: size.id,
          label: size.label,
          yards: size.yards,
          price: withPrices ? dollarsOrNull(entry.priceCents) : null,
          max_weight_tons: entry.maxWeightTons,
          overage_mode: entry.overageMode,
          overage_per_ton: withPrices ? dollarsOrNull(entry.overagePerTonCents) : null,
        },
      ];
    }),
  };
}

export function presentCompany(catalog: Catalog, hostedBaseUrl: string, today: string) {
  const c = catalog.company;
  return {
    slug: c.slug,
    name: c.name,
    contact: c.contact,
    address: c.address,
    country: c.country,
    currency: c.currency,
    timezone: c.timezone,
    branding: c.branding,
    is_online: c.bookingOnline,
    payments_ready: c.paymentsReady,
    card_fee: {
      handling: c.cardFee.handling,
      percent: fromPercentMilli(c.cardFee.percentMilli),
      fixed: toDollars(c.cardFee.fixedCents),
      fixed_cents: c.cardFee.fixedCents,
    },
    non_working_days: {
      weekdays: c.nonWorkingWeekdays.map((d) => WEEKDAY_NAMES[d - 1] as (typeof WEEKDAY_NAMES)[number]),
      dates: c.closedDates.filter((d) => d.date >= today),
    },
    booking_window: { min_notice_days: c.minNoticeDays, max_advance_days: c.maxAdvanceDays },
    service_area: { restricted: c.serviceAreaZips.length > 0, zips: c.serviceAreaZips },
    hosted_page_url: hostedPageUrl(hostedBaseUrl, c.slug),
    confirmed_page_url: c.bookingConfirmedUrl,
    booking: {
      materials: { enabled: c.materials.enabled, required: c.materials.required },
      // Only for a company with street permit rules: the page asks where the can sits (street-permits.md).
      ...(c.permits ? { placement: { ask: true as const } } : {}),
    },
  };
}

export function presentPromo(promo: PromoResult) {
  if (!promo.ok) return { ok: false, code: promo.code, reason: promo.reason, message: PROMO_MESSAGES[promo.reason] };
  return promo.type === 'percent'
    ? {
        ok: true,
        code: promo.code,
        discount_type: 'percent' as const,
        discount_percent: fromPercentMilli(promo.percentMilli),
      }
    : { ok: true, code: promo.code, discount_type: 'amount' as const, discount_amount: toDollars(promo.amountCents) };
}

export function presentQuote(
  catalog: Catalog,
  {
    size,
    rentalDays,
    material,
    promo,
    cents: q,
  }: {
    size: Size;
    rentalDays: number;
    material: Material | undefined;
    promo: PromoResult | null;
    cents: StreetQuote;
  },
) {
  return {
    size: { id: size.id, label: size.label, yards: size.yards },
    rental_days: rentalDays,
    material: material?.slug ?? null,
    lines: {
      base: toDollars(q.base),
      extra_days: toDollars(q.extraDays),
      fuel_environmental_fee: toDollars(q.fuelFee),
      promo_discount: toDollars(q.promoDiscount),
      subtotal: toDollars(q.subtotal),
      tax_percent: fromPercentMilli(q.taxPercentMilli),
      tax: toDollars(q.tax),
      ...permitFeeLine(q),
    },
    promo: promo ? presentPromo(promo) : null,
    total: toDollars(q.total),
    total_cents: q.total,
    processing_fee: toDollars(q.processingFee),
    processing_fee_cents: q.processingFee,
    card_fee_handling: catalog.company.cardFee.handling,
    gross_total: toDollars(q.grossTotal),
    gross_total_cents: q.grossTotal,
    currency: catalog.company.currency,
    pricing: q.pricing,
    ...streetKeys(q),
  };
}

export function presentMaterials(catalog: Catalog) {
  const { materials } = catalog.company;
  return {
    enabled: materials.enabled,
    required: materials.required,
    materials: catalog.materials.map((m) => presentMaterial(catalog, m)),
    note: materials.note,
  };
}

export function presentCheck(check: {
  date: ReturnType<typeof checkDeliveryDate> | null;
  serviceArea: ReturnType<typeof checkServiceArea> | null;
  promo: PromoResult | null;
  bookingOnline: boolean;
  paymentsReady: boolean;
}) {
  return {
    date: check.date,
    service_area: check.serviceArea,
    promo: check.promo ? presentPromo(check.promo) : null,
    booking_online: check.bookingOnline,
    payments_ready: check.paymentsReady,
  };
}

/** A size as the Data API shows it (use-cases/catalog/data-sizes.ts): its row and, when counted, today's cans. */
type ShownSize = { size: SizeRow; fleet: { cans: number; outToday: number; inRepairToday: number } | null };

export function presentDataSize({ size, fleet }: ShownSize, currency: 'USD' | 'CAD') {
  const prices = {
    d3: size.priceD3Cents,
    d7: size.priceD7Cents,
    d10: size.priceD10Cents,
    d14: size.priceD14Cents,
    d30: size.priceD30Cents,
  };
  const defined = TIERS.map(([key]) => prices[key]).filter((p): p is number => p !== null);
  return {
    id: size.id,
    key: size.key,
    label: size.label,
    yards: size.yards,
    description: size.description,
    image_url: size.imageUrl,
    active: size.active,
    currency,
    price_from: defined.length ? toDollars(Math.min(...defined)) : null,
    included_tons: size.includedTons,
    overage_per_ton: dollarsOrNull(size.overagePerTonCents),
    prices: {
      d3: dollarsOrNull(prices.d3),
      d7: dollarsOrNull(prices.d7),
      d10: dollarsOrNull(prices.d10),
      d14: dollarsOrNull(prices.d14),
      d30: dollarsOrNull(prices.d30),
      extra_day: toDollars(size.extraDayCents),
    },
    tax: { enabled: size.taxEnabled, percent: fromPercentMilli(size.taxPercentMilli) },
    fuel_environmental_fee: { enabled: size.fuelFeeEnabled, amount: toDollars(size.fuelFeeCents) },
    is_default: size.isDefault,
    is_popular: size.isPopular,
    sort_order: size.sortOrder,
    fleet: fleet && { cans: fleet.cans, out_today: fleet.outToday, in_repair_today: fleet.inRepairToday },
    created_at: size.createdAt.toISOString(),
  };
}
