/** Formats the office's shapes share (present/orders.ts, jobs.ts, office.ts, bookings.ts). */

type Address = Record<string, string | undefined>;

/** An address on one line, as an office reads it: "12 Main St, Springfield, NY 10001". */
export function addressText(address: unknown): string {
  const a = (address ?? {}) as Address;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine].filter(Boolean).join(', ');
}

/** A processor's id shown with its middle hidden: enough to find it in the processor's dashboard. */
export function maskId(id: string | null | undefined): string | null {
  if (!id) return null;
  if (id.length <= 12) return `${id.slice(0, 3)}…`;
  return `${id.slice(0, 7)}…${id.slice(-4)}`;
}

/** A line of an invoice as the console shows it, in dollars. */
export type InvoiceLine = { label: string; amount: number };
