import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addDays, dateOfDay, dayNumber, daysBetween, weekday } from './dates';

// The integer day arithmetic of dates.ts answers exactly as Temporal does, across month ends, leap days,
// centuries and the years the platform will see.
describe('plain dates as day numbers', () => {
  const samples = ['1999-12-31', '2000-02-28', '2000-02-29', '2024-02-29', '2026-03-08', '2026-11-01', '2026-12-31'];
  const steps = [-400, -366, -31, -1, 0, 1, 2, 28, 29, 30, 31, 59, 60, 365, 366, 1000];

  it('adds days, counts days between and names the weekday as Temporal does', () => {
    for (const date of samples) {
      const plain = Temporal.PlainDate.from(date);
      expect(weekday(date)).toBe(plain.dayOfWeek);
      expect(dateOfDay(dayNumber(date))).toBe(date);
      for (const n of steps) {
        const later = plain.add({ days: n }).toString();
        expect(addDays(date, n)).toBe(later);
        expect(daysBetween(date, later)).toBe(n);
      }
    }
  });

  it('walks ten years day by day without drifting', () => {
    let date = '2020-01-01';
    let plain = Temporal.PlainDate.from(date);
    for (let i = 0; i < 3653; i++) {
      expect(date).toBe(plain.toString());
      expect(weekday(date)).toBe(plain.dayOfWeek);
      date = addDays(date, 1);
      plain = plain.add({ days: 1 });
    }
  });
});
