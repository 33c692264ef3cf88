import type { Catalog } from '../domain/catalog';
import type { OrderStatus } from '../domain/order-status';
import type { ChangeAmounts, ChangeKind, RentalDays } from '../domain/rental-changes';
import { bookingReference } from '../lib/booking-reference';
import { dollars } from '../messages/money';

/** The "My booking" page's answers (contract/rental.ts): dollars, snake_case, nothing of other bookings. */

type ChangeShown = {
  id: string;
  kind: ChangeKind;
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

export function presentAmounts(amounts: ChangeAmounts, currency: string) {
  return {
    days: amounts.days,
    extra_days: dollars(amounts.extraDays),
    fee: dollars(amounts.fee ?? 0),
    tax: dollars(amounts.tax),
    total: dollars(amounts.total),
    processing_fee: dollars(amounts.processingFee),
    gross_total: dollars(amounts.grossTotal),
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
    kind: change.kind,
    status: change.status,
    before: change.before as RentalDays,
    after: change.after as RentalDays,
    swap_date: change.swapDate,
    amounts: presentAmounts(change.amounts as ChangeAmounts, change.currency),
    client_secret: waiting ? change.clientSecret : null,
    decline_code: waiting ? change.lastError : null,
    made_by: change.actor.startsWith('office:') ? ('office' as const) : (change.actor as 'customer' | 'api'),
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
  const address = order.address as { line1: string; city?: string | null; state?: string | null; zip: string };
  return {
    reference: order.sessionId ? bookingReference(order.sessionId) : `#${order.orderNumber}`,
    order_number: order.orderNumber,
    company: { name: company.name, phone: company.contact.phone, email: company.contact.email },
    status: order.status as OrderStatus,
    size: order.sizeLabel,
    material: order.materialLabel,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    rental_days: order.rentalDays,
    address: { line1: address.line1, city: address.city ?? null, state: address.state ?? null, zip: address.zip },
    paid: dollars(view.paidCents),
    currency: currencyOf(order.currency),
    extra_day_price: dollars(view.extraDayCents),
    swap_price: view.swapFeeCents === null ? null : dollars(view.swapFeeCents),
    card_saved: order.savedCard !== null,
    processor: { kind: company.processor.kind, publishable_key: publishableKey, account: company.processor.account },
    changes_allowed: view.changesAllowed,
    move_cutoff: view.moveCutoff,
    changes: view.changes.map(presentChange),
  };
}
