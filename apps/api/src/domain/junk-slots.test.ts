import { describe, expect, it } from 'vitest';
import { addDays, weekday } from './dates';
import { DomainError } from './errors';
import { checkSlot, junkDay, junkDays } from './junk-slots';
import { junkSetup } from './test-catalog';

// 2026-11-23 is a Monday; 2026-11-29 a Sunday; 2026-12-08 a blackout.
const setup = junkSetup();
const morning = { today: '2026-11-23', time: '09:30' };
const none = () => 0;

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { code: err.code, field: err.field, reason: err.details?.reason };
    throw err;
  }
  return null;
}

describe('a junk day', () => {
  it.each([
    ['yesterday', '2026-11-22', morning, 'past'],
    ['today, same day allowed, before the cutoff', '2026-11-23', morning, null],
    ['today, after the cutoff', '2026-11-23', { ...morning, time: '12:00' }, 'same_day_closed'],
    ['today when same day is not offered', '2026-11-23', morning, 'same_day_closed'],
    ['tomorrow, one day of notice', '2026-11-24', morning, null],
    ['the last day ahead', addDays('2026-11-23', 30), morning, null],
    ['past the last day ahead', addDays('2026-11-23', 31), morning, 'too_far'],
    ['a Sunday', '2026-11-29', morning, 'non_working_day'],
    ['a blackout day', '2026-12-08', morning, 'blackout'],
  ])('%s', (label, date, clock, reason) => {
    const rules = label.includes('not offered') ? junkSetup({ sameDay: { allowed: false, cutoff: '12:00' } }) : setup;
    expect(junkDay(rules, clock, date, none).reason).toBe(reason);
  });

  it('today offers only the windows that have not started', () => {
    expect(junkDay(setup, morning, '2026-11-23', none).windows.map((w) => w.start)).toEqual(['13:00']);
    expect(junkDay(setup, { ...morning, time: '07:59' }, '2026-11-23', none).windows).toHaveLength(2);
  });

  it('a day inside the notice is past, with the earliest day named', () => {
    const rules = junkSetup({ minNoticeDays: 3 });
    expect(junkDay(rules, morning, '2026-11-25', none)).toMatchObject({
      reason: 'past',
      note: 'The earliest day is 2026-11-26.',
    });
  });

  it('a window on a weekday it is not offered is absent; a weekday with no window is closed', () => {
    expect(junkDay(setup, morning, '2026-11-28', none).windows.map((w) => w.start)).toEqual(['08:00']);
    const saturdayOff = junkSetup({ windows: [{ start: '08:00', end: '10:00', capacity: 1, weekdays: [1] }] });
    expect(junkDay(saturdayOff, morning, '2026-11-28', none).reason).toBe('non_working_day');
  });

  it('counts seats: a window with every seat taken shows 0; a day whose windows are all full is closed', () => {
    const taken = (_: string, start: string) => (start === '08:00' ? 2 : 1);
    expect(junkDay(setup, morning, '2026-11-24', taken)).toMatchObject({
      open: true,
      windows: [
        { start: '08:00', remaining: 0 },
        { start: '13:00', remaining: 1 },
      ],
    });
    expect(junkDay(setup, morning, '2026-11-24', () => 5)).toMatchObject({ open: false, reason: 'full' });
  });

  it('lists every day of the range, inclusive', () => {
    const days = junkDays(setup, morning, '2026-11-23', '2026-12-22', none);
    expect(days).toHaveLength(30);
    const closed = days.filter((d) => !d.open);
    expect(closed.filter((d) => weekday(d.date) !== 7)).toMatchObject([{ date: '2026-12-08', reason: 'blackout' }]);
    expect(closed.filter((d) => weekday(d.date) === 7)).toHaveLength(4);
  });
});

describe('checkSlot', () => {
  const slot = (job_date: string, time_window_start = '08:00', time_window_end = '10:00') => ({
    job_date,
    time_window_start,
    time_window_end,
  });

  it.each([
    ['a day that does not exist', slot('2026-02-30'), 'slot_bad_date', 'job_date'],
    ['a past day', slot('2026-11-20'), 'slot_past_date', 'job_date'],
    ['too far', slot('2027-01-31'), 'slot_too_far', 'job_date'],
    ['a Sunday', slot('2026-11-29'), 'slot_non_working_day', 'job_date'],
    ['a blackout', slot('2026-12-08'), 'slot_blackout', 'job_date'],
    ['a window not offered', slot('2026-11-24', '11:00', '13:00'), 'slot_bad_window', 'time_window_start'],
    ['a window with the wrong end', slot('2026-11-24', '08:00', '11:00'), 'slot_bad_window', 'time_window_start'],
    ['the afternoon on a Saturday', slot('2026-11-28', '13:00', '15:00'), 'slot_bad_window', 'time_window_start'],
    ['a morning window that has started today', slot('2026-11-23'), 'slot_bad_window', 'time_window_start'],
  ])('%s: %s', (_, request, code, field) => {
    expect(refusal(() => checkSlot(setup, morning, request))).toMatchObject({ code, field });
  });

  it('after the cutoff, today is slot_same_day_closed', () => {
    expect(
      refusal(() => checkSlot(setup, { ...morning, time: '12:30' }, slot('2026-11-23', '13:00', '15:00'))),
    ).toMatchObject({
      code: 'slot_same_day_closed',
    });
  });

  it('answers the window a good request books', () => {
    expect(checkSlot(setup, morning, slot('2026-11-23', '13:00', '15:00'))).toMatchObject({
      start: '13:00',
      capacity: 2,
    });
  });
});
