import type { OrderPermitRow, permitTasks } from '../db/repositories/permits';
import { toDollars } from '../domain/money';
import type { PermitTerms, StreetQuote } from '../domain/permits';
import { addressText } from './format';

type PermitTaskRow = Awaited<ReturnType<typeof permitTasks>>[number];

/** Street placement and permits as the APIs say them (docs/decisions/street-permits.md): dollars, snake_case. */

export function presentPermitTerms(p: PermitTerms) {
  return {
    rule: p.rule,
    required: true as const,
    applies: p.applies,
    lead_days: p.leadDays,
    earliest_delivery_date: p.earliest,
    city_fee: toDollars(p.cityFeeCents),
    handling_fee: toDollars(p.handlingFeeCents),
    covers_days: p.coversDays,
    extension_fee: toDollars(p.extensionFeeCents),
    extensions: p.extensions,
    taxable: p.taxable,
    instructions: p.instructions,
  };
}

/** The keys a quote or calendar gains with placement street; none otherwise (the answer stays as it was). */
export function streetKeys(street: { placement?: 'street'; permit?: PermitTerms | null } | null | undefined) {
  if (street?.placement !== 'street') return {};
  return { placement: 'street' as const, permit: street.permit ? presentPermitTerms(street.permit) : null };
}

/** The quote's line, only with placement street. */
export function permitFeeLine(q: StreetQuote) {
  return q.placement === 'street' ? { permit_fee: toDollars(q.permitFee ?? 0) } : {};
}

/** GET /availability: the calendar, with the street's keys only when it was asked for. */
export function presentAvailability<T extends { street: { placement?: 'street'; permit?: PermitTerms | null } | null }>(
  answer: T,
) {
  const { street, ...calendar } = answer;
  return { ...calendar, ...streetKeys(street) };
}

/** An order's permit block on its console page; null unless it sits on the street where a permit is needed. */
export function presentConsolePermit(
  orderNumber: number,
  row: (OrderPermitRow & { overrideByName?: string | null }) | undefined,
) {
  const t = row?.terms;
  if (!row || !t) return null;
  const status =
    t.applies === 'customer'
      ? ('customer_applies' as const)
      : row.number !== null
        ? ('recorded' as const)
        : row.overrideAt
          ? ('overridden' as const)
          : ('needed' as const);
  return {
    rule: t.rule,
    applies: t.applies,
    status,
    apply_by: row.applyBy,
    fee: toDollars(t.feeCents),
    city_fee: toDollars(t.cityFeeCents),
    handling_fee: toDollars(t.handlingFeeCents),
    covers_days: t.coversDays,
    extension_fee: toDollars(t.extensionFeeCents),
    covered_through: row.coveredThrough,
    instructions: t.instructions,
    number: row.number,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    scan:
      row.scanKey && row.scanType
        ? {
            content_type: row.scanType,
            width: row.scanWidth ?? 0,
            height: row.scanHeight ?? 0,
            url: `/console/v1/orders/${orderNumber}/permit/scan`,
          }
        : null,
    recorded_at: row.recordedAt?.toISOString() ?? null,
    override:
      row.overrideAt && row.overrideReason
        ? { reason: row.overrideReason, by: row.overrideByName ?? null, at: row.overrideAt.toISOString() }
        : null,
  };
}

/** What an order's console page gains: where it sits and its permit. */
export function presentOrderPlacement(orderNumber: number, row: OrderPermitRow | undefined) {
  return {
    placement: row ? ('street' as const) : ('private' as const),
    permit: presentConsolePermit(orderNumber, row),
  };
}

/** Needs action's permit tasks (db/repositories/permits.ts), against the company's today. */
export function presentPermitTasks(rows: PermitTaskRow[], today: string) {
  return rows.flatMap((r) => {
    if (!r.terms) return [];
    const extend = r.number !== null;
    const applyBy = (extend ? r.endsOn : r.applyBy) ?? r.deliveryDate;
    return [
      {
        kind: extend ? ('extend_permit' as const) : ('apply_for_permit' as const),
        order_number: r.orderNumber,
        customer_name: r.customerName,
        address: addressText(r.address),
        delivery_date: r.deliveryDate,
        pickup_date: r.pickupDate,
        rule: r.terms.rule,
        apply_by: applyBy,
        overdue: applyBy < today,
      },
    ];
  });
}
