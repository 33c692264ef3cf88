import type { CompanyConfigInput } from '../../company-config/schema';
import type { Database } from '../../db/client';
import { type ConfigRows, loadConfigRows } from '../../db/repositories/company-config';
import { WEEKDAY_NAMES } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import type { JunkSetup } from '../../domain/junk';
import { fromPercentMilli, toDollars } from '../../domain/money';
import { permitsConfigOf } from '../permits/config';

/**
 * A company's config as `svc company apply` takes it (docs/company-config.md), read back from its rows:
 * what the console's settings forms show and edit. applyCompanyConfig(readCompanyConfig(x)) changes
 * nothing (test/db/company-config.test.ts).
 */
export async function readCompanyConfig(database: Database, companyId: string): Promise<CompanyConfigInput> {
  const rows = await loadConfigRows(database.db, companyId);
  if (!rows) throw new DomainError('not_found', 'There is no such company.');
  return rowsToConfig(rows);
}

const dollars = (cents: number | null) => (cents === null ? null : toDollars(cents));
const dayNames = (days: number[]) => days.map((d) => WEEKDAY_NAMES[d - 1] as (typeof WEEKDAY_NAMES)[number]);

export function rowsToConfig(rows: ConfigRows): CompanyConfigInput {
  const c = rows.company;
  return {
    slug: c.slug,
    name: c.name,
    active: c.active,
    timezone: c.timezone,
    currency: c.currency,
    country: c.country,
    contact: c.contact as CompanyConfigInput['contact'],
    address: c.address as CompanyConfigInput['address'],
    branding: c.branding as CompanyConfigInput['branding'],
    booking: {
      online: c.bookingOnline,
      payments_ready: c.paymentsReady,
      min_notice_days: c.minNoticeDays,
      max_advance_days: c.maxAdvanceDays,
      non_working_weekdays: dayNames(c.nonWorkingWeekdays),
      confirmed_page_url: c.bookingConfirmedUrl,
      ...(c.paymentLimits ? { payment_limits: c.paymentLimits } : {}),
    },
    card_fees:
      c.cardFeeHandling === 'customer_pays'
        ? {
            handling: 'customer_pays',
            percent: fromPercentMilli(c.cardFeePercentMilli),
            fixed: toDollars(c.cardFeeFixedCents),
          }
        : { handling: 'company_absorbs' },
    closed_dates: rows.closed.map((d) => ({ date: d.date, kind: d.kind, reason: d.reason })),
    service_area: { zips: c.serviceAreaZips },
    sizes: rows.sizes.map((s) => ({
      key: s.key,
      label: s.label,
      yards: s.yards,
      description: s.description,
      image_url: s.imageUrl,
      included_tons: s.includedTons,
      overage_per_ton: dollars(s.overagePerTonCents),
      prices: {
        d3: dollars(s.priceD3Cents),
        d7: dollars(s.priceD7Cents),
        d10: dollars(s.priceD10Cents),
        d14: dollars(s.priceD14Cents),
        d30: dollars(s.priceD30Cents),
        extra_day: toDollars(s.extraDayCents),
      },
      tax: { enabled: s.taxEnabled, percent: fromPercentMilli(s.taxPercentMilli) },
      fuel_environmental_fee: { enabled: s.fuelFeeEnabled, amount: toDollars(s.fuelFeeCents) },
      is_default: s.isDefault,
      is_popular: s.isPopular,
      active: s.active,
    })),
    materials: {
      enabled: c.materialsEnabled,
      required: c.materialsRequired,
      note: c.materialsNote,
      items: rows.materials.map((m) => ({
        slug: m.slug,
        label: m.label,
        explanation: m.explanation,
        requires_ack: m.requiresAck,
        is_catch_all: m.isCatchAll,
        is_heavy: m.isHeavy,
        size_policy: m.sizePolicy,
        sizes: rows.entries
          .filter((e) => e.entry.materialId === m.id)
          .map(({ entry, sizeKey }) => ({
            size: sizeKey,
            price: dollars(entry.priceCents),
            max_weight_tons: entry.maxWeightTons,
            overage_mode: entry.overageMode,
            overage_per_ton: dollars(entry.overagePerTonCents),
          })),
        active: m.active,
      })),
    },
    promo_codes: rows.promos.map((p) => ({
      code: p.code,
      type: p.discountType,
      ...(p.discountType === 'percent'
        ? { percent: fromPercentMilli(p.percentMilli) }
        : { amount: toDollars(p.amountCents) }),
      valid_from: p.validFrom,
      valid_to: p.validTo,
      max_uses: p.maxUses,
      active: p.active,
    })),
    commercial_accounts: rows.accounts.map((a) => ({ name: a.name, email: a.email })),
    processor: { kind: c.processorKind, account: c.processorAccount },
    junk: c.junk ? junkConfig(c.junk) : null,
    // Absent, not null, for a company that counts no cans: its config reads back as it always did.
    ...(c.fleet
      ? {
          fleet: {
            turnaround_days: c.fleet.turnaroundDays,
            sizes: c.fleet.sizes,
            out_of_service: c.fleet.outOfService,
          },
        }
      : {}),
    ...(c.rentalChanges
      ? {
          rental_changes: {
            save_cards: c.rentalChanges.save_cards,
            move_cutoff_hour: c.rentalChanges.move_cutoff_hour,
            swap_fees: Object.fromEntries(
              Object.entries(c.rentalChanges.swap_fees_cents ?? {}).map(([k, v]) => [k, toDollars(v)]),
            ),
            remind_before_pickup: c.rentalChanges.remind_before_pickup ?? true,
          },
        }
      : {}),
    ...(c.fieldWork
      ? {
          field_work: {
            wasted_trip_fee:
              c.fieldWork.wasted_trip_fee_cents === null ? null : toDollars(c.fieldWork.wasted_trip_fee_cents),
            notice_hours: c.fieldWork.notice_hours,
          },
        }
      : {}),
    // Absent for a company that does not ask where the can sits: its config reads back as it always did.
    ...(c.permits ? { permits: permitsConfigOf(c.permits) } : {}),
  };
}

function junkConfig(j: JunkSetup): NonNullable<CompanyConfigInput['junk']> {
  return {
    online: j.online,
    loads: j.loads.map((l) => ({
      load_fraction: l.fraction,
      label: l.label,
      description: l.description,
      price: toDollars(l.priceCents),
    })),
    windows: j.windows.map((w) => ({
      start: w.start,
      end: w.end,
      capacity: w.capacity,
      weekdays: dayNames(w.weekdays),
    })),
    same_day: j.sameDay,
    min_notice_days: j.minNoticeDays,
    max_advance_days: j.maxAdvanceDays,
    non_working_weekdays: dayNames(j.nonWorkingWeekdays),
    blackout_dates: j.blackoutDates,
    photos: { enabled: j.photos.enabled, max_count: j.photos.maxCount },
    service_area: j.serviceAreaZips ? { zips: j.serviceAreaZips } : null,
    not_accepted: j.notAccepted,
    extra_fees: j.extraFees.map((f) => ({ label: f.label, amount: toDollars(f.amountCents), note: f.note })),
    terms: j.terms,
    cancellation_policy: j.cancellationPolicy,
  };
}
