import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { adjustedOverage, checkTicket, overageOf } from './overage';

// The 10-yard of the issue: 2 tons included at $65 a ton, tax 8.875%, card fee 3% + $0.30 passed on.
const size = { includedTons: 2, overagePerTonCents: 6_500, tax: { enabled: true, percentMilli: 8_875 } };
const cardFee = { handling: 'customer_pays' as const, percentMilli: 3_000, fixedCents: 30 };
const absorbs = { handling: 'company_absorbs' as const, percentMilli: 3_000, fixedCents: 30 };
const material = (
  overageMode: 'inherit' | 'flat' | 'per_ton',
  maxWeightTons: number | null,
  overagePerTonCents: number | null,
) => ({ overageMode, maxWeightTons, overagePerTonCents });

describe('the overage of a weigh ticket', () => {
  it.each([
    // tons, material, [allowance, over, mode, rate, overage, tax, fee, gross]
    ['the issue: 5.4 t on a 10-yard, no material', 5.4, null, [2, 3.4, 'per_ton', 6_500, 22_100, 1_961, 752, 24_813]],
    ['under the allowance', 1.95, null, [2, 0, 'per_ton', 6_500, 0, 0, 0, 0]],
    ['exactly the allowance', 2, null, [2, 0, 'per_ton', 6_500, 0, 0, 0, 0]],
    [
      'inherit: the size rules',
      5.4,
      material('inherit', null, 9_000),
      [2, 3.4, 'per_ton', 6_500, 22_100, 1_961, 752, 24_813],
    ],
    [
      'inherit with a material weight limit',
      5.4,
      material('inherit', 4, null),
      [4, 1.4, 'per_ton', 6_500, 9_100, 808, 327, 10_235],
    ],
    [
      'per_ton: the material rate',
      5.25,
      material('per_ton', 4, 9_000),
      [4, 1.25, 'per_ton', 9_000, 11_250, 998, 397, 12_645],
    ],
    [
      'per_ton without a rate: the size’s',
      5.4,
      material('per_ton', null, null),
      [2, 3.4, 'per_ton', 6_500, 22_100, 1_961, 752, 24_813],
    ],
    [
      'flat: one fee however far over',
      10.5,
      material('flat', 10, 15_000),
      [10, 0.5, 'flat', 15_000, 15_000, 1_331, 520, 16_851],
    ],
    ['flat, under', 9.9, material('flat', 10, 15_000), [10, 0, 'flat', 15_000, 0, 0, 0, 0]],
    ['flat without a rate: nothing', 12, material('flat', 10, null), [10, 2, 'flat', null, 0, 0, 0, 0]],
  ] as const)('%s', (_name, tons, m, expected) => {
    const [allowance, over, mode, rate, overage, tax, fee, gross] = expected;
    expect(overageOf({ netTons: tons, size, material: m, cardFee })).toEqual({
      tons,
      allowance_tons: allowance,
      over_tons: over,
      mode,
      rate_cents: rate,
      overage_cents: overage,
      tax_percent_milli: 8_875,
      tax_cents: tax,
      total_cents: overage + tax,
      processing_fee_cents: fee,
      gross_total_cents: gross,
    });
  });

  it('a size without a rate charges nothing; an absorbed card fee is not added; untaxed sizes pay no tax', () => {
    expect(
      overageOf({ netTons: 9, size: { ...size, overagePerTonCents: null }, material: null, cardFee }).gross_total_cents,
    ).toBe(0);
    const a = overageOf({
      netTons: 5.4,
      size: { ...size, tax: { enabled: false, percentMilli: 8_875 } },
      material: null,
      cardFee: absorbs,
    });
    expect(a).toMatchObject({
      overage_cents: 22_100,
      tax_cents: 0,
      processing_fee_cents: 0,
      gross_total_cents: 22_100,
    });
  });

  it('an adjustment keeps the ticket and recomputes tax and card fee', () => {
    const a = overageOf({ netTons: 5.4, size, material: null, cardFee });
    expect(adjustedOverage(a, 10_000, cardFee)).toMatchObject({
      over_tons: 3.4,
      overage_cents: 10_000,
      tax_cents: 888,
      total_cents: 10_888,
      processing_fee_cents: 357,
      gross_total_cents: 11_245,
    });
  });

  it.each([
    [-0.01, 0, 'ticket.net_tons'],
    [40.01, 0, 'ticket.net_tons'],
    [5.405, 0, 'ticket.net_tons'],
    [Number.NaN, 0, 'ticket.net_tons'],
    [5, -1, 'ticket.landfill_cost'],
    [5, 1.5, 'ticket.landfill_cost'],
  ])('refuses a ticket of %s tons and %s cents', (tons, cost, field) => {
    let error: unknown;
    try {
      checkTicket(tons, cost);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).field).toBe(field);
  });

  it('takes 0 and 40 tons', () => {
    expect(() => checkTicket(0, 0)).not.toThrow();
    expect(() => checkTicket(40, 12_345)).not.toThrow();
  });
});
