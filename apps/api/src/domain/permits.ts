import { addDays, daysBetween } from './dates';
import { DomainError } from './errors';
import { percentOf } from './money';
import type { PermitRule, PermitSetup } from './permit-rules';
import type { QuoteCents } from './pricing';
import { processingFeeCents } from './pricing';
import type { ChangeAmounts } from './rental-changes';
import { normalizePostalCode } from './service-area';

/**
 * Street placement and permits (docs/decisions/street-permits.md): which rule covers an address, what a can
 * on the street there costs and how early it can come, what an extension past the permit adds. Pure.
 */

export type Placement = 'street' | 'private';

export type { PermitRule, PermitSetup } from './permit-rules';

/** What the street costs and requires at one address, for one rental, frozen with the quote. */
export type PermitTerms = {
  rule: string;
  applies: 'company' | 'customer';
  leadDays: number;
  earliest: string;
  cityFeeCents: number;
  handlingFeeCents: number;
  coversDays: number | null;
  extensionFeeCents: number;
  extensions: number;
  taxable: boolean;
  instructions: string;
  /** What the customer pays for it at booking. */
  feeCents: number;
};

/** The street at an address: no permit needed (terms null) or its terms. */
export type StreetTerms = { placement: 'street'; permit: PermitTerms | null };

/** The first rule whose ZIPs or cities hold the address, or null. */
export function matchPermitRule(setup: PermitSetup, address: { zip?: string; city?: string }): PermitRule | null {
  const zip = address.zip === undefined ? null : normalizePostalCode(address.zip);
  const city = address.city?.trim().toLowerCase() || null;
  return (
    setup.rules.find(
      (r) =>
        (zip !== null && r.zips.some((z) => z === zip || (z.length === 3 && zip.startsWith(z)))) ||
        (city !== null && r.cities.includes(city)),
    ) ?? null
  );
}

/** Further permit periods a rental of this length needs past the first (0 without an expiry). */
export function extensionsFor(coversDays: number | null, rentalDays: number): number {
  if (coversDays === null || rentalDays <= coversDays) return 0;
  return Math.ceil((rentalDays - coversDays) / coversDays);
}

/**
 * The street's terms at an address for a rental, or street_not_allowed. Without a `permits` block the street
 * is free and immediate, as before the company asked.
 */
export function streetTerms(
  setup: PermitSetup | null,
  address: { zip?: string; city?: string },
  rental: { today: string; minNoticeDays: number; rentalDays: number },
): StreetTerms {
  if (!setup) return { placement: 'street', permit: null };
  const rule = matchPermitRule(setup, address);
  if (rule ? rule.street === 'not_allowed' : setup.elsewhere === 'not_allowed') {
    throw new DomainError(
      'street_not_allowed',
      rule
        ? `${rule.name} does not allow a dumpster on the street: it must sit on a driveway or private property.`
        : 'A dumpster on the street is not taken at this address: it must sit on a driveway or private property.',
      { field: 'placement', details: { rule: rule?.name ?? null } },
    );
  }
  if (!rule || rule.street === 'allowed') return { placement: 'street', permit: null };
  const extensions = extensionsFor(rule.coversDays, rental.rentalDays);
  const city = rule.applies === 'company' ? rule.cityFeeCents + rule.extensionFeeCents * extensions : 0;
  return {
    placement: 'street',
    permit: {
      rule: rule.name,
      applies: rule.applies,
      leadDays: rule.leadDays,
      earliest: addDays(rental.today, Math.max(rental.minNoticeDays, rule.leadDays)),
      cityFeeCents: rule.cityFeeCents,
      handlingFeeCents: rule.handlingFeeCents,
      coversDays: rule.coversDays,
      extensionFeeCents: rule.extensionFeeCents,
      extensions,
      taxable: rule.taxable,
      instructions: rule.instructions,
      feeCents: city + rule.handlingFeeCents,
    },
  };
}

/** A quote with the street's fee (after the promo; taxed at the quote's rate only when the rule says so). */
export type StreetQuote = QuoteCents & { placement?: 'street'; permitFee?: number; permit?: PermitTerms | null };

export function withStreet(
  quote: QuoteCents,
  street: StreetTerms,
  cardFee: Parameters<typeof processingFeeCents>[0],
): StreetQuote {
  const fee = street.permit?.feeCents ?? 0;
  const subtotal = quote.subtotal + fee;
  const tax = street.permit?.taxable ? percentOf(subtotal, quote.taxPercentMilli) : quote.tax;
  const total = subtotal + tax;
  const processingFee = processingFeeCents(cardFee, total);
  return {
    ...quote,
    subtotal,
    tax,
    total,
    processingFee,
    grossTotal: total + processingFee,
    placement: 'street',
    permitFee: fee,
    permit: street.permit,
  };
}

/** A delivery day the permit's lead days do not reach: date_closed naming the earliest. */
export function checkPermitLead(permit: PermitTerms | null, deliveryDate: string): void {
  if (!permit || deliveryDate >= permit.earliest) return;
  throw new DomainError(
    'date_closed',
    `A dumpster on the street in ${permit.rule} needs a permit ${permit.leadDays} days ahead: the earliest delivery is ${permit.earliest}.`,
    { field: 'delivery_date', details: { reason: 'permit_lead_days', earliest_delivery_date: permit.earliest } },
  );
}

/**
 * A street delivery moved (My booking, the office for the customer): with no permit recorded yet, the new day
 * must leave the city's lead days from today, as at booking (date_closed naming the earliest); a permit
 * already recorded must cover the new days, or the move is the office's to arrange (change_not_allowed).
 */
export function checkMovedStreetDelivery(
  permit: PermitTerms,
  recorded: { startsOn: string | null; endsOn: string | null } | null,
  today: string,
  after: { delivery_date: string; pickup_date: string },
): void {
  if (!recorded) {
    checkPermitLead({ ...permit, earliest: addDays(today, permit.leadDays) }, after.delivery_date);
    return;
  }
  const { startsOn, endsOn } = recorded;
  if ((startsOn && after.delivery_date < startsOn) || (endsOn && after.pickup_date > endsOn)) {
    throw new DomainError(
      'change_not_allowed',
      `The street permit for this dumpster runs ${startsOn ?? 'from its start'} to ${endsOn ?? 'no end'}: call the company to move the delivery outside it.`,
      { field: 'delivery_date', details: { permit_starts_on: startsOn, permit_ends_on: endsOn } },
    );
  }
}

/**
 * What a moved delivery makes of a permit not yet recorded: the office applies by the new day less the lead
 * days, and the days the fees paid cover move with the rental (null stays null: no expiry).
 */
export function permitAfterMove(
  permit: PermitTerms,
  coveredThroughDay: string | null,
  move: { from: string; to: string },
): { applyBy: string; coveredThrough: string | null } {
  return {
    applyBy: applyBy(permit, move.to),
    coveredThrough: coveredThroughDay && addDays(coveredThroughDay, daysBetween(move.from, move.to)),
  };
}

/** The days a calendar closes for the permit: those before its earliest not already closed. */
export function permitClosedDays(
  permit: PermitTerms | null,
  range: { from: string; to: string },
  alreadyClosed: ReadonlySet<string>,
): string[] {
  if (!permit) return [];
  const days: string[] = [];
  const last = permit.earliest <= range.to ? addDays(permit.earliest, -1) : range.to;
  for (let d = range.from; d <= last; d = addDays(d, 1)) if (!alreadyClosed.has(d)) days.push(d);
  return days;
}

/** The last rental day the fees paid at booking cover: delivery + covers_days × (1 + extensions); null: no expiry. */
export function coveredThrough(permit: PermitTerms, deliveryDate: string): string | null {
  if (permit.coversDays === null) return null;
  return addDays(deliveryDate, permit.coversDays * (1 + permit.extensions));
}

/** The day the office must apply by: the delivery less the city's lead days. */
export const applyBy = (permit: Pick<PermitTerms, 'leadDays'>, deliveryDate: string) =>
  addDays(deliveryDate, -permit.leadDays);

/**
 * An extension's permit part: the further periods its new pickup needs past what is covered, and their city
 * fee (0 when the customer applies, or the permit has no expiry, or the pickup stays covered).
 */
export function extensionPermitFee(
  permit: Pick<PermitTerms, 'coversDays' | 'extensionFeeCents' | 'applies'>,
  covered: string | null,
  newPickup: string,
): { periods: number; feeCents: number; coveredThrough: string | null } {
  if (covered === null || permit.coversDays === null || newPickup <= covered) {
    return { periods: 0, feeCents: 0, coveredThrough: covered };
  }
  const periods = Math.ceil(daysBetween(covered, newPickup) / permit.coversDays);
  const feeCents = permit.applies === 'company' ? periods * permit.extensionFeeCents : 0;
  return { periods, feeCents, coveredThrough: addDays(covered, periods * permit.coversDays) };
}

/** Whether an order's delivery may go out: a permit the company applies for must be recorded, or overridden. */
export function permitBlocksDelivery(
  permit: { applies: 'company' | 'customer'; number: string | null; overrideAt: Date | string | null } | null,
): boolean {
  return !!permit && permit.applies === 'company' && permit.number === null && permit.overrideAt === null;
}

/** An extension's amounts (rental-changes.ts' ChangeAmounts) with the permit's part. */
export type PermitChangeAmounts<A extends ChangeAmounts = ChangeAmounts> = A & {
  permitExtensionFee?: number;
  permitPeriods?: number;
  permitCoveredThrough?: string | null;
};

/**
 * An extension priced with the city's extension fee: in the total, taxed at the change's rate only when the
 * rule says so, the card fee on the new total. The new coverage rides along for the change's apply.
 */
export function withPermitExtension<A extends ChangeAmounts>(
  amounts: A,
  ext: { feeCents: number; periods: number; coveredThrough: string | null; taxable: boolean },
  cardFee: Parameters<typeof processingFeeCents>[0],
): PermitChangeAmounts<A> {
  if (ext.periods === 0) return amounts;
  const base = amounts.extraDays + amounts.fee;
  const tax = percentOf(base + (ext.taxable ? ext.feeCents : 0), amounts.taxPercentMilli);
  const total = base + ext.feeCents + tax;
  const processingFee = processingFeeCents(cardFee, total);
  return {
    ...amounts,
    tax,
    total,
    processingFee,
    grossTotal: total + processingFee,
    ...(ext.feeCents > 0 ? { permitExtensionFee: ext.feeCents } : {}),
    permitPeriods: ext.periods,
    permitCoveredThrough: ext.coveredThrough,
  };
}
