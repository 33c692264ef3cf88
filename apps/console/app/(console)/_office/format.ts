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
