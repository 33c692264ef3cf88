import { checkAccount, checkPromoCode } from './booking-rules';
import type { Catalog } from './catalog';
import { DomainError } from './errors';
import type { JunkLoad, JunkWindow } from './junk';
import { checkSlot, type SlotClock } from './junk-slots';
import { percentOf } from './money';
import { processingFeeCents } from './pricing';
import type { PromoResult } from './promo';
import { checkServiceArea } from './service-area';

/** A junk job's price in cents: the load's price, less the promo (never more than the price), plus the card fee. */
export type JunkQuoteCents = {
  base: number;
  promoDiscount: number;
  total: number;
  processingFee: number;
  grossTotal: number;
};

/** The active load of a fraction, or 404 not_found naming the fractions there are. */
export function findLoad(catalog: Catalog, fraction: string): JunkLoad {
  const load = catalog.junk.loads.find((l) => l.fraction === fraction);
  if (!load) {
    // Any unknown fraction is a 404 (spec section 4), however long; a long one is not repeated back.
    const named = fraction.length <= 16 ? `"${fraction}"` : 'with this load_fraction';
    throw new DomainError(
      'not_found',
      `No load ${named} for this company. Use a load_fraction from GET /junk/config.`,
      {
        field: 'load_fraction',
        details: { allowed: catalog.junk.loads.map((l) => l.fraction) },
      },
    );
  }
  return load;
}

export function priceJunk(catalog: Catalog, load: JunkLoad, promo: PromoResult | null): JunkQuoteCents {
  const base = load.priceCents;
  const ok = promo?.ok ? promo : null;
  const promoDiscount = !ok
    ? 0
    : ok.type === 'percent'
      ? Math.min(base, percentOf(base, ok.percentMilli))
      : Math.min(base, ok.amountCents);
  const total = base - promoDiscount;
  const processingFee = processingFeeCents(catalog.company.cardFee, total);
  return { base, promoDiscount, total, processingFee, grossTotal: total + processingFee };
}

/** What the rules read of a junk booking request (the contract's JunkIntentRequest has these fields). */
export type JunkRuleInput = {
  load_fraction: string;
  job_date: string;
  time_window_start: string;
  time_window_end: string;
  zip: string;
  customer: { email: string };
  promo_code?: string;
};

/** What a junk session freezes at payment time: the price and everything the job will be made from. */
export type FrozenJunk<T extends JunkRuleInput = JunkRuleInput> = {
  request: T;
  quote: JunkQuoteCents;
  load: { fraction: string; label: string };
  window: { date: string; start: string; end: string };
  promoCode: string | null;
};

export type JunkRuleContext = { clock: SlotClock; canTakePayments: boolean };

/**
 * Every rule of a card-paid junk booking, in the documented order (docs/decisions/junk-removal.md):
 * the load, booking on, payments ready, the day and window, the service area, the promo and the
 * commercial account. Seats are counted afterwards, under a lock (use-cases/jobs/create-intent.ts).
 */
export function checkJunkRules<T extends JunkRuleInput>(
  catalog: Catalog,
  request: T,
  ctx: JunkRuleContext,
): FrozenJunk<T> & { seat: JunkWindow } {
  const { company, junk } = catalog;
  const load = findLoad(catalog, request.load_fraction);
  if (!company.bookingOnline || !junk.online) {
    throw new DomainError('booking_offline', `${company.name} is not taking junk removal bookings online right now.`);
  }
  if (!company.paymentsReady || !ctx.canTakePayments) {
    throw new DomainError('payments_not_ready', `${company.name} cannot take card payments online yet.`);
  }
  const seat = checkSlot(junk, ctx.clock, request);
  const area = checkServiceArea(junk.serviceAreaZips ?? company.serviceAreaZips, request.zip);
  if (!area.ok) {
    throw new DomainError(area.code === 'zip_invalid' ? 'invalid_body' : 'out_of_service_area', area.message, {
      field: 'zip',
    });
  }
  const promo = checkPromoCode(catalog, request.promo_code, ctx.clock.today);
  checkAccount(catalog, request.customer.email);
  return {
    request,
    quote: priceJunk(catalog, load, promo),
    load: { fraction: load.fraction, label: load.label },
    window: { date: request.job_date, start: seat.start, end: seat.end },
    promoCode: promo?.ok ? promo.code : null,
    seat,
  };
}
