// Compiled by `tsc --noEmit` (the typecheck step): each @ts-expect-error must be an error, or tsc fails.
import { type BookingEvent, createBookingClient, type ErrorCode, type SvcApiError } from '../src/index';

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
