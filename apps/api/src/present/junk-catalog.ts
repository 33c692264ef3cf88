import type { Catalog } from '../domain/catalog';
import { WEEKDAY_NAMES } from '../domain/dates';
import { type JunkLoad, PHOTO_MAX_BYTES, PHOTO_TYPES, PHOTO_WINDOW_MINUTES } from '../domain/junk';
import type { JunkQuoteCents } from '../domain/junk-rules';
import type { JunkDay, SlotClock } from '../domain/junk-slots';
import type { PromoResult } from '../domain/promo';
import { dollars } from '../messages/money';
import { presentPromo } from './catalog';

const dayNames = (days: number[]) => days.map((d) => WEEKDAY_NAMES[d - 1] as (typeof WEEKDAY_NAMES)[number]);

export const junkPageUrl = (hostedBaseUrl: string, slug: string) =>
  `${hostedBaseUrl}/junk-checkout/${encodeURIComponent(slug)}`;

export const presentLoad = (l: JunkLoad) => ({
  load_fraction: l.fraction,
  label: l.label,
  description: l.description,
  price: dollars(l.priceCents),
  price_cents: l.priceCents,
});

/** GET /junk/config. */
export function presentJunkConfig(catalog: Catalog, hostedBaseUrl: string) {
  const { company, junk } = catalog;
  const zips = junk.serviceAreaZips ?? company.serviceAreaZips;
  return {
    junk_online: company.bookingOnline && junk.online,
    payments_ready: company.paymentsReady,
    hosted_page: junkPageUrl(hostedBaseUrl, company.slug),
    currency: company.currency,
    loads: junk.loads.map(presentLoad),
    windows: junk.windows.map((w) => ({
      start: w.start,
      end: w.end,
      capacity: w.capacity,
      weekdays: dayNames(w.weekdays),
    })),
    same_day: junk.sameDay,
    min_notice_days: junk.minNoticeDays,
    max_advance_days: junk.maxAdvanceDays,
    non_working_weekdays: dayNames(junk.nonWorkingWeekdays),
    blackout_dates: junk.blackoutDates,
    photo: {
      enabled: junk.photos.enabled,
      max_count: junk.photos.maxCount,
      types: [...PHOTO_TYPES],
      max_bytes: PHOTO_MAX_BYTES,
      window_minutes: PHOTO_WINDOW_MINUTES,
    },
    locations: { zips, any_zip: zips.length === 0 },
    not_accepted: junk.notAccepted,
    extra_fee: junk.extraFees.map((f) => ({
      label: f.label,
      amount: dollars(f.amountCents),
      amount_cents: f.amountCents,
      note: f.note,
    })),
    terms: { text: junk.terms },
    cancellation_policy: { text: junk.cancellationPolicy },
    card_fee_handling: company.cardFee.handling,
  };
}

/** GET /junk/availability. */
export function presentJunkAvailability(
  catalog: Catalog,
  clock: SlotClock,
  range: { from: string; to: string },
  days: JunkDay[],
) {
  return {
    today: clock.today,
    from: range.from,
    to: range.to,
    max_advance_days: catalog.junk.maxAdvanceDays,
    same_day: catalog.junk.sameDay,
    days,
  };
}

/** POST /junk/quote. */
export function presentJunkQuote(
  catalog: Catalog,
  { load, promo, cents: q }: { load: JunkLoad; promo: PromoResult | null; cents: JunkQuoteCents },
) {
  return {
    load: { load_fraction: load.fraction, label: load.label },
    lines: { base: dollars(q.base), promo_discount: dollars(q.promoDiscount) },
    promo: promo ? presentPromo(promo) : null,
    total: dollars(q.total),
    total_cents: q.total,
    processing_fee: dollars(q.processingFee),
    processing_fee_cents: q.processingFee,
    card_fee_handling: catalog.company.cardFee.handling,
    gross_total: dollars(q.grossTotal),
    gross_total_cents: q.grossTotal,
    currency: catalog.company.currency,
  };
}
