/**
 * Money is integer cents inside; percentages are integer thousandths of a percent ("milli-percent",
 * 8.875% = 8875) so that every computation stays in integers. Dollars appear only at the API edge.
 */

/** n / d rounded half up, for non-negative integers. */
export function divRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/** amount × percent, rounded half up to the cent. */
export function percentOf(amountCents: number, percentMilli: number): number {
  return divRoundHalfUp(amountCents * percentMilli, 100_000);
}

/** Cents to the dollars number the API shows (1234 -> 12.34). */
export function toDollars(cents: number): number {
  return cents / 100;
}

/** Dollars from a config file to cents, refusing fractions of a cent (12.345). */
export function toCents(dollars: number): number {
  const cents = Math.round(dollars * 100);
  if (Math.abs(cents - dollars * 100) > 1e-6) throw new RangeError(`${dollars} has fractions of a cent`);
  return cents;
}

export function toPercentMilli(percent: number): number {
  return Math.round(percent * 1000);
}

export function fromPercentMilli(milli: number): number {
  return milli / 1000;
}
