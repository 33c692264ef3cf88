import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import { dollars } from '../messages/money';

/** The office's lists on the command line (svc orders list, svc jobs list): lines of dollars. */

/** A line of the office's order list (svc orders list). */
export function presentOfficeOrder(order: OrderRow, customerEmail: string) {
  return {
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    size: order.sizeLabel,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    total: dollars(order.totalCents),
    charged: dollars(order.grossTotalCents),
    customer: customerEmail,
    channel: order.bookingChannel,
    session_id: order.sessionId,
    attribution: order.attribution ?? null,
  };
}

/** A line of the office's job list (svc jobs list). */
export function presentOfficeJob(job: JunkJobRow, customerEmail: string, photos: number) {
  const address = job.address as { line1: string; zip: string };
  return {
    job_number: job.jobNumber,
    status: job.status,
    payment_status: job.paymentStatus,
    load: job.loadLabel,
    job_date: job.jobDate,
    window: `${job.windowStart}-${job.windowEnd}`,
    address: `${address.line1}, ${address.zip}`,
    total: dollars(job.totalCents),
    charged: dollars(job.grossTotalCents),
    customer: customerEmail,
    photos,
    channel: job.bookingChannel,
    session_id: job.sessionId,
  };
}
