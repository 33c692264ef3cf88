import type { Queryable, Tx } from '../../db/client';
import { findCustomer } from '../../db/repositories/customers';
import { insertTicket, type RouteStopRow, setOrderWeights } from '../../db/repositories/field';
import {
  chargesOfOrder,
  type FieldChargeRow,
  findFieldCharge,
  insertFieldCharge,
  listFieldCharges,
  updateFieldCharge,
} from '../../db/repositories/field-charges';
import { findOrder, type OrderRow, setOrderStatus } from '../../db/repositories/orders';
import { enqueueMessages } from '../../db/repositories/outbox';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import type { FailureReason } from '../../domain/field-stops';
import { adjustedOverage, type OverageAmounts, overageOf, wastedTripAmounts } from '../../domain/overage';
import type { Scope } from '../../domain/scope';
import { overageNoticeMessages, wastedTripMessages } from '../../messages/field-notices';
import { issueRentalLink, rentalUrl } from '../rentals/links';
import { announceOrderMoved } from '../shared/data-events';
import { catalogOf, type OfficeDeps } from '../shared/office-deps';
import type { StopRecord } from './stops';

/**
 * What the field makes a customer owe (docs/decisions/drivers-day.md): the overage of a weigh ticket and the
 * wasted trip of a failed stop, each one row (unique per ticket and per failed stop), noticed to the
 * customer and charged to the saved card after the company's notice period by the charge worker
 * (charge-worker.ts) unless the office holds, adjusts or waives it.
 */

const hoursLater = (now: Date, hours: number) => new Date(now.getTime() + hours * 3_600_000);

/** The overage rule's inputs for an order: its size and its material's entry for that size. */
function overageFor(catalog: Catalog, order: OrderRow, netTons: number): OverageAmounts | null {
  const size = catalog.sizes.find((s) => s.id === order.sizeId);
  if (!size) return null;
  const material = order.material
    ? (catalog.materials.find((m) => m.slug === order.material)?.sizes.find((e) => e.sizeId === size.id) ?? null)
    : null;
  return overageOf({ netTons, size, material, cardFee: catalog.company.cardFee });
}

/**
 * A weigh ticket, in the action's transaction: one per stop (a second is refused), the order's weights
 * summed for the Data API, the overage noticed, and a pickup's order moved on: completed when nothing is
 * owed, waiting_landfill until its overage is settled.
 */
export async function recordTicket(
  tx: Tx,
  deps: OfficeDeps,
  catalog: Catalog,
  order: OrderRow,
  stop: RouteStopRow,
  ticket: { netTons: number; landfillCostCents: number; photoId: string | null; driverId: string },
) {
  const { company } = catalog;
  const now = deps.now();
  const row = await insertTicket(tx, {
    companyId: company.id,
    orderId: order.id,
    stopKey: stop.stopKey,
    netWeightTons: Math.round(ticket.netTons * 100) / 100,
    landfillCostCents: ticket.landfillCostCents,
    photoId: ticket.photoId,
    driverId: ticket.driverId,
  });
  if (!row) {
    throw new DomainError('state_conflict', 'This stop already has its weigh ticket.', { field: 'action' });
  }
  await setOrderWeights(tx, company.id, order.id, now);
  const amounts = overageFor(catalog, order, ticket.netTons);
  const owed = amounts !== null && amounts.gross_total_cents > 0;
  if (owed) {
    const chargeAfter = hoursLater(now, company.fieldWork.noticeHours);
    await insertFieldCharge(tx, {
      companyId: company.id,
      orderId: order.id,
      kind: 'overage',
      ticketId: row.id,
      stopKey: stop.stopKey,
      status: 'noticed',
      amounts,
      grossTotalCents: amounts.gross_total_cents,
      currency: order.currency,
      chargeAfter,
    });
    const customer = await findCustomer(tx, company.id, order.customerId);
    if (customer && deps.links) {
      const url = rentalUrl(deps.links, await issueRentalLink(tx, company.id, { orderId: order.id }));
      const notice = overageNoticeMessages(
        company,
        order,
        customer,
        { ...amounts, currency: order.currency },
        chargeAfter,
        url,
      );
      await enqueueMessages(tx, company.id, notice);
    }
  }
  if (stop.kind === 'pickup') {
    const current = (await findOrder(tx, company.id, order.id)) as OrderRow;
    const to = owed ? 'waiting_landfill' : 'completed';
    if (current.status === 'picked_up') {
      const moved = await setOrderStatus(tx, company.id, order.id, {
        from: 'picked_up',
        to,
        at: now,
        ...(to === 'completed' ? { completedAt: now } : {}),
      });
      if (moved) await announceOrderMoved(tx, moved, 'picked_up');
    }
  }
}

/** A failed stop: the customer told, and the company's wasted-trip fee (when it has one) noticed. */
export async function wastedTrip(
  tx: Tx,
  deps: OfficeDeps,
  catalog: Catalog,
  record: StopRecord,
  stop: RouteStopRow,
  reason: FailureReason,
  customer: { name: string; email: string; phone: string },
) {
  const { company } = catalog;
  const now = deps.now();
  const feeCents = company.fieldWork.wastedTripFeeCents;
  const number = record.kind === 'order' ? record.order.orderNumber : record.job.jobNumber;
  const booking = record.kind === 'order' ? { orderId: record.order.id } : { junkJobId: record.job.id };
  let fee: { grossTotalCents: number; currency: string; chargeAfter: Date } | null = null;
  // A junk job saves no card and its page shows no charges: its failed visit is told, not charged.
  if (feeCents && record.kind === 'order') {
    const amounts = { ...wastedTripAmounts(feeCents, company.cardFee), reason };
    const currency = record.order.currency;
    const chargeAfter = hoursLater(now, company.fieldWork.noticeHours);
    const made = await insertFieldCharge(tx, {
      companyId: company.id,
      ...booking,
      kind: 'wasted_trip',
      stopKey: `${stop.stopKey}@${stop.day}`,
      status: 'noticed',
      amounts,
      grossTotalCents: amounts.gross_total_cents,
      currency,
      chargeAfter,
    });
    if (made) fee = { grossTotalCents: made.grossTotalCents, currency, chargeAfter };
  }
  const url = deps.links ? rentalUrl(deps.links, await issueRentalLink(tx, company.id, booking)) : null;
  const noun = record.kind === 'order' ? 'order' : 'job';
  await enqueueMessages(tx, company.id, wastedTripMessages(company, { number, noun, reason }, customer, fee, url));
}

/** GET /field-charges. */
export async function listCharges(deps: OfficeDeps, scope: Scope, status: 'open' | 'all') {
  return listFieldCharges(deps.database.db, scope.companyId, { open: status === 'open' });
}

export type ChargeDecision = { action: 'hold' | 'release' | 'adjust' | 'waive'; amount?: number; reason?: string };

/**
 * POST /field-charges/{id}: the office holds a charge (no charge until released), releases it, adjusts its
 * overage (the tax and card fee follow) or waives it, before it is taken; adjustments and waivers need a
 * reason, kept with who made them. A waived overage settles its order.
 */
export async function decideCharge(deps: OfficeDeps, scope: Scope, id: string, decision: ChargeDecision) {
  const { db } = deps.database;
  const charge = await findFieldCharge(db, scope.companyId, id);
  if (!charge) throw new DomainError('not_found', 'There is no such charge in this company.', { field: 'id' });
  const by = scope.actor.kind === 'member' ? scope.actor.name : 'operator';
  const reason = decision.reason?.trim();
  if ((decision.action === 'adjust' || decision.action === 'waive') && !reason) {
    throw new DomainError('invalid_body', 'Say why, for the customer and the record.', { field: 'reason' });
  }
  const settled = () =>
    new DomainError('state_conflict', `This charge is ${charge.status}: it can no longer be changed.`, {
      field: 'action',
    });
  // Read before the transaction: on PGlite a query outside it would wait for it (one session).
  const catalog = decision.action === 'adjust' ? await catalogOf(deps.database, scope) : null;
  const changed = await db.transaction(async (tx) => {
    let row: FieldChargeRow | undefined;
    if (decision.action === 'hold') row = await updateFieldCharge(tx, charge, ['noticed'], { status: 'held' });
    if (decision.action === 'release') row = await updateFieldCharge(tx, charge, ['held'], { status: 'noticed' });
    if (decision.action === 'waive') {
      row = await updateFieldCharge(tx, charge, ['noticed', 'held', 'declined'], {
        status: 'waived',
        note: reason,
        noteBy: by,
      });
      if (row) await settleOrder(tx, row, deps.now());
    }
    if (decision.action === 'adjust') {
      if (decision.amount === undefined) {
        throw new DomainError('invalid_body', 'Give the new amount before tax.', { field: 'amount' });
      }
      const amounts = adjusted(charge, Math.round(decision.amount * 100), catalog as Catalog);
      row = await updateFieldCharge(tx, charge, ['noticed', 'held', 'declined'], {
        amounts,
        grossTotalCents: amounts.gross_total_cents,
        note: reason,
        noteBy: by,
        // A declined charge's intent was for the old amount: the customer's next payment makes a new one.
        ...(charge.status === 'declined' ? { paymentIntentId: null, clientSecret: null } : {}),
      });
    }
    if (!row) throw settled();
    return row;
  });
  // The charge as the office lists it (its order, customer and ticket), read by its id, not found in a page.
  const [shown] = await listFieldCharges(db, scope.companyId, { id: changed.id });
  return shown as NonNullable<typeof shown>;
}

function adjusted(charge: FieldChargeRow, cents: number, catalog: Catalog) {
  if (charge.kind === 'overage')
    return adjustedOverage(charge.amounts as OverageAmounts, cents, catalog.company.cardFee);
  return { ...(charge.amounts as object), ...wastedTripAmounts(cents, catalog.company.cardFee) };
}

/**
 * An order whose overage is settled (charged, paid, waived) and waits for nothing else at the landfill is
 * completed, with order.status_changed: in the transaction that settled it.
 */
export async function settleOrder(tx: Queryable, charge: FieldChargeRow, now: Date) {
  if (!charge.orderId || charge.kind !== 'overage') return;
  const open = (await chargesOfOrder(tx, charge.companyId, charge.orderId)).filter(
    (c) => c.charge.kind === 'overage' && ['noticed', 'held', 'charging', 'declined'].includes(c.charge.status),
  );
  if (open.length > 0) return;
  const moved = await setOrderStatus(tx, charge.companyId, charge.orderId, {
    from: 'waiting_landfill',
    to: 'completed',
    at: now,
    completedAt: now,
  });
  if (moved) await announceOrderMoved(tx, moved, 'waiting_landfill');
}
