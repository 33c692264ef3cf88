/**
 * The customer's words for money and dates. Each formatter is made once: building an Intl formatter costs
 * far more than using one (toLocaleDateString builds a new one on every call), and a page formats a date for
 * every day of its calendar, on the page's server and again in the visitor's phone as the script takes over.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Dollars from the API as the customer reads them: "$1,234.50". */
export function money(amount: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/** "Tue, Dec 1" for a YYYY-MM-DD date (a calendar date: no timezone shifts). */
export function shortDate(date: string): string {
  if (!date) return '';
  return SHORT_DATE.format(new Date(`${date}T12:00:00Z`));
}

/** "Tuesday, December 1, 2026", for screen readers and confirmations. */
export function longDate(date: string): string {
  if (!date) return '';
  return LONG_DATE.format(new Date(`${date}T12:00:00Z`));
}

/** "December 2026" for a YYYY-MM month. */
export function monthName(month: string): string {
  return MONTH.format(new Date(`${month}-01T12:00:00Z`));
}
