import type { Catalog } from '../domain/catalog';
import type { OrderStatus } from '../domain/order-status';
import type { PermitChangeAmounts } from '../domain/permits';
import { type ChangeAmounts, type ChangeKind, madeBy, type RentalDays } from '../domain/rental-changes';
import { bookingReference } from '../lib/booking-reference';
import { jobAddress, orderAddress } from '../messages/data';
import { dollars } from '../messages/money';
import { presentRentalCharge } from './field';

/** The "My booking" page's answers (contract/rental.ts): dollars, snake_case, nothing of other bookings. */

type ChangeShown = {
  id: string;
  /** An order's change (a job's is presentJobChange's). */
  kind: string;
  swapDate: string | null;
  status: 'pending' | 'requires_payment' | 'applied' | 'refused' | 'failed';
  before: unknown;
  after: unknown;
  amounts: unknown;
  currency: string;
  clientSecret: string | null;
  lastError: string | null;
  actor: string;
  createdAt: Date;
  appliedAt: Date | null;
};

const currencyOf = (c: string) => c as 'USD' | 'CAD';

export function presentAmounts(amounts: PermitChangeAmounts<ChangeAmounts>, currency: string) {
  return {
    days: amounts.days,
    extra_days: dollars(amounts.extraDays),
    fee: dollars(amounts.fee ?? 0),
    tax: dollars(amounts.tax),
    total: dollars(amounts.total),
    processing_fee: dollars(amounts.processingFee),
    gross_total: dollars(amounts.grossTotal),
    // Only for an extension past what its street permit's fees cover (docs/decisions/street-permits.md).
    ...(amounts.permitExtensionFee ? { permit_extension_fee: dollars(amounts.permitExtensionFee) } : {}),
    currency: currencyOf(currency),
  };
}

export function presentChangeQuote(quote: {
  kind: ChangeKind;
  before: RentalDays;
  after: RentalDays;
  swapDate?: string;
  amounts: ChangeAmounts;
  currency: string;
}) {
  return {
    kind: quote.kind,
    before: quote.before,
    after: quote.after,
    swap_date: quote.swapDate ?? null,
    amounts: presentAmounts(quote.amounts, quote.currency),
  };
}

export function presentChange(change: ChangeShown) {
  const waiting = change.status === 'requires_payment';
  return {
    id: change.id,
    kind: change.kind as ChangeKind,
    status: change.status,
    before: change.before as RentalDays,
    after: change.after as RentalDays,
    swap_date: change.swapDate,
    amounts: presentAmounts(change.amounts as ChangeAmounts, change.currency),
    client_secret: waiting ? change.clientSecret : null,
    decline_code: waiting ? change.lastError : null,
    made_by: madeBy(change.actor),
    created_at: change.createdAt.toISOString(),
    applied_at: change.appliedAt?.toISOString() ?? null,
  };
}

export function presentRental(
  view: {
    catalog: Catalog;
    order: {
      orderNumber: number;
      status: string;
      sizeLabel: string;
      materialLabel: string | null;
      deliveryDate: string;
      pickupDate: string;
      rentalDays: number;
      address: unknown;
      currency: string;
      savedCard: string | null;
      sessionId: string | null;
    };
    changes: ChangeShown[];
    charges: Parameters<typeof presentRentalCharge>[0][];
    paidCents: number;
    extraDayCents: number;
    swapFeeCents: number | null;
    changesAllowed: ChangeKind[];
    moveCutoff: string | null;
  },
  publishableKey: string,
) {
  const { catalog, order } = view;
  const { company } = catalog;
  return {
    service: 'dumpster' as const,
    reference: order.sessionId ? bookingReference(order.sessionId) : `#${order.orderNumber}`,
    order_number: order.orderNumber,
    company: {
      name: company.name,
      phone: company.contact.phone,
      email: company.contact.email,
      timezone: company.timezone,
    },
    status: order.status as OrderStatus,
    size: order.sizeLabel,
    material: order.materialLabel,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    rental_days: order.rentalDays,
    address: orderAddress(order.address),
    paid: dollars(view.paidCents),
    currency: currencyOf(order.currency),
    extra_day_price: dollars(view.extraDayCents),
    swap_price: view.swapFeeCents === null ? null : dollars(view.swapFeeCents),
    card_saved: order.savedCard !== null,
    processor: { kind: company.processor.kind, publishable_key: publishableKey, account: company.processor.account },
    changes_allowed: view.changesAllowed,
    move_cutoff: view.moveCutoff,
    changes: view.changes.map(presentChange),
    charges: view.charges.map(presentRentalCharge),
  };
}

type JobShown = {
  jobNumber: number;
  status: string;
  loadLabel: string;
  jobDate: string;
  windowStart: string;
  windowEnd: string;
  address: unknown;
  grossTotalCents: number;
  currency: string;
  sessionId: string | null;
};
type Window = { start: string; end: string };

export function presentJobChange(change: {
  id: string;
  before: unknown;
  after: unknown;
  actor: string;
  createdAt: Date;
}) {
  return {
    id: change.id,
    kind: 'move_window' as const,
    status: 'applied' as const,
    before: change.before as { job_date: string; time_window: Window },
    after: change.after as { job_date: string; time_window: Window },
    made_by: madeBy(change.actor),
    created_at: change.createdAt.toISOString(),
  };
}

/** A junk job's My booking page. */
export function presentJobRental(view: {
  catalog: Catalog;
  job: JobShown;
  changes: { id: string; before: unknown; after: unknown; actor: string; createdAt: Date }[];
  photos: number;
  photosRemaining: number;
  photosUntil: Date | null;
  windows: { date: string; windows: (Window & { remaining: number })[] }[];
  moveCutoff: string | null;
}) {
  const { company } = view.catalog;
  const { job } = view;
  return {
    service: 'junk' as const,
    reference: job.sessionId ? bookingReference(job.sessionId) : `#${job.jobNumber}`,
    job_number: job.jobNumber,
    company: {
      name: company.name,
      phone: company.contact.phone,
      email: company.contact.email,
      timezone: company.timezone,
    },
    status: job.status,
    load: job.loadLabel,
    job_date: job.jobDate,
    time_window: { start: job.windowStart, end: job.windowEnd },
    address: jobAddress(job.address),
    photos: view.photos,
    photos_remaining: view.photosRemaining,
    photos_until: view.photosUntil?.toISOString() ?? null,
    paid: dollars(job.grossTotalCents),
    currency: currencyOf(job.currency),
    move_cutoff: view.moveCutoff,
    windows: view.windows.map((d) => ({
      date: d.date,
      windows: d.windows.filter((w) => w.remaining > 0).map(({ start, end, remaining }) => ({ start, end, remaining })),
    })),
    changes: view.changes.map(presentJobChange),
  };
}
