// Compiled by `tsc --noEmit` (the typecheck step): each @ts-expect-error must be an error, or tsc fails.
import {
  type BookingEvent,
  createBookingClient,
  createDataClient,
  type DataEvent,
  type ErrorCode,
  type LeadPushResult,
  type Order,
  type Page,
  type SvcApiError,
  verifyDataWebhook,
  verifyWebhook,
} from '../src/index';

const svc = createBookingClient({ baseUrl: 'https://book.example.com', apiKey: 'svc_sk_booking_x' });

// @ts-expect-error: rental_day is not a field of a quote request (rental_days is)
void svc.quote({ size_id: 'f4a7…', rental_day: 9 });

// @ts-expect-error: rental_days is a number
void svc.quote({ size_id: 'f4a7…', rental_days: '9' });

void svc.quote({ size_id: 'f4a7…', rental_days: 9, promo_code: 'WELCOME10' });

export function describe(err: SvcApiError): string {
  switch (err.code) {
    case 'material_not_allowed':
      return 'pick another size';
    case 'rate_limited':
      return `wait ${err.retryAfter} s`;
    // @ts-expect-error: not an error code of the API
    case 'material_forbidden':
      return 'never';
    default:
      return err.message;
  }
}

// @ts-expect-error: error codes are a closed union
export const unknownCode: ErrorCode = 'teapot';

export function onEvent(event: BookingEvent): number {
  if (event.event === 'booking.released') return event.data.previous_status.length;
  // @ts-expect-error: only booking.released carries previous_status
  return event.data.previous_status;
}

// The Data API client.
const data = createDataClient({ baseUrl: 'https://book.example.com', apiKey: 'svc_live_x' });

// @ts-expect-error: not an order status
void data.orders.list({ status: 'shipped' });

// @ts-expect-error: order numbers are numbers
void data.orders.get('1001');

export async function dataReads(): Promise<number> {
  const page: Page<Order> = await data.orders.list({ status: 'completed', from: '2026-01-01', per_page: 100 });
  const more: boolean = page.has_more;
  let total = more ? 0 : page.data.length;
  for await (const order of data.orders.list({ status: 'completed' })) {
    total += order.total_price;
    // @ts-expect-error: hidden fields never leave the server
    total += order.profit;
  }
  for await (const job of data.junkJobs.list()) total += job.job_number;
  for await (const size of data.sizes.list({ active: 'true' })) total += size.price_from ?? 0;
  for await (const customer of data.customers.list({ q: 'pat' })) total += customer.orders_count;
  total += (await data.customers.get((await data.orders.get(1001)).customer_ref)).jobs_count;
  // @ts-expect-error: not an estimate status
  for await (const estimate of data.estimates.list({ status: 'won' })) total += estimate.total_price;
  // @ts-expect-error: job numbers are numbers
  void data.junkJobs.get('2001');
  for await (const lead of data.leads.list()) total += lead.name.length;
  return total;
}

// @ts-expect-error: only name is required, and it is
void data.leads.create({ phone: '+1 512 555 0142' });

export async function pushLead(): Promise<string> {
  const pushed: LeadPushResult = await data.leads.create({ name: 'Sam' }, { idempotencyKey: 'form-1234' });
  const existing: boolean = pushed.existing;
  // @ts-expect-error: existing is beside the lead, not in it
  void pushed.lead.existing;
  return existing ? pushed.lead.id : pushed.lead.status;
}

// @ts-expect-error: read-only, from the last read's X-SVC-Window-Remaining
data.windowRemaining = 600;
export const windowLeft: number | undefined = data.windowRemaining;

export function planLimit(err: SvcApiError): string | undefined {
  switch (err.code) {
    case 'daily_window_ended':
    case 'lead_quota_exceeded':
      return err.upgradeUrl;
    default:
      return undefined;
  }
}

export async function onDataEvent(raw: string, header: string): Promise<string> {
  const event: DataEvent = await verifyDataWebhook(raw, header, 'svc_wh_x');
  switch (event.event) {
    case 'order.status_changed':
      return `${event.data.previous_status} → ${event.data.status}`;
    case 'payment.received':
      return `${event.data.amount} ${event.data.currency}`;
    case 'lead.created':
      // @ts-expect-error: a lead has no previous status
      return event.data.previous_status;
    default:
      return event.event;
  }
}

// verifyWebhook still answers booking events: existing receivers compile as they did.
export async function onBookingEvent(raw: string, header: string): Promise<BookingEvent> {
  const event = await verifyWebhook(raw, header, 'svc_wh_x');
  // @ts-expect-error: a data event name is not a booking event's
  if (event.event === 'order.created') return event;
  return event;
}
