import type { BookingLine } from '../db/repositories/bookings';
import type { Figures } from '../domain/dashboard';
import { dollars } from '../messages/money';
import type { CsvColumns } from './csv';
import { addressText } from './format';

/** The office's lists, their CSV columns and the dashboard (contract/console/bookings.ts). */

type OrderLine = BookingLine<'order'>;
type JobLine = BookingLine<'job'>;

const common = ({ booking: b, customer }: OrderLine | JobLine) => ({
  status: b.status,
  payment_status: b.paymentStatus as 'unpaid' | 'paid' | 'refunded' | 'no_charge',
  booked_at: b.createdAt.toISOString(),
  customer,
  address: addressText(b.address),
  booking_channel: b.bookingChannel,
  gross_total: dollars(b.grossTotalCents),
  currency: b.currency,
});

export const presentOrderLine = (line: OrderLine) => ({
  order_number: line.booking.orderNumber,
  delivery_date: line.booking.deliveryDate,
  pickup_date: line.booking.pickupDate,
  size: line.booking.sizeLabel,
  ...common(line),
});

export const presentJobLine = (line: JobLine) => ({
  job_number: line.booking.jobNumber,
  job_date: line.booking.jobDate,
  window: `${line.booking.windowStart}-${line.booking.windowEnd}`,
  load: line.booking.loadLabel,
  ...common(line),
});

type Address = { line1?: string; line2?: string | null; city?: string | null; state?: string | null; zip?: string };
const address = (line: OrderLine | JobLine) => line.booking.address as Address;

/** What an accountant expects of a booking, before and after the columns of its kind. */
const before: CsvColumns<OrderLine | JobLine> = [
  ['booked_on', (l) => l.booking.createdAt.toISOString().slice(0, 10)],
  ['status', (l) => l.booking.status],
  ['customer_name', (l) => l.customer.name],
  ['customer_email', (l) => l.customer.email],
  ['customer_phone', (l) => l.customer.phone],
  ['street', (l) => [address(l).line1, address(l).line2].filter(Boolean).join(', ')],
  ['city', (l) => address(l).city ?? null],
  ['state', (l) => address(l).state ?? null],
  ['zip', (l) => address(l).zip ?? null],
];
const after: CsvColumns<OrderLine | JobLine> = [
  ['total', (l) => dollars(l.booking.totalCents)],
  ['card_fee', (l) => dollars(l.booking.processingFeeCents)],
  ['gross_total', (l) => dollars(l.booking.grossTotalCents)],
  ['currency', (l) => l.booking.currency],
  ['payment_status', (l) => l.booking.paymentStatus],
  ['channel', (l) => l.booking.bookingChannel],
  ['utm_source', (l) => l.booking.attribution?.utm_source ?? null],
  ['promo_code', (l) => l.booking.promoCode],
];

export const ORDER_CSV: CsvColumns<OrderLine> = [
  ['order_number', (l) => l.booking.orderNumber],
  ...before,
  ['delivery_date', (l) => l.booking.deliveryDate],
  ['pickup_date', (l) => l.booking.pickupDate],
  ['size', (l) => l.booking.sizeLabel],
  ['rental_days', (l) => l.booking.rentalDays],
  ...after,
];

export const JOB_CSV: CsvColumns<JobLine> = [
  ['job_number', (l) => l.booking.jobNumber],
  ...before,
  ['job_date', (l) => l.booking.jobDate],
  ['window', (l) => `${l.booking.windowStart}-${l.booking.windowEnd}`],
  ['load', (l) => l.booking.loadLabel],
  ...after,
];

const channelDollars = (c: Record<'link' | 'widget' | 'api', number>) => ({
  link: dollars(c.link),
  widget: dollars(c.widget),
  api: dollars(c.api),
});

/** The field's day on the dashboard (db/repositories/field.ts fieldDay). */
type FieldDay = { date: string; tickets: number; tons: number; chargedCents: number; waitingCents: number };

export function presentDashboard(f: Figures & { currency: string; field: FieldDay }) {
  return {
    from: f.from,
    to: f.to,
    currency: f.currency,
    days: f.days.map((d) => ({ date: d.date, bookings: d.bookings, revenue: channelDollars(d.revenueCents) })),
    totals: {
      bookings: f.totals.bookings,
      orders: f.totals.orders,
      jobs: f.totals.jobs,
      held: f.totals.held,
      revenue: dollars(f.totals.revenueCents),
      average_booking: f.totals.averageCents === null ? null : dollars(f.totals.averageCents),
      held_rate: f.totals.heldRate,
    },
    sources: f.sources.map((s) => ({ source: s.source, bookings: s.bookings, revenue: dollars(s.revenueCents) })),
    estimates: {
      total: f.estimates.total,
      converted: f.estimates.converted,
      conversion_rate: f.estimates.conversionRate,
    },
    field: {
      date: f.field.date,
      tickets: f.field.tickets,
      tons: f.field.tons,
      overage_charged: dollars(f.field.chargedCents),
      overage_waiting: dollars(f.field.waitingCents),
    },
  };
}
