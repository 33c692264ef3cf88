/**
 * The booking webhooks' event names (spec section 6), declared once: the contract's webhook schemas must
 * name each (contract/webhooks.ts), the office subscribes endpoints to them, the use cases emit them.
 */
export const BOOKING_EVENTS = ['booking.completed', 'booking.held', 'booking.released'] as const;
export type BookingEventName = (typeof BOOKING_EVENTS)[number];
