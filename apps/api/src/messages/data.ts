import type { JunkJobRow } from '../db/repositories/junk';
import type { LeadRow } from '../db/repositories/leads';
import type { ShownOrder } from '../db/repositories/order-lists';
import type { JunkJobStatus } from '../domain/job-status';
import type { OrderStatus } from '../domain/order-status';
import type { PaymentStatus } from '../domain/payment-status';
import type { QuoteCents } from '../domain/pricing';
import { dollars } from './money';

/**
 * The Data API's shapes (data spec section 2) and its webhooks' data: dollars, snake_case, and nothing
 * the spec hides (internal ids, tracking tokens, profit, GPS, risk review state, demo data).
 */
type Address = { line1: string; line2?: string | null; city: string | null; state: string | null; zip: string };

/** An order as the Data API shows it, from a whole row (webhooks) or only the columns it shows (reads). */
export function presentDataOrder(order: ShownOrder) {
  const address = order.address as Address;
  const quote = order.quote as QuoteCents;
  return {
    order_number: order.orderNumber,
    status: order.status as OrderStatus,
    payment_status: order.paymentStatus as PaymentStatus,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    rental_days: order.rentalDays,
    address: { line1: address.line1, city: address.city ?? null, state: address.state ?? null, zip: address.zip },
    size: order.sizeLabel,
    debris_type: order.debrisType ?? order.materialLabel,
    total_price: dollars(order.totalCents),
    base_price: dollars(quote.base),
    landfill_cost: order.landfillCostCents === null ? null : dollars(order.landfillCostCents),
    net_weight_tons: order.netWeightTons,
    currency: order.currency as 'USD' | 'CAD',
    customer_ref: order.customerId,
    created_at: order.createdAt.toISOString(),
    completed_at: order.completedAt?.toISOString() ?? null,
  };
}

export function presentLead(lead: LeadRow) {
  return {
    id: lead.id,
    status: lead.status,
    name: lead.name,
    // Digits with a leading + kept (data spec section 2); the office's console shows it as it was typed.
    phone: lead.phoneNormalized,
    phone_normalized: lead.phoneNormalized,
    email: lead.email,
    address: lead.address,
    size_label: lead.sizeLabel,
    note: lead.note,
    source: lead.source,
    customer_ref: lead.customerId,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}

export function presentDataJunkJob(job: JunkJobRow, photos: number) {
  const address = job.address as Address;
  return {
    job_number: job.jobNumber,
    status: job.status as JunkJobStatus,
    payment_status: job.paymentStatus as PaymentStatus,
    job_date: job.jobDate,
    time_window: { start: job.windowStart, end: job.windowEnd },
    load_fraction: job.loadFraction,
    load_label: job.loadLabel,
    address: {
      line1: address.line1,
      line2: address.line2 ?? null,
      city: address.city ?? null,
      state: address.state ?? null,
      zip: address.zip,
    },
    notes: job.notes,
    photos,
    total_price: dollars(job.totalCents),
    currency: job.currency as 'USD' | 'CAD',
    booking_channel: job.bookingChannel as 'api' | 'link' | 'widget',
    customer_ref: job.customerId,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}
