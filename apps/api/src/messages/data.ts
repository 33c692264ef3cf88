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
type Address = { line1: string; line2?: string | null; city?: string | null; state?: string | null; zip: string };

/** An order's stored address as the APIs show it. */
export const orderAddress = (stored: unknown) => {
  const a = stored as Address;
  return { line1: a.line1, city: a.city ?? null, state: a.state ?? null, zip: a.zip };
};
/** A junk job's stored address as the APIs show it (with its second line). */
export const jobAddress = (stored: unknown) => {
  const a = stored as Address;
  return { line1: a.line1, line2: a.line2 ?? null, city: a.city ?? null, state: a.state ?? null, zip: a.zip };
};

/**
 * An order as the Data API shows it: one table, field by field, of how TypeScript reads it from a row
 * (`read`: a single order, the webhooks, the SDK's types) and how PostgreSQL writes it (`sql`: the
 * `orders.list_json` trigger the list pages read, docs/decisions/order-pages.md). `orderListJsonSql()`
 * (data-order-sql.ts) renders the trigger's expression from this table; a unit test fails when the newest
 * migration that defines the trigger says anything else, and test/db/order-shape.test.ts holds the two
 * outputs equal on real rows. A new field is a line here and a new migration (`pnpm run db:order-json`).
 */
const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const cents = (expression: string) => `trim_scale(${expression} / 100.0)`;

export const DATA_ORDER_FIELDS = {
  order_number: { sql: 'NEW.order_number', read: (o: ShownOrder) => o.orderNumber },
  status: { sql: 'NEW.status', read: (o: ShownOrder) => o.status as OrderStatus },
  payment_status: { sql: 'NEW.payment_status', read: (o: ShownOrder) => o.paymentStatus as PaymentStatus },
  delivery_date: { sql: 'NEW.delivery_date', read: (o: ShownOrder) => o.deliveryDate },
  pickup_date: { sql: 'NEW.pickup_date', read: (o: ShownOrder) => o.pickupDate },
  rental_days: { sql: 'NEW.rental_days', read: (o: ShownOrder) => o.rentalDays },
  address: {
    sql: {
      line1: "NEW.address->'line1'",
      city: "NEW.address->'city'",
      state: "NEW.address->'state'",
      zip: "NEW.address->'zip'",
    },
    read: (o: ShownOrder) => orderAddress(o.address),
  },
  size: { sql: 'NEW.size_label', read: (o: ShownOrder) => o.sizeLabel },
  debris_type: {
    sql: 'coalesce(NEW.debris_type, NEW.material_label)',
    read: (o: ShownOrder) => o.debrisType ?? o.materialLabel,
  },
  total_price: { sql: cents('NEW.total_cents'), read: (o: ShownOrder) => dollars(o.totalCents) },
  base_price: {
    sql: cents("(NEW.quote->>'base')::numeric"),
    read: (o: ShownOrder) => dollars((o.quote as QuoteCents).base),
  },
  landfill_cost: {
    sql: cents('NEW.landfill_cost_cents'),
    read: (o: ShownOrder) => (o.landfillCostCents === null ? null : dollars(o.landfillCostCents)),
  },
  net_weight_tons: { sql: 'NEW.net_weight_tons', read: (o: ShownOrder) => o.netWeightTons },
  currency: { sql: 'NEW.currency', read: (o: ShownOrder) => o.currency as 'USD' | 'CAD' },
  customer_ref: { sql: 'NEW.customer_id', read: (o: ShownOrder) => o.customerId },
  created_at: { sql: utc('NEW.created_at'), read: (o: ShownOrder) => o.createdAt.toISOString() },
  completed_at: { sql: utc('NEW.completed_at'), read: (o: ShownOrder) => o.completedAt?.toISOString() ?? null },
} satisfies Record<string, { sql: string | Record<string, string>; read: (order: ShownOrder) => unknown }>;

type DataOrderFields = typeof DATA_ORDER_FIELDS;
export type DataOrder = { [K in keyof DataOrderFields]: ReturnType<DataOrderFields[K]['read']> };

/** An order as the Data API shows it, from a whole row (webhooks) or only the columns it shows (reads). */
export function presentDataOrder(order: ShownOrder): DataOrder {
  const shown: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(DATA_ORDER_FIELDS)) shown[key] = field.read(order);
  return shown as DataOrder;
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
  return {
    job_number: job.jobNumber,
    status: job.status as JunkJobStatus,
    payment_status: job.paymentStatus as PaymentStatus,
    job_date: job.jobDate,
    time_window: { start: job.windowStart, end: job.windowEnd },
    load_fraction: job.loadFraction,
    load_label: job.loadLabel,
    address: jobAddress(job.address),
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
