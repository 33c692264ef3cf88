import { describe, expect, it } from 'vitest';
import { availability, checkDeliveryDate, checkPickupDate, closedReason } from './calendar';
import { company } from './test-catalog';

// 2026-11-20 is a Friday; Sundays (7) are off; 2026-11-26 is a holiday.
const rules = company({
  minNoticeDays: 2,
  maxAdvanceDays: 30,
  nonWorkingWeekdays: [7],
  closedDates: [{ date: '2026-11-26', kind: 'holiday', reason: 'Thanksgiving' }],
});
const today = '2026-11-20';

describe('calendar', () => {
  it.each([
    ['2026-11-19', 'past'],
    ['2026-11-20', 'past'],
    ['2026-11-21', 'past'], // inside the minimum notice
    ['2026-11-22', 'non_working_day'], // a Sunday, also the first bookable day by notice
    ['2026-11-23', null],
    ['2026-11-26', 'holiday_or_blackout'],
  ])('%s is %s', (date, reason) => {
    expect(closedReason(rules, today, date)).toBe(reason);
  });

  it('lists closed days in a range with min and max dates', () => {
    const a = availability(rules, today, '2026-11-20', '2026-11-30');
    expect(a).toMatchObject({ today, min_date: '2026-11-22', max_date: '2026-12-20', max_days: 30 });
    expect(a.closed).toEqual([
      { date: '2026-11-20', reason: 'past' },
      { date: '2026-11-21', reason: 'past' },
      { date: '2026-11-22', reason: 'non_working_day' },
      { date: '2026-11-26', reason: 'holiday_or_blackout' },
      { date: '2026-11-29', reason: 'non_working_day' },
    ]);
  });

  it.each([
    ['2026-11-19', { ok: false, code: 'date_past' }],
    ['2026-11-21', { ok: false, code: 'date_past', message: 'The earliest delivery date is 2026-11-22.' }],
    ['2026-11-26', { ok: false, code: 'date_closed' }],
    ['2026-11-29', { ok: false, code: 'date_closed' }],
    ['2026-12-21', { ok: false, code: 'date_closed' }], // past the maximum advance
    ['2026-12-19', { ok: true }], // a Saturday, the day before the maximum advance
    ['2026-11-23', { ok: true }],
  ])('checkDeliveryDate(%s)', (date, expected) => {
    expect(checkDeliveryDate(rules, today, date)).toMatchObject(expected);
  });
});

describe('checkPickupDate', () => {
  const rules = {
    nonWorkingWeekdays: [7],
    closedDates: [{ date: '2026-12-25', kind: 'holiday' as const, reason: 'Christmas' }],
    minNoticeDays: 1,
    maxAdvanceDays: 60,
  };
  it.each([
    ['the default pickup', '2026-12-01', 7, undefined, { ok: true, date: '2026-12-08' }],
    ['the same pickup sent', '2026-12-01', 7, '2026-12-08', { ok: true, date: '2026-12-08' }],
    [
      'a year later for one day',
      '2026-12-01',
      1,
      '2027-12-01',
      { ok: false, code: 'invalid_body', expected: '2026-12-02' },
    ],
    ['before delivery', '2026-12-01', 3, '2026-11-30', { ok: false, code: 'invalid_body', expected: '2026-12-04' }],
    ['on a Sunday', '2026-12-01', 5, undefined, { ok: false, code: 'date_closed', expected: '2026-12-06' }],
    ['on a holiday', '2026-12-18', 7, undefined, { ok: false, code: 'date_closed', expected: '2026-12-25' }],
  ])('%s', (_name, delivery, days, requested, result) => {
    expect(checkPickupDate(rules, delivery, days, requested)).toMatchObject(result);
  });
});
