import { CompanyConfig } from '../../company-config/schema';
import type { Database } from '../../db/client';
import { type CatalogValues, upsertCatalog } from '../../db/repositories/catalog';
import { publishChange } from '../../db/repositories/platform';
import { WEEKDAY_NAMES } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import type { JunkSetup } from '../../domain/junk';
import { toCents, toPercentMilli } from '../../domain/money';
import { normalizePostalCode } from '../../domain/service-area';
import { permitSetupOf } from '../permits/config';

/** A config file's problems, one per line, with each in details.issues. */
export function configError(issues: { path: string; message: string }[]) {
  const message = issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('\n');
  return new DomainError('invalid_body', message, { field: issues[0]?.path || 'body', details: { issues } });
}

/** Validates a company config (already parsed from JSON) and turns it into rows, money in cents. */
export function configToCatalog(input: unknown): CatalogValues {
  const parsed = CompanyConfig.safeParse(input);
  if (!parsed.success) {
    throw configError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
  const c = parsed.data;
  const cents = (v: number | null) => (v === null ? null : toCents(v));
  return {
    company: {
      slug: c.slug,
      name: c.name,
      active: c.active,
      timezone: c.timezone,
      currency: c.currency,
      country: c.country,
      contact: c.contact,
      address: c.address,
      branding: c.branding,
      bookingOnline: c.booking.online,
      paymentsReady: c.booking.payments_ready,
      cardFeeHandling: c.card_fees.handling,
      cardFeePercentMilli: c.card_fees.handling === 'customer_pays' ? toPercentMilli(c.card_fees.percent) : 0,
      cardFeeFixedCents: c.card_fees.handling === 'customer_pays' ? toCents(c.card_fees.fixed) : 0,
      nonWorkingWeekdays: weekdays(c.booking.non_working_weekdays),
      minNoticeDays: c.booking.min_notice_days,
      maxAdvanceDays: c.booking.max_advance_days,
      serviceAreaZips: [...new Set(c.service_area.zips.map((z) => normalizePostalCode(z) ?? z.trim().toUpperCase()))],
      materialsEnabled: c.materials.enabled,
      materialsRequired: c.materials.required,
      materialsNote: c.materials.note,
      bookingConfirmedUrl: c.booking.confirmed_page_url,
      paymentLimits: c.booking.payment_limits,
      processorKind: c.processor.kind,
      processorAccount: c.processor.account,
      junk: c.junk && junkSetup(c.junk),
      fleet: c.fleet && {
        turnaroundDays: c.fleet.turnaround_days,
        sizes: c.fleet.sizes,
        outOfService: c.fleet.out_of_service,
      },
      rentalChanges: c.rental_changes && {
        save_cards: c.rental_changes.save_cards,
        move_cutoff_hour: c.rental_changes.move_cutoff_hour,
        swap_fees_cents: Object.fromEntries(
          Object.entries(c.rental_changes.swap_fees).map(([k, v]) => [k, toCents(v)]),
        ),
        remind_before_pickup: c.rental_changes.remind_before_pickup,
      },
      fieldWork: c.field_work && {
        wasted_trip_fee_cents: c.field_work.wasted_trip_fee === null ? null : toCents(c.field_work.wasted_trip_fee),
        notice_hours: c.field_work.notice_hours,
      },
      permits: c.permits && permitSetupOf(c.permits),
    },
    closedDates: c.closed_dates,
    sizes: c.sizes.map((s, i) => ({
      key: s.key,
      label: s.label,
      yards: s.yards,
      description: s.description,
      imageUrl: s.image_url,
      includedTons: s.included_tons,
      overagePerTonCents: cents(s.overage_per_ton),
      priceD3Cents: cents(s.prices.d3),
      priceD7Cents: cents(s.prices.d7),
      priceD10Cents: cents(s.prices.d10),
      priceD14Cents: cents(s.prices.d14),
      priceD30Cents: cents(s.prices.d30),
      extraDayCents: toCents(s.prices.extra_day),
      taxEnabled: s.tax.enabled,
      taxPercentMilli: toPercentMilli(s.tax.percent),
      fuelFeeEnabled: s.fuel_environmental_fee.enabled,
      fuelFeeCents: toCents(s.fuel_environmental_fee.amount),
      isDefault: s.is_default,
      isPopular: s.is_popular,
      sortOrder: i,
      active: s.active,
    })),
    materials: c.materials.items.map((m, i) => ({
      slug: m.slug,
      label: m.label,
      explanation: m.explanation,
      requiresAck: m.requires_ack,
      isCatchAll: m.is_catch_all,
      isHeavy: m.is_heavy,
      sortOrder: i,
      sizePolicy: m.size_policy,
      active: m.active,
      sizes: m.sizes.map((ms) => ({
        sizeKey: ms.size,
        priceCents: cents(ms.price),
        maxWeightTons: ms.max_weight_tons,
        overageMode: ms.overage_mode,
        overagePerTonCents: cents(ms.overage_per_ton),
      })),
    })),
    promos: c.promo_codes.map((p) => ({
      code: p.code.toUpperCase(),
      discountType: p.type,
      percentMilli: p.type === 'percent' ? toPercentMilli(p.percent ?? 0) : 0,
      amountCents: p.type === 'amount' ? toCents(p.amount ?? 0) : 0,
      validFrom: p.valid_from,
      validTo: p.valid_to,
      maxUses: p.max_uses,
      active: p.active,
    })),
    commercialAccounts: c.commercial_accounts.map((a) => ({ name: a.name, email: a.email.toLowerCase() })),
  };
}

const weekdays = (names: readonly string[]) => names.map((d) => WEEKDAY_NAMES.indexOf(d as never) + 1).sort();

function junkSetup(j: NonNullable<CompanyConfig['junk']>): JunkSetup {
  return {
    online: j.online,
    loads: j.loads
      .filter((l) => l.active)
      .map((l) => ({
        fraction: l.load_fraction,
        label: l.label,
        description: l.description,
        priceCents: toCents(l.price),
      })),
    windows: j.windows
      .map((w) => ({ start: w.start, end: w.end, capacity: w.capacity, weekdays: weekdays(w.weekdays) }))
      .sort((a, b) => a.start.localeCompare(b.start)),
    sameDay: j.same_day,
    minNoticeDays: j.min_notice_days,
    maxAdvanceDays: j.max_advance_days,
    nonWorkingWeekdays: weekdays(j.non_working_weekdays),
    blackoutDates: [...j.blackout_dates].sort((a, b) => a.date.localeCompare(b.date)),
    photos: { enabled: j.photos.enabled, maxCount: j.photos.max_count },
    serviceAreaZips: j.service_area && [
      ...new Set(j.service_area.zips.map((z) => normalizePostalCode(z) ?? z.trim().toUpperCase())),
    ],
    notAccepted: j.not_accepted,
    extraFees: j.extra_fees.map((f) => ({ label: f.label, amountCents: toCents(f.amount), note: f.note })),
    terms: j.terms,
    cancellationPolicy: j.cancellation_policy,
  };
}

/** Creates or updates a company from its config, in one transaction. */
export async function applyCompanyConfig(database: Database, input: unknown) {
  const values = configToCatalog(input);
  return database.db.transaction(async (tx) => {
    const result = await upsertCatalog(tx, values);
    await publishChange(tx);
    return { ...result, slug: values.company.slug };
  });
}
