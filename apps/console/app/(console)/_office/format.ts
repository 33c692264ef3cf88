/** How the office reads amounts and instants: "$445.86", "Nov 23, 3:04 PM". */
export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined) return '—';
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** `out_for_delivery` → "out for delivery". */
export const words = (status: string) => status.replaceAll('_', ' ');

/** A plain date as the office reads it: "Wed, Nov 25" (the date itself, whatever the browser's zone). */
export const day = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
