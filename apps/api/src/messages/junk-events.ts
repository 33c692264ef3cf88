import type { JunkJobRow } from '../db/repositories/junk';
import { dollars } from './money';

/** The data of booking.completed, booking.held and booking.released for a junk job. */
export function presentJunkEvent(job: JunkJobRow) {
  return {
    service: 'junk' as const,
    job_number: job.jobNumber,
    status: job.status,
    payment_status: job.paymentStatus as 'unpaid' | 'paid',
    job_date: job.jobDate,
    time_window: { start: job.windowStart, end: job.windowEnd },
    load_fraction: job.loadFraction,
    load_label: job.loadLabel,
    total_price: dollars(job.totalCents),
    booking_channel: job.bookingChannel as 'api' | 'link' | 'widget',
    job_id: job.id,
    customer_ref: job.customerId,
    created_at: job.createdAt.toISOString(),
    attribution: job.attribution ?? null,
  };
}
