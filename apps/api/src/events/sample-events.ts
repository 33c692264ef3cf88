import type { BookingEventName, DataEventName } from '../domain/events';

/**
 * The `data` of a test event (the console's "send test event", as dub's send-test): one sample per event
 * name, shaped as the real event (sample-events.test.ts checks each against the contract's webhook schema),
 * with ids no real record has, so a receiver can tell a test from a booking. Dates are filled in when sent.
 */
const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const CUSTOMER = '00000000-0000-4000-8000-000000000001';

type Sample = (at: { today: string; later: string; now: string }) => Record<string, unknown>;

// A new order or job's events are written with it, before its card is captured: unpaid, as the real ones
// (webhooks.test.ts and data-webhooks.test.ts compare them); a release captures first, so it is paid.
const dumpsterOrder: Sample = ({ today, later, now }) => ({
  service: 'dumpster',
  order_number: 0,
  status: 'confirmed',
  payment_status: 'unpaid',
  delivery_date: today,
  pickup_date: later,
  total_price: 395,
  booking_channel: 'widget',
  order_id: ZERO_ID,
  customer_ref: CUSTOMER,
  created_at: now,
  material: null,
  material_label: null,
  attribution: { utm_source: 'test' },
});

const dataOrder: Sample = ({ today, later, now }) => ({
  order_number: 0,
  status: 'confirmed',
  payment_status: 'unpaid',
  delivery_date: today,
  pickup_date: later,
  rental_days: 7,
  address: { line1: '1 Test Street', city: 'Springfield', state: 'IL', zip: '62701' },
  size: '20 Yard',
  debris_type: null,
  total_price: 395,
  base_price: 395,
  landfill_cost: null,
  net_weight_tons: null,
  currency: 'USD',
  customer_ref: CUSTOMER,
  created_at: now,
  completed_at: null,
});

const dataJob: Sample = ({ today, now }) => ({
  job_number: 0,
  status: 'confirmed',
  payment_status: 'unpaid',
  job_date: today,
  time_window: { start: '08:00', end: '12:00' },
  load_fraction: '1/2',
  load_label: 'Half truck',
  address: { line1: '1 Test Street', line2: null, city: 'Springfield', state: 'IL', zip: '62701' },
  notes: 'A test event: no such job.',
  photos: 0,
  total_price: 299,
  currency: 'USD',
  booking_channel: 'widget',
  customer_ref: CUSTOMER,
  created_at: now,
  updated_at: now,
});

export const SAMPLE_EVENTS: Record<BookingEventName | DataEventName, Sample> = {
  'booking.completed': dumpsterOrder,
  'booking.held': (at) => ({ ...dumpsterOrder(at), status: 'pending_risk_review' }),
  'booking.released': (at) => ({
    ...dumpsterOrder(at),
    payment_status: 'paid',
    previous_status: 'pending_risk_review',
  }),
  'booking.changed': (at) => ({
    ...dumpsterOrder(at),
    payment_status: 'paid',
    change: {
      id: ZERO_ID,
      kind: 'extend',
      swap_date: null,
      previous_delivery_date: at.today,
      previous_pickup_date: at.today,
      amount: 45,
      made_by: 'customer',
    },
  }),
  'order.created': dataOrder,
  'order.status_changed': (at) => ({
    ...dataOrder(at),
    payment_status: 'paid',
    status: 'scheduled',
    previous_status: 'confirmed',
  }),
  'payment.received': ({ now }) => ({
    service: 'dumpster',
    order_number: 0,
    job_number: null,
    amount: 395,
    currency: 'USD',
    customer_ref: CUSTOMER,
    received_at: now,
  }),
  'lead.created': ({ now }) => ({
    id: ZERO_ID,
    status: 'new',
    name: 'Test Lead',
    phone: '+1 212 555 0100',
    phone_normalized: '+12125550100',
    email: 'test@example.com',
    address: null,
    size_label: '20 Yard',
    note: 'A test event: no such lead.',
    source: 'api',
    customer_ref: null,
    created_at: now,
    updated_at: now,
  }),
  'junk_job.created': dataJob,
  'junk_job.status_changed': (at) => ({
    ...dataJob(at),
    payment_status: 'paid',
    status: 'scheduled',
    previous_status: 'confirmed',
  }),
};

/** A test event's data for `event`, dated around `now`. */
export function sampleEvent(event: BookingEventName | DataEventName, now: Date): Record<string, unknown> {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return SAMPLE_EVENTS[event]({ today: day(1), later: day(8), now: now.toISOString() });
}
