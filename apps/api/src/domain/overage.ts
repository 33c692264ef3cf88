import type { Company, MaterialSize, Size } from './catalog';
import { DomainError } from './errors';
import { divRoundHalfUp, percentOf } from './money';
import { processingFeeCents } from './pricing';

/**
 * The overage a weigh ticket shows (docs/decisions/drivers-day.md). Tons are counted in hundredths, as
 * scale tickets print them; money in cents.
 *
 * - The allowance is the order's material's `max_weight_tons` when it has one, else the size's `included_tons`.
 * - The rate by the material's `overage_mode`: `inherit` (and an order without a material) charges the size's
 *   `overage_per_ton` per ton over; `per_ton` the material's own per-ton rate (the size's when it has none);
 *   `flat` charges the material's `overage_per_ton` once, as a fixed overweight fee, however far over.
 * - No rate (null): nothing is charged, whatever the weight; the office still sees the tons.
 * - Tax at the size's rate (as every line of the order), then the card fee by the company's handling.
 */
export type OverageAmounts = {
  tons: number;
  allowance_tons: number;
  over_tons: number;
  mode: 'per_ton' | 'flat';
  rate_cents: number | null;
  overage_cents: number;
  tax_percent_milli: number;
  tax_cents: number;
  total_cents: number;
  processing_fee_cents: number;
  gross_total_cents: number;
};

/** A weight as a weigh ticket gives it: 0 to 40 tons, at most two decimals. */
export const MAX_TICKET_TONS = 40;

export function checkTicket(netTons: number, landfillCostCents: number): void {
  if (!Number.isFinite(netTons) || netTons < 0 || netTons > MAX_TICKET_TONS) {
    throw new DomainError('invalid_body', `A weigh ticket's net weight is 0 to ${MAX_TICKET_TONS} tons.`, {
      field: 'ticket.net_tons',
    });
  }
  if (Math.abs(netTons * 100 - Math.round(netTons * 100)) > 1e-6) {
    throw new DomainError('invalid_body', 'Give the net weight in tons with at most two decimals, as on the ticket.', {
      field: 'ticket.net_tons',
    });
  }
  if (!Number.isInteger(landfillCostCents) || landfillCostCents < 0 || landfillCostCents > 10_000_000) {
    throw new DomainError('invalid_body', "The landfill's cost is dollars and cents, from 0 to 100,000.", {
      field: 'ticket.landfill_cost',
    });
  }
}

const hundredths = (tons: number) => Math.round(tons * 100);

export function overageOf(input: {
  netTons: number;
  size: Pick<Size, 'includedTons' | 'overagePerTonCents' | 'tax'>;
  material: Pick<MaterialSize, 'maxWeightTons' | 'overageMode' | 'overagePerTonCents'> | null;
  cardFee: Company['cardFee'];
}): OverageAmounts {
  const { size, material } = input;
  const allowance = material?.maxWeightTons ?? size.includedTons;
  const mode = material?.overageMode === 'flat' ? 'flat' : 'per_ton';
  const rate =
    material?.overageMode === 'flat'
      ? material.overagePerTonCents
      : material?.overageMode === 'per_ton'
        ? (material.overagePerTonCents ?? size.overagePerTonCents)
        : size.overagePerTonCents;
  const over = Math.max(0, hundredths(input.netTons) - hundredths(allowance));
  const overage = rate === null || over === 0 ? 0 : mode === 'flat' ? rate : divRoundHalfUp(over * rate, 100);
  const taxPercentMilli = size.tax.enabled ? size.tax.percentMilli : 0;
  const tax = percentOf(overage, taxPercentMilli);
  const total = overage + tax;
  const fee = total === 0 ? 0 : processingFeeCents(input.cardFee, total);
  return {
    tons: hundredths(input.netTons) / 100,
    allowance_tons: hundredths(allowance) / 100,
    over_tons: over / 100,
    mode,
    rate_cents: rate,
    overage_cents: overage,
    tax_percent_milli: taxPercentMilli,
    tax_cents: tax,
    total_cents: total,
    processing_fee_cents: fee,
    gross_total_cents: total + fee,
  };
}

/** An amount the office sets instead (an adjustment): the same tax and card fee on the new overage. */
export function adjustedOverage(
  amounts: OverageAmounts,
  overageCents: number,
  cardFee: Company['cardFee'],
): OverageAmounts {
  const tax = percentOf(overageCents, amounts.tax_percent_milli);
  const total = overageCents + tax;
  const fee = total === 0 ? 0 : processingFeeCents(cardFee, total);
  return {
    ...amounts,
    overage_cents: overageCents,
    tax_cents: tax,
    total_cents: total,
    processing_fee_cents: fee,
    gross_total_cents: total + fee,
  };
}

/** A wasted trip's fee: the company's fee, untaxed, the card fee by its handling. */
export function wastedTripAmounts(feeCents: number, cardFee: Company['cardFee']) {
  const fee = processingFeeCents(cardFee, feeCents);
  return { fee_cents: feeCents, total_cents: feeCents, processing_fee_cents: fee, gross_total_cents: feeCents + fee };
}
