import type { EstimateRow } from '../db/repositories/estimates';
import { TIERS } from '../domain/catalog';
import { fromPercentMilli } from '../domain/money';
import { dollars, dollarsOrNull } from '../messages/money';
import type { ShownCustomer } from '../use-cases/data/customers';
import type { ShownSize } from '../use-cases/data/sizes';

/**
 * The Data API's customers, estimates and sizes (docs/decisions/data-api-lists.md): dollars,
 * snake_case, and nothing the spec hides. An estimate never shows the session's payment, its client
 * secret, its errors, the placement's GPS coordinates or the page's attribution.
 */
export function presentDataCustomer({ customer, bookings }: ShownCustomer) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    type: customer.type,
    company_name: customer.companyName,
    orders_count: bookings.orders,
    jobs_count: bookings.jobs,
    first_booking_at: bookings.first?.toISOString() ?? null,
    last_booking_at: bookings.last?.toISOString() ?? null,
    created_at: customer.createdAt.toISOString(),
    updated_at: customer.updatedAt.toISOString(),
  };
}

export function presentDataSize({ size, fleet }: ShownSize, currency: 'USD' | 'CAD') {
  const prices = {
    d3: size.priceD3Cents,
    d7: size.priceD7Cents,
    d10: size.priceD10Cents,
    d14: size.priceD14Cents,
    d30: size.priceD30Cents,
  };
  const defined = TIERS.map(([key]) => prices[key]).filter((p): p is number => p !== null);
  return {
    id: size.id,
    key: size.key,
    label: size.label,
    yards: size.yards,
    description: size.description,
    image_url: size.imageUrl,
    active: size.active,
    currency,
    price_from: defined.length ? dollars(Math.min(...defined)) : null,
    included_tons: size.includedTons,
    overage_per_ton: dollarsOrNull(size.overagePerTonCents),
    prices: {
      d3: dollarsOrNull(prices.d3),
      d7: dollarsOrNull(prices.d7),
      d10: dollarsOrNull(prices.d10),
      d14: dollarsOrNull(prices.d14),
      d30: dollarsOrNull(prices.d30),
      extra_day: dollars(size.extraDayCents),
    },
    tax: { enabled: size.taxEnabled, percent: fromPercentMilli(size.taxPercentMilli) },
    fuel_environmental_fee: { enabled: size.fuelFeeEnabled, amount: dollars(size.fuelFeeCents) },
    is_default: size.isDefault,
    is_popular: size.isPopular,
    sort_order: size.sortOrder,
    fleet: fleet && { cans: fleet.cans, out_today: fleet.outToday, in_repair_today: fleet.inRepairToday },
    created_at: size.createdAt.toISOString(),
  };
}

/** What an estimate reads of a session's frozen booking (the dumpster and junk create-intent use cases write it). */
type Contact = {
  name: string;
  email: string;
  phone: string;
  type?: 'residential' | 'contractor';
  company_name?: string;
};
type Price = { base: number; promoDiscount: number; total: number; processingFee: number; grossTotal: number };
type FrozenDumpster = {
  request: {
    size_id: string;
    rental_days: number;
    delivery_date: string;
    pickup_date: string;
    delivery_address: string;
    delivery_city?: string;
    delivery_state?: string;
    delivery_zip: string;
    debris_type?: string;
    customer: Contact;
  };
  quote: Price;
  sizeLabel: string;
  material: { label: string } | null;
  promoCode: string | null;
};
type FrozenJunk = {
  request: {
    address_line1: string;
    address_line2?: string;
    city?: string;
    state?: string;
    zip: string;
    notes?: string;
    customer: Contact;
  };
  quote: Price;
  load: { fraction: string; label: string };
  window: { date: string; start: string; end: string };
  promoCode: string | null;
};

export function presentEstimate({ session, status, customerRef }: EstimateRow) {
  const frozen = session.request as FrozenDumpster | FrozenJunk;
  const contact = frozen.request.customer;
  const common = {
    id: session.sessionId,
    kind: session.kind,
    status,
    customer: {
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      type: contact.type ?? ('residential' as const),
      company_name: contact.company_name ?? null,
    },
    customer_ref: customerRef,
  };
  const money = {
    total_price: dollars(frozen.quote.total),
    base_price: dollars(frozen.quote.base),
    discount: dollars(frozen.quote.promoDiscount),
    promo_code: frozen.promoCode,
    processing_fee: dollars(frozen.quote.processingFee),
    gross_total: dollars(frozen.quote.grossTotal),
    currency: session.currency as 'USD' | 'CAD',
    booking_channel: session.bookingChannel,
    created_at: session.createdAt.toISOString(),
  };
  if (session.kind === 'junk') {
    const junk = frozen as FrozenJunk;
    const r = junk.request;
    return {
      ...common,
      requested_date: junk.window.date,
      address: {
        line1: r.address_line1,
        line2: r.address_line2 ?? null,
        city: r.city ?? null,
        state: r.state ?? null,
        zip: r.zip,
      },
      dumpster: null,
      junk: {
        load_fraction: junk.load.fraction,
        load_label: junk.load.label,
        job_date: junk.window.date,
        time_window: { start: junk.window.start, end: junk.window.end },
        notes: r.notes ?? null,
      },
      ...money,
    };
  }
  const dumpster = frozen as FrozenDumpster;
  const r = dumpster.request;
  return {
    ...common,
    requested_date: r.delivery_date,
    address: {
      line1: r.delivery_address,
      line2: null,
      city: r.delivery_city ?? null,
      state: r.delivery_state ?? null,
      zip: r.delivery_zip,
    },
    dumpster: {
      size: dumpster.sizeLabel,
      size_ref: r.size_id,
      rental_days: r.rental_days,
      delivery_date: r.delivery_date,
      pickup_date: r.pickup_date,
      debris_type: r.debris_type ?? dumpster.material?.label ?? null,
    },
    junk: null,
    ...money,
  };
}
