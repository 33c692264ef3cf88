import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../contract/errors';
import { presentErrorDetails } from '../present/errors';
import { DomainError } from './errors';
import { generalBase, priceFromCents, priceQuote } from './pricing';
import type { PromoResult } from './promo';
import { catalog, company, material, size } from './test-catalog';

describe('generalBase: the largest defined tier at most rental_days, then extra days', () => {
  const s = size();
  it.each([
    [1, 29_500, 0], // below the smallest tier: the smallest tier, no extra days
    [3, 29_500, 0],
    [5, 29_500, 2 * 1_500],
    [7, 34_500, 0],
    [9, 34_500, 2 * 1_500],
    [10, 39_500, 0],
    [13, 39_500, 3 * 1_500],
    [14, 44_500, 0],
    [29, 44_500, 15 * 1_500],
    [30, 59_500, 0],
    [365, 59_500, 335 * 1_500],
  ])('%i days -> base %i, extra %i', (days, base, extra) => {
    expect(generalBase(s, days)).toEqual({ base, extraDays: extra });
  });

  it('skips undefined tiers', () => {
    const sparse = size({ prices: { d3: null, d7: 42_500, d10: null, d14: 52_500, d30: null } });
    expect(generalBase(sparse, 2)).toEqual({ base: 42_500, extraDays: 0 });
    expect(generalBase(sparse, 12)).toEqual({ base: 42_500, extraDays: 5 * 1_500 });
    expect(generalBase(sparse, 40)).toEqual({ base: 52_500, extraDays: 26 * 1_500 });
    expect(priceFromCents(sparse)).toBe(42_500);
  });
});

describe('priceQuote', () => {
  it('prices a 10-yard, 9-day rental line by line', () => {
    const q = priceQuote(catalog(), { size: size(), rentalDays: 9, promo: null });
    expect(q).toEqual({
      pricing: 'general',
      base: 34_500,
      extraDays: 3_000,
      fuelFee: 2_500,
      promoDiscount: 0,
      subtotal: 40_000,
      taxPercentMilli: 8_250,
      tax: 3_300,
      total: 43_300,
      processingFee: 1_286, // 2.9% of 433.00 = 12.557 -> 12.56, + 0.30
      grossTotal: 44_586,
    });
  });

  it('rounds tax half up to the cent', () => {
    // subtotal 100.10 at 5%: 5.005 -> 5.01
    const s = size({
      prices: { d3: 7_510, d7: null, d10: null, d14: null, d30: null },
      tax: { enabled: true, percentMilli: 5_000 },
    });
    const q = priceQuote(catalog({ sizes: [s] }), { size: s, rentalDays: 3, promo: null });
    expect(q.subtotal).toBe(10_010);
    expect(q.tax).toBe(501);
  });

  it('charges no tax, fee or card fee when those are off', () => {
    const s = size({ tax: { enabled: false, percentMilli: 8_250 }, fuelFee: { enabled: false, amountCents: 2_500 } });
    const c = catalog({
      company: company({ cardFee: { handling: 'company_absorbs', percentMilli: 2_900, fixedCents: 30 } }),
    });
    const q = priceQuote(c, { size: s, rentalDays: 7, promo: null });
    expect(q).toMatchObject({
      fuelFee: 0,
      taxPercentMilli: 0,
      tax: 0,
      total: 34_500,
      processingFee: 0,
      grossTotal: 34_500,
    });
  });

  const percent = (percentMilli: number): PromoResult => ({
    ok: true,
    code: 'P',
    type: 'percent',
    percentMilli,
    amountCents: 0,
  });
  const amount = (amountCents: number): PromoResult => ({
    ok: true,
    code: 'A',
    type: 'amount',
    percentMilli: 0,
    amountCents,
  });

  it('takes a percent promo off base + extra days only', () => {
    const q = priceQuote(catalog(), { size: size(), rentalDays: 9, promo: percent(10_000) });
    expect(q.promoDiscount).toBe(3_750); // 10% of 375.00
    expect(q.subtotal).toBe(34_500 + 3_000 + 2_500 - 3_750);
  });

  it('never discounts more than base + extra days', () => {
    expect(priceQuote(catalog(), { size: size(), rentalDays: 7, promo: amount(99_999) }).promoDiscount).toBe(34_500);
    expect(priceQuote(catalog(), { size: size(), rentalDays: 7, promo: percent(100_000) }).subtotal).toBe(2_500);
  });

  it('ignores a refused promo', () => {
    const q = priceQuote(catalog(), {
      size: size(),
      rentalDays: 7,
      promo: { ok: false, code: 'X', reason: 'expired' },
    });
    expect(q.promoDiscount).toBe(0);
  });

  describe('material pricing', () => {
    const s = size();
    const priced = material({
      sizes: [{ sizeId: s.id, priceCents: 45_000, maxWeightTons: 10, overageMode: 'flat', overagePerTonCents: null }],
    });

    it('uses the material price as the base for up to 7 days, extra_day after', () => {
      expect(priceQuote(catalog(), { size: s, rentalDays: 3, material: priced, promo: null })).toMatchObject({
        pricing: 'material',
        base: 45_000,
        extraDays: 0,
      });
      expect(priceQuote(catalog(), { size: s, rentalDays: 10, material: priced, promo: null })).toMatchObject({
        pricing: 'material',
        base: 45_000,
        extraDays: 3 * 1_500,
      });
    });

    it("falls back to the size's own price when the material price is null", () => {
      const nullPrice = material({
        sizes: [
          { sizeId: s.id, priceCents: null, maxWeightTons: null, overageMode: 'inherit', overagePerTonCents: null },
        ],
      });
      expect(priceQuote(catalog(), { size: s, rentalDays: 9, material: nullPrice, promo: null })).toMatchObject({
        pricing: 'general',
        base: 34_500,
        extraDays: 3_000,
      });
    });

    it("prices 'all' materials without an entry at the general price", () => {
      const all = material({ sizePolicy: 'all', sizes: [] });
      expect(priceQuote(catalog(), { size: s, rentalDays: 9, material: all, promo: null }).pricing).toBe('general');
    });

    it('refuses a listed material in a size that does not accept it, listing the sizes that do', () => {
      const other = size({ id: '00000000-0000-4000-8000-000000000020', key: '20yd', label: '20 Yard', yards: 20 });
      const c = catalog({ sizes: [s, other], materials: [priced] });
      try {
        priceQuote(c, { size: other, rentalDays: 7, material: priced, promo: null });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        // The status is the contract's; the dollars are the presenter's (present/errors.ts).
        expect(ERROR_STATUS[(err as DomainError).code]).toBe(409);
        expect(presentErrorDetails(err as DomainError)).toMatchObject({
          allowed_sizes: [{ id: s.id, label: '10 Yard', yards: 10, price: 450 }],
        });
        expect(err).toMatchObject({
          code: 'material_not_allowed',
          details: {
            material: 'concrete',
            allowed_sizes: [{ id: s.id, label: '10 Yard', yards: 10, price_cents: 45_000 }],
          },
        });
      }
    });

    it('ignores the material for pricing when the company does not price by material', () => {
      const c = catalog({ company: company({ materials: { enabled: false, required: false, note: '' } }) });
      const other = size({ id: '00000000-0000-4000-8000-000000000020' });
      expect(priceQuote(c, { size: other, rentalDays: 9, material: priced, promo: null })).toMatchObject({
        pricing: 'general',
        base: 34_500,
      });
    });
  });
});
