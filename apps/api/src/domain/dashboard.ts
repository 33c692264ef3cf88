import { addDays, daysBetween } from './dates';

/**
 * The console's dashboard (docs/decisions/office-lists.md): a period's bookings and
 * revenue per day by channel, its totals, its top UTM sources and its estimates, from booking_days rows
 * (one per day, kind, channel and source). Pure: rows and counts in, figures in cents out.
 */

export const BOOKING_CHANNELS = ['link', 'widget', 'api'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
/** The periods the dashboard shows, in days (as a query string carries them). */
export const DASHBOARD_PERIODS = ['30', '90'] as const;
export const TOP_SOURCES = 10;

export type DayRow = {
  day: string;
  kind: 'order' | 'job';
  channel: string;
  source: string;
  bookings: number;
  held: number;
  revenueCents: number;
};

type PerChannel = Record<BookingChannel, number>;
const perChannel = (): PerChannel => ({ link: 0, widget: 0, api: 0 });

export type Figures = {
  from: string;
  to: string;
  days: { date: string; bookings: PerChannel; revenueCents: PerChannel }[];
  totals: {
    bookings: number;
    orders: number;
    jobs: number;
    held: number;
    revenueCents: number;
    averageCents: number | null;
    heldRate: number | null;
  };
  sources: { source: string | null; bookings: number; revenueCents: number }[];
  estimates: { total: number; converted: number; conversionRate: number | null };
};

/** The share a of b, to four places; null when there is nothing to divide. */
const share = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

export function dashboardOf(
  rows: DayRow[],
  from: string,
  to: string,
  estimates: { status: string; n: number }[],
): Figures {
  const days = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => ({
    date: addDays(from, i),
    bookings: perChannel(),
    revenueCents: perChannel(),
  }));
  const totals = { bookings: 0, orders: 0, jobs: 0, held: 0, revenueCents: 0 };
  const sources = new Map<string, { bookings: number; revenueCents: number }>();
  for (const row of rows) {
    const day = days[daysBetween(from, row.day)];
    if (!day) continue;
    const channel = (BOOKING_CHANNELS as readonly string[]).includes(row.channel)
      ? (row.channel as BookingChannel)
      : 'api';
    day.bookings[channel] += row.bookings;
    day.revenueCents[channel] += row.revenueCents;
    totals.bookings += row.bookings;
    totals[row.kind === 'order' ? 'orders' : 'jobs'] += row.bookings;
    totals.held += row.held;
    totals.revenueCents += row.revenueCents;
    const source = sources.get(row.source) ?? { bookings: 0, revenueCents: 0 };
    source.bookings += row.bookings;
    source.revenueCents += row.revenueCents;
    sources.set(row.source, source);
  }
  const top = [...sources]
    .filter(([, s]) => s.bookings > 0)
    .sort(([a, x], [b, y]) => y.bookings - x.bookings || y.revenueCents - x.revenueCents || a.localeCompare(b))
    .slice(0, TOP_SOURCES)
    .map(([source, s]) => ({ source: source || null, ...s }));
  const total = estimates.reduce((sum, e) => sum + e.n, 0);
  const converted = estimates.find((e) => e.status === 'converted')?.n ?? 0;
  return {
    from,
    to,
    days,
    totals: {
      ...totals,
      averageCents: totals.bookings ? Math.round(totals.revenueCents / totals.bookings) : null,
      heldRate: share(totals.held, totals.bookings),
    },
    sources: top,
    estimates: { total, converted, conversionRate: share(converted, total) },
  };
}
