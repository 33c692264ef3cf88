import { describe, expect, it } from 'vitest';
import { longDate, money, monthName, shortDate } from './format';

describe('the customer words for money and dates', () => {
  it('writes dollars with cents and thousands, per currency', () => {
    expect(money(1234.5, 'USD')).toBe('$1,234.50');
    expect(money(0, 'USD')).toBe('$0.00');
    expect(money(99.99, 'CAD')).toBe('CA$99.99');
    expect(money(5, 'USD')).toBe('$5.00'); // the cached USD format, asked again
  });

  it('writes a calendar date the same in every timezone, as toLocaleDateString did', () => {
    expect(shortDate('2026-12-01')).toBe('Tue, Dec 1');
    expect(longDate('2026-12-01')).toBe('Tuesday, December 1, 2026');
    expect(monthName('2026-12')).toBe('December 2026');
    for (const date of ['2026-01-01', '2026-03-08', '2026-11-01', '2026-12-31', '2027-02-28']) {
      const at = new Date(`${date}T12:00:00Z`);
      expect(shortDate(date)).toBe(
        at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      );
      expect(longDate(date)).toBe(
        at.toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
  });

  it('writes nothing for no date', () => {
    expect(shortDate('')).toBe('');
    expect(longDate('')).toBe('');
  });
});
