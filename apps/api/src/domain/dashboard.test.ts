import { describe, expect, it } from 'vitest';
import { type DayRow, dashboardOf } from './dashboard';

const row = (day: string, over: Partial<DayRow> = {}): DayRow => ({
  day,
  kind: 'order',
  channel: 'link',
  source: '',
  bookings: 1,
  held: 0,
  revenueCents: 10_000,
  ...over,
});

describe('dashboardOf', () => {
  it('has every day of the period, zeros included, split by channel', () => {
    const f = dashboardOf(
      [row('2030-01-02', { channel: 'widget', bookings: 2, revenueCents: 30_000 }), row('2030-01-02')],
      '2030-01-01',
      '2030-01-03',
      [],
    );
    expect(f.days.map((d) => d.date)).toEqual(['2030-01-01', '2030-01-02', '2030-01-03']);
    expect(f.days[0]?.bookings).toEqual({ link: 0, widget: 0, api: 0 });
    expect(f.days[1]?.bookings).toEqual({ link: 1, widget: 2, api: 0 });
    expect(f.days[1]?.revenueCents).toEqual({ link: 10_000, widget: 30_000, api: 0 });
  });

  it('totals orders and jobs, the average booking and the held rate', () => {
    const f = dashboardOf(
      [
        row('2030-01-01', { bookings: 3, held: 1, revenueCents: 30_001 }),
        row('2030-01-01', { kind: 'job', bookings: 1, revenueCents: 10_000 }),
      ],
      '2030-01-01',
      '2030-01-01',
      [],
    );
    expect(f.totals).toEqual({
      bookings: 4,
      orders: 3,
      jobs: 1,
      held: 1,
      revenueCents: 40_001,
      averageCents: 10_000,
      heldRate: 0.25,
    });
  });

  it('has no average or rate without bookings, and ignores rows outside the period', () => {
    const f = dashboardOf([row('2029-12-31'), row('2030-01-02')], '2030-01-01', '2030-01-01', []);
    expect(f.totals.bookings).toBe(0);
    expect(f.totals.averageCents).toBeNull();
    expect(f.totals.heldRate).toBeNull();
    expect(f.estimates).toEqual({ total: 0, converted: 0, conversionRate: null });
  });

  it('ranks the UTM sources by bookings, then revenue; no source is null', () => {
    const f = dashboardOf(
      [
        row('2030-01-01', { source: 'google', bookings: 2 }),
        row('2030-01-01', { source: 'facebook', bookings: 2, revenueCents: 50_000 }),
        row('2030-01-01', { channel: 'widget', source: 'google', bookings: 1 }),
        row('2030-01-01', { source: '', bookings: 1 }),
      ],
      '2030-01-01',
      '2030-01-01',
      [],
    );
    expect(f.sources).toEqual([
      { source: 'google', bookings: 3, revenueCents: 20_000 },
      { source: 'facebook', bookings: 2, revenueCents: 50_000 },
      { source: null, bookings: 1, revenueCents: 10_000 },
    ]);
  });

  it('counts the estimates and how many became bookings', () => {
    const f = dashboardOf([], '2030-01-01', '2030-01-01', [
      { status: 'open', n: 5 },
      { status: 'converted', n: 2 },
      { status: 'expired', n: 1 },
    ]);
    expect(f.estimates).toEqual({ total: 8, converted: 2, conversionRate: 0.25 });
  });
});
