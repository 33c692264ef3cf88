/**
 * Webhook event names, declared once: the contract's webhook schemas must name each
 * (contract/webhooks.ts, contract/data/webhooks.ts), the office subscribes endpoints to them, the use cases
 * emit them. The Booking API's (its spec section 6) and the Data API's (data spec section 6) are separate
 * lists: an endpoint belongs to one API and takes only that API's events.
 */
export const BOOKING_EVENTS = ['booking.completed', 'booking.held', 'booking.released', 'booking.changed'] as const;
export type BookingEventName = (typeof BOOKING_EVENTS)[number];

export const DATA_EVENTS = [
  'order.created',
  'order.status_changed',
  'payment.received',
  'lead.created',
  'junk_job.created',
  'junk_job.status_changed',
] as const;
export type DataEventName = (typeof DATA_EVENTS)[number];
