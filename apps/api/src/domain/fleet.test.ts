import { describe, expect, it } from 'vitest';
import { dateOfDay, dayNumber } from './dates';
import {
  canFits,
  type DayCounts,
  fleetDaysOf,
  freeOn,
  nextDeliveryDay,
  type SizeFleet,
  shortestRental,
  sizeFleetOf,
} from './fleet';

const rental = (from: string, to: string, n: number) => ({ from: dayNumber(from), to: dayNumber(to), n });
/** What fleet_days holds for these rentals: n cans out from each day through the back day, n back that day. */
const countsOf = (rentals: { from: number; to: number; n: number }[]): DayCounts => {
  const byDay = new Map<number, { day: number; out: number; back: number }>();
  const at = (day: number) => byDay.get(day) ?? (byDay.set(day, { day, out: 0, back: 0 }).get(day) as DayCounts[0]);
  for (const r of rentals) {
    for (let d = r.from; d <= r.to; d++) at(d).out += r.n;
    at(r.to).back += r.n;
  }
  return [...byDay.values()];
};
const fleetDays = (f: SizeFleet, rentals: Parameters<typeof countsOf>[0], from: string, to: string) =>
  fleetDaysOf(f, countsOf(rentals), from, to);
const fleet = (over: Partial<SizeFleet> = {}): SizeFleet => ({ cans: 2, turnaroundDays: 1, outOfService: [], ...over });

describe('the fleet as a rule', () => {
  it('a rental holds a can from delivery through pickup plus the turnaround, inclusive', () => {
    const days = fleetDays(fleet(), [rental('2026-12-01', '2026-12-03', 1)], '2026-11-30', '2026-12-06');
    expect(days.out).toEqual([0, 1, 1, 1, 1, 0, 0]);
    expect(freeOn(fleet(), days, '2026-12-04')).toBe(1);
    expect(freeOn(fleet(), days, '2026-12-05')).toBe(2);
  });

  it('cans in repair count on their days; a day never has fewer than zero free', () => {
    const f = fleet({ outOfService: [{ from: '2026-12-02', to: '2026-12-02', cans: 3, note: null }] });
    const days = fleetDays(f, [rental('2026-12-01', '2026-12-03', 1)], '2026-12-01', '2026-12-03');
    expect(days.repair).toEqual([0, 3, 0]);
    expect(freeOn(f, days, '2026-12-02')).toBe(0);
  });

  it('a new rental fits only if every one of its days, turnaround included, has a can', () => {
    const rentals = [rental('2026-12-01', '2026-12-03', 1), rental('2026-12-05', '2026-12-06', 1)];
    const days = fleetDays(fleet(), rentals, '2026-11-28', '2026-12-20');
    // Dec 4 holds the first rental's turnaround: two cans are out on the 5th and 6th only.
    expect(canFits(fleet(), days, '2026-12-02', '2026-12-04')).toBe(true);
    expect(canFits(fleet(), days, '2026-12-04', '2026-12-05')).toBe(true);
    const full = fleetDays(fleet({ cans: 1 }), rentals, '2026-11-28', '2026-12-20');
    expect(canFits(fleet({ cans: 1 }), full, '2026-12-04', '2026-12-04')).toBe(false);
    expect(canFits(fleet({ cans: 1 }), full, '2026-12-08', '2026-12-10')).toBe(true);
  });

  it('the next delivery day skips closed days and days whose rental does not fit', () => {
    const one = fleet({ cans: 1, turnaroundDays: 0 });
    const days = fleetDays(one, [rental('2026-12-01', '2026-12-05', 1)], '2026-12-01', '2026-12-20');
    const open = (d: string) => d !== '2026-12-06';
    expect(nextDeliveryDay(one, days, { from: '2026-12-01', to: '2026-12-10' }, 2, open)).toBe('2026-12-07');
    expect(nextDeliveryDay(one, days, { from: '2026-12-01', to: '2026-12-05' }, 2, open)).toBeNull();
  });

  it('a size is counted only when the config gives it cans; the shortest priced rental', () => {
    const setup = {
      turnaroundDays: 2,
      sizes: [
        { size: '20yd', cans: 3 },
        { size: '30yd', cans: null },
      ],
      outOfService: [{ size: '20yd', from: '2026-12-01', to: '2026-12-02', cans: 1, note: 'floor' }],
    };
    expect(sizeFleetOf(setup, '20yd')).toEqual({
      cans: 3,
      turnaroundDays: 2,
      outOfService: [{ from: '2026-12-01', to: '2026-12-02', cans: 1, note: 'floor' }],
    });
    expect(sizeFleetOf(setup, '30yd')).toBeNull();
    expect(sizeFleetOf(setup, '10yd')).toBeNull();
    expect(sizeFleetOf(null, '20yd')).toBeNull();
    expect(shortestRental({ prices: { d3: null, d7: 100, d10: null, d14: null, d30: 200 } })).toBe(7);
  });

  it('a day counts the cans with customers and those in their turnaround, whatever the range read', () => {
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const start = dayNumber('2026-12-01');
    for (let round = 0; round < 200; round++) {
      const turnaroundDays = rand(4);
      const rentals = Array.from({ length: rand(12) }, () => {
        const from = start + rand(40);
        return { from, to: from + rand(15), n: 1 + rand(3) };
      });
      const first = start + rand(50);
      const last = first + rand(30);
      const days = fleetDaysOf(fleet({ turnaroundDays }), countsOf(rentals), dateOfDay(first), dateOfDay(last));
      const expected = Array.from({ length: last - first + 1 }, (_, i) =>
        rentals.filter((r) => r.from <= first + i && first + i <= r.to + turnaroundDays).reduce((a, r) => a + r.n, 0),
      );
      expect(days.out).toEqual(expected);
    }
  });
});
