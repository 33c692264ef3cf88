import { describe, expect, it } from 'vitest';
import { divRoundHalfUp, percentOf, toCents, toDollars, toPercentMilli } from './money';

describe('money', () => {
  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [1, 3, 0],
    [2, 3, 1],
    [15, 10, 2],
    [14, 10, 1],
  ])('divRoundHalfUp(%i, %i) = %i', (n, d, expected) => {
    expect(divRoundHalfUp(n, d)).toBe(expected);
  });

  it('takes a percent of cents, rounding half up', () => {
    expect(percentOf(10_000, 8250)).toBe(825); // 8.25% of $100
    expect(percentOf(1_050, 5000)).toBe(53); // 5% of $10.50 = 52.5 cents -> 53
    expect(percentOf(1_030, 5000)).toBe(52); // 51.5 -> 52
    expect(percentOf(1_010, 5000)).toBe(51); // 50.5 -> 51
    expect(percentOf(999, 0)).toBe(0);
  });

  it('converts at the edge', () => {
    expect(toDollars(1234)).toBe(12.34);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.3)).toBe(30);
    expect(() => toCents(1.234)).toThrow(RangeError);
    expect(toPercentMilli(8.875)).toBe(8875);
  });
});
