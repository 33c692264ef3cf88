import { toDollars } from '../domain/money';

/** Cents as a dollar amount (the APIs' numbers), or null. */
export const dollars = (cents: number) => toDollars(cents);
export const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));
/** An amount for people to read: "445.86 USD". */
export const amountText = (cents: number, currency: string) => `${toDollars(cents).toFixed(2)} ${currency}`;
