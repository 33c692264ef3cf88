import type { FieldPhotoRow, RouteStopRow, WeighTicketRow } from '../db/repositories/field';
import type { FieldChargeRow } from '../db/repositories/field-charges';
import type { FailureReason, FieldAction, StopKind } from '../domain/field-stops';
import type { OverageAmounts } from '../domain/overage';
import { dollars } from '../messages/money';
import { addressText } from './format';

/** The driver's day (docs/decisions/drivers-day.md): the phone's stops, photos, tickets and field charges. */

type Customer = { name: string; phone: string };
type OrderShown = {
  orderNumber: number;
  status: string;
  sizeLabel: string;
  materialLabel: string | null;
  address: unknown;
  placementLat: number | null;
  placementLng: number | null;
};
type JobShown = {
  jobNumber: number;
  status: string;
  loadLabel: string;
  windowStart: string;
  windowEnd: string;
  address: unknown;
  notes: string | null;
};
type StopShown = {
  stop: RouteStopRow;
  record: { kind: 'order'; order: OrderShown } | { kind: 'job'; job: JobShown };
  customer: Customer;
  actions: FieldAction[];
  photos: string[];
  ticket: WeighTicketRow | null;
};

export const presentTicket = (t: WeighTicketRow) => ({
  id: t.id,
  stop: t.stopKey,
  net_tons: t.netWeightTons,
  landfill_cost: dollars(t.landfillCostCents),
  photo_id: t.photoId,
  created_at: t.createdAt.toISOString(),
});

const mapsUrl = (query: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

const BRING_BACK: Record<StopKind, (what: string) => string | null> = {
  delivery: () => null,
  pickup: (what) => `The ${what} can: weigh it at the landfill, then back to the yard`,
  swap: (what) => `The full ${what} can (an empty one stays): weigh it at the landfill`,
  junk: () => 'The load, to the landfill',
};

/** A stop as the driver's phone shows it: what, where, whom to call; never a price. */
export function presentDriverStop({ stop, record, customer, actions, photos, ticket }: StopShown) {
  const order = record.kind === 'order' ? record.order : null;
  const job = record.kind === 'job' ? record.job : null;
  const address = addressText((order ?? job)?.address);
  const pin =
    order?.placementLat != null && order.placementLng != null ? `${order.placementLat},${order.placementLng}` : null;
  const what = order ? [order.sizeLabel, order.materialLabel].filter(Boolean).join(', ') : (job?.loadLabel ?? '');
  return {
    stop: stop.stopKey,
    kind: stop.kind,
    position: stop.position,
    state: stop.state,
    state_at: stop.stateAt?.toISOString() ?? null,
    failure: stop.failure as FailureReason | null,
    actions,
    number: order?.orderNumber ?? job?.jobNumber ?? 0,
    status: order?.status ?? job?.status ?? '',
    window: job ? { start: job.windowStart, end: job.windowEnd } : null,
    address,
    maps_url: mapsUrl(pin ?? address),
    customer_name: customer.name,
    customer_phone: customer.phone,
    notes: job ? job.notes : pin ? `Placement pin at ${pin} (the customer's spot on the map)` : null,
    what,
    bring_back: BRING_BACK[stop.kind](order?.sizeLabel ?? what),
    photos,
    ticket: ticket ? presentTicket(ticket) : null,
  };
}

export const presentFieldPhoto = (p: FieldPhotoRow) => ({
  id: p.id,
  stop: p.stopKey,
  content_type: p.contentType,
  width: p.width,
  height: p.height,
  created_at: p.createdAt.toISOString(),
});

/** The money of a charge as both the office and the customer read it. */
function chargeMoney(charge: FieldChargeRow) {
  const a = charge.amounts as Partial<OverageAmounts> & { fee_cents?: number };
  return {
    amount: dollars(a.overage_cents ?? a.fee_cents ?? 0),
    tax: dollars(a.tax_cents ?? 0),
    total: dollars(a.total_cents ?? 0),
    processing_fee: dollars(a.processing_fee_cents ?? 0),
    gross_total: dollars(charge.grossTotalCents),
  };
}

function chargeTicket(charge: FieldChargeRow, ticket: WeighTicketRow | null) {
  if (charge.kind !== 'overage' || !ticket) return null;
  const a = charge.amounts as OverageAmounts;
  return {
    net_tons: a.tons,
    allowance_tons: a.allowance_tons,
    over_tons: a.over_tons,
    mode: a.mode,
    rate: a.rate_cents === null ? null : dollars(a.rate_cents),
    landfill_cost: dollars(ticket.landfillCostCents),
    photo_id: ticket.photoId,
  };
}

/** Which stop a charge came of: its key's kind (a wasted trip's key also carries its day). */
const stopKindOf = (charge: FieldChargeRow) => charge.stopKey.split(':')[0] as StopKind;

const failureOf = (charge: FieldChargeRow) =>
  charge.kind === 'wasted_trip' ? ((charge.amounts as { reason?: FailureReason }).reason ?? null) : null;

/** A field charge as the office lists it. */
export function presentFieldCharge(row: {
  charge: FieldChargeRow;
  orderNumber: number | null;
  jobNumber: number | null;
  customerName: string;
  ticket: WeighTicketRow | null;
}) {
  const { charge } = row;
  return {
    id: charge.id,
    kind: charge.kind,
    status: charge.status,
    order_number: row.orderNumber,
    job_number: row.jobNumber,
    customer_name: row.customerName,
    ticket: chargeTicket(charge, row.ticket),
    stop_kind: stopKindOf(charge),
    failure: failureOf(charge),
    ...chargeMoney(charge),
    currency: charge.currency,
    charge_after: charge.chargeAfter.toISOString(),
    charged_at: charge.chargedAt?.toISOString() ?? null,
    note: charge.note,
    last_error: charge.lastError,
    created_at: charge.createdAt.toISOString(),
  };
}

/** A field charge as the customer's My booking page shows it (no processor details). */
export function presentRentalCharge({ charge, ticket }: { charge: FieldChargeRow; ticket: WeighTicketRow | null }) {
  const shown = chargeTicket(charge, ticket);
  const { total: _total, ...money } = chargeMoney(charge);
  return {
    id: charge.id,
    kind: charge.kind,
    status: charge.status,
    ticket: shown && {
      net_tons: shown.net_tons,
      allowance_tons: shown.allowance_tons,
      over_tons: shown.over_tons,
      mode: shown.mode,
      rate: shown.rate,
      photo: shown.photo_id !== null,
    },
    stop_kind: stopKindOf(charge),
    failure: failureOf(charge),
    ...money,
    currency: charge.currency as 'USD' | 'CAD',
    charge_after: charge.chargeAfter.toISOString(),
    charged_at: charge.chargedAt?.toISOString() ?? null,
    note: charge.note,
  };
}

/** An order's field record on its console page. */
export function presentOrderField(view: {
  orderNumber: number;
  stops: { stop: RouteStopRow; driverName: string }[];
  photos: FieldPhotoRow[];
  tickets: WeighTicketRow[];
  charges: Parameters<typeof presentFieldCharge>[0][];
}) {
  return {
    order_number: view.orderNumber,
    stops: view.stops.map(({ stop, driverName }) => ({
      stop: stop.stopKey,
      day: stop.day,
      kind: stop.kind,
      driver_id: stop.driverId,
      driver_name: driverName,
      position: stop.position,
      field_state: stop.state,
      state_at: stop.stateAt?.toISOString() ?? null,
      failure: stop.failure as FailureReason | null,
      overdue: false,
    })),
    photos: view.photos.map(presentFieldPhoto),
    tickets: view.tickets.map(presentTicket),
    charges: view.charges.map(presentFieldCharge),
  };
}
