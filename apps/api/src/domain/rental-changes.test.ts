import { describe, expect, it } from 'vitest';
import { changesOffered, extensionAmounts, linkValid, planChange } from './rental-changes';
import { company, size } from './test-catalog';

const order = { delivery_date: '2030-03-04', pickup_date: '2030-03-11', rental_days: 7, status: 'confirmed' };
const rules = (over: { today?: string; localHour?: number } = {}) => ({
  company: company({ nonWorkingWeekdays: [] }),
  size: size(),
  today: over.today ?? '2030-03-01',
  localHour: over.localHour ?? 9,
});

describe('the price of an extension', () => {
  it.each([
    // extra_day 15.00 a day, tax 8.25%, card fee 2.9% + 0.30 passed on
    [
      { handling: 'customer_pays' as const, percentMilli: 2_900, fixedCents: 30 },
      3,
      { extraDays: 4_500, tax: 371, total: 4_871, processingFee: 171, grossTotal: 5_042 },
    ],
    [
      { handling: 'company_absorbs' as const, percentMilli: 2_900, fixedCents: 30 },
      3,
      { extraDays: 4_500, tax: 371, total: 4_871, processingFee: 0, grossTotal: 4_871 },
    ],
    [
      { handling: 'company_absorbs' as const, percentMilli: 0, fixedCents: 0 },
      30,
      { extraDays: 45_000, tax: 3_713, total: 48_713, processingFee: 0, grossTotal: 48_713 },
    ],
  ])('%o, %i days', (cardFee, days, expected) => {
    expect(extensionAmounts({ cardFee }, size(), days)).toMatchObject({ days, ...expected });
  });

  it('charges no tax when the size has none, and never the fuel fee again', () => {
    const untaxed = size({ tax: { enabled: false, percentMilli: 0 } });
    expect(
      extensionAmounts({ cardFee: { handling: 'company_absorbs', percentMilli: 0, fixedCents: 0 } }, untaxed, 2),
    ).toEqual({
      days: 2,
      extraDays: 3_000,
      fee: 0,
      taxPercentMilli: 0,
      tax: 0,
      total: 3_000,
      processingFee: 0,
      grossTotal: 3_000,
    });
  });
});

describe('planning a change', () => {
  it('extends the pickup by the days asked', () => {
    expect(planChange(order, { kind: 'extend', days: 3 }, rules()).after).toEqual({
      delivery_date: '2030-03-04',
      pickup_date: '2030-03-14',
      rental_days: 10,
    });
  });

  it('refuses every change once the can is back', () => {
    for (const status of ['picked_up', 'completed', 'canceled', 'pending_risk_review']) {
      expect(() => planChange({ ...order, status }, { kind: 'extend', days: 1 }, rules())).toThrow(
        expect.objectContaining({ code: 'change_not_allowed' }),
      );
    }
  });

  it('ends early from tomorrow and before the booked pickup, for free', () => {
    const today = '2030-03-06';
    const plan = planChange(
      { ...order, status: 'delivered' },
      { kind: 'end_early', pickup_date: '2030-03-07' },
      rules({ today }),
    );
    expect(plan.after).toEqual({ delivery_date: '2030-03-04', pickup_date: '2030-03-07', rental_days: 3 });
    expect(plan.amounts.grossTotal).toBe(0);
    for (const pickup_date of ['2030-03-06', '2030-03-11', '2030-03-12']) {
      expect(() => planChange(order, { kind: 'end_early', pickup_date }, rules({ today }))).toThrow(
        expect.objectContaining({ code: 'change_not_allowed', field: 'pickup_date' }),
      );
    }
  });

  it('moves the delivery until the cutoff hour of the day before, keeping the length', () => {
    const plan = planChange(order, { kind: 'move_delivery', delivery_date: '2030-03-08' }, rules());
    expect(plan.after).toEqual({ delivery_date: '2030-03-08', pickup_date: '2030-03-15', rental_days: 7 });
    expect(() =>
      planChange(
        order,
        { kind: 'move_delivery', delivery_date: '2030-03-08' },
        rules({ today: '2030-03-03', localHour: 12 }),
      ),
    ).toThrow(
      expect.objectContaining({ code: 'change_not_allowed', details: { cutoff_date: '2030-03-03', cutoff_hour: 12 } }),
    );
    expect(
      planChange(
        order,
        { kind: 'move_delivery', delivery_date: '2030-03-08' },
        rules({ today: '2030-03-03', localHour: 11 }),
      ).after.delivery_date,
    ).toBe('2030-03-08');
  });

  it('offers what may change now, and keeps links 30 days after the pickup', () => {
    expect(changesOffered({ status: 'confirmed', delivery_date: '2030-03-04' }, '2030-03-01')).toEqual([
      'extend',
      'end_early',
      'move_delivery',
    ]);
    expect(changesOffered({ status: 'delivered', delivery_date: '2030-03-04' }, '2030-03-05')).toEqual([
      'extend',
      'end_early',
    ]);
    expect(changesOffered({ status: 'completed', delivery_date: '2030-03-04' }, '2030-03-20')).toEqual([]);
    expect(linkValid('2030-03-11', '2030-04-10')).toBe(true);
    expect(linkValid('2030-03-11', '2030-04-11')).toBe(false);
  });
});
