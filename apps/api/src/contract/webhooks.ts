import { z } from '@hono/zod-openapi';
import type { BookingEventName } from '../domain/events';
import { Attribution, DateString, Dollars } from './common';

/**
 * The booking webhooks (spec section 6), declared like the operations so the document (its `webhooks`
 * section) and the SDK's typed events come from one place. Body: { event, created_at, data }, signed with
 * X-SVC-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.
 */
const BookingEventData = z
  .object({
    order_number: z.number().int(),
    status: z.string(),
    payment_status: z.enum(['unpaid', 'paid', 'refunded', 'no_charge']),
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

const event = <E extends string, D extends z.ZodType>(name: E, data: D) =>
  z
    .object({ event: z.literal(name), created_at: z.string().openapi({ format: 'date-time' }), data })
    .openapi(`Event_${name.replace('.', '_')}`);

/** One schema per event name of domain/events.ts: the type refuses a missing or unknown name. */
export const bookingEvents = {
  'booking.completed': event('booking.completed', BookingEventData),
  'booking.held': event('booking.held', BookingEventData),
  'booking.released': event('booking.released', BookingEventData.extend({ previous_status: z.string() })),
} satisfies Record<BookingEventName, z.ZodType>;

export const bookingWebhooks = Object.entries(bookingEvents).map(([name, schema]) => ({
  method: 'post' as const,
  path: name,
  summary: `${name}, delivered to the company's endpoints`,
  request: { body: { content: { 'application/json': { schema } }, required: true } },
  responses: { 200: { description: 'Any 2xx acknowledges the delivery; anything else is retried' } },
}));
