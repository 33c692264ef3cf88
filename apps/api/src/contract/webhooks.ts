import { z } from '@hono/zod-openapi';
import type { BookingEventName } from '../domain/events';
import { PAYMENT_STATUSES } from '../domain/payment-status';
import { Attribution, DateString, Dollars } from './common';

/**
 * The booking webhooks (spec section 6), declared like the operations so the document (its `webhooks`
 * section) and the SDK's typed events come from one place. Body: { event, created_at, data }, signed with
 * X-SVC-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.
 */
const BookingEventData = z
  .object({
    service: z.literal('dumpster'),
    order_number: z.number().int(),
    status: z.string(),
    payment_status: z.enum(PAYMENT_STATUSES),
    delivery_date: DateString,
    pickup_date: DateString,
    total_price: Dollars,
    booking_channel: z.enum(['api', 'link', 'widget']),
    order_id: z.uuid(),
    customer_ref: z.uuid(),
    created_at: z.string().openapi({ format: 'date-time' }),
    material: z.string().nullable(),
    material_label: z.string().nullable(),
    attribution: Attribution.nullable().openapi({
      description: 'utm_* parameters and referrer of the page the booking came from; null when none was sent',
    }),
  })
  .openapi('BookingEventData');

/** The same events for a junk removal job: `service` tells the two apart. Idempotency key: job_number. */
const JunkEventData = z
  .object({
    service: z.literal('junk'),
    job_number: z.number().int(),
    status: z.string().openapi({ description: 'confirmed, or pending_risk_review while held' }),
    payment_status: z.enum(['unpaid', 'paid']),
    job_date: DateString,
    time_window: z.object({ start: z.string(), end: z.string() }),
    load_fraction: z.string(),
    load_label: z.string(),
    total_price: Dollars,
    booking_channel: z.enum(['api', 'link', 'widget']),
    job_id: z.uuid(),
    customer_ref: z.uuid(),
    created_at: z.string().openapi({ format: 'date-time' }),
    attribution: Attribution.nullable(),
  })
  .openapi('JunkEventData');

const EventData = z.union([BookingEventData, JunkEventData]);

const event = <E extends string, D extends z.ZodType>(name: E, data: D) =>
  z
    .object({ event: z.literal(name), created_at: z.string().openapi({ format: 'date-time' }), data })
    .openapi(`Event_${name.replace('.', '_')}`);

/** One schema per event name of domain/events.ts: the type refuses a missing or unknown name. */
export const bookingEvents = {
  'booking.completed': event('booking.completed', EventData),
  'booking.held': event('booking.held', EventData),
  'booking.released': event(
    'booking.released',
    z.union([
      BookingEventData.extend({ previous_status: z.string() }),
      JunkEventData.extend({ previous_status: z.string() }),
    ]),
  ),
  'booking.changed': event(
    'booking.changed',
    z.union([
      BookingEventData.extend({
        change: z
          .object({
            id: z.uuid(),
            kind: z.enum(['extend', 'end_early', 'move_delivery', 'swap']),
            swap_date: DateString.nullable().openapi({ description: "a swap's day; null for the other kinds" }),
            previous_delivery_date: DateString,
            previous_pickup_date: DateString,
            amount: Dollars.openapi({ description: 'what the customer paid for the change (0 when free)' }),
            made_by: z.enum(['customer', 'api', 'office']),
          })
          .openapi('BookingChange'),
      }).openapi({ description: 'an order changed after booking: its new dates are delivery_date and pickup_date' }),
      JunkEventData.extend({
        change: z
          .object({
            id: z.uuid(),
            kind: z.literal('move_window'),
            previous_job_date: DateString,
            previous_time_window: z.object({ start: z.string(), end: z.string() }),
            amount: Dollars.openapi({ description: 'always 0: a move is free' }),
            made_by: z.enum(['customer', 'api', 'office']),
          })
          .openapi('JunkBookingChange'),
      }).openapi({
        description: 'a junk job moved to another day or window: its new ones are job_date and time_window',
      }),
    ]),
  ),
} satisfies Record<BookingEventName, z.ZodType>;

export const bookingWebhooks = Object.entries(bookingEvents).map(([name, schema]) => ({
  method: 'post' as const,
  path: name,
  summary: `${name}, delivered to the company's endpoints`,
  request: { body: { content: { 'application/json': { schema } }, required: true } },
  responses: { 200: { description: 'Any 2xx acknowledges the delivery; anything else is retried' } },
}));
