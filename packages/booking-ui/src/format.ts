/** Dollars from the API as the customer reads them: "$1,234.50". */
export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/** "Tue, Dec 1" for a YYYY-MM-DD date (a calendar date: no timezone shifts). */
export function shortDate(date: string): string {
  if (!date) return '';
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Tuesday, December 1, 2026", for screen readers and confirmations. */
export function longDate(date: string): string {
  if (!date) return '';
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
