import type { Database } from '../../db/client';
import { findOrderByNumber, setOrderStatus } from '../../db/repositories/orders';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { checkOrderMove } from '../../domain/order-status';
import { actingUser, type Scope } from '../../domain/scope';
import { checkOverrideAllowed, permitGate } from '../permits/dispatch';
import { announceOrderMoved } from '../shared/data-events';
import { changedMeanwhile, companyOf } from '../shared/office-deps';

/**
 * The office moves an order along its lifecycle (svc orders status, the console's dispatch board): the rule
 * is domain/order-status.ts; the move, updated_at (completed_at for a completed order) and the Data API's
 * order.status_changed webhook are one transaction.
 */
export async function moveOrder(
  database: Database,
  scope: Scope,
  orderNumber: number,
  to: string,
  now: Date,
  options: { overrideReason?: string } = {},
) {
  checkOverrideAllowed(scope, options.overrideReason);
  const company = await companyOf(database, scope);
  return database.db.transaction(async (tx) => {
    const order = await findOrderByNumber(tx, company.id, orderNumber);
    if (!order) {
      throw new DomainError('not_found', `${company.slug} has no order #${orderNumber}.`, { field: 'order_number' });
    }
    const next = checkOrderMove(orderNumber, order.status, to);
    // A street delivery whose permit the company applies for goes out only with it (street-permits.md).
    const permit =
      next === 'out_for_delivery'
        ? await permitGate(tx, order, {
            overrideReason: options.overrideReason,
            by: actingUser(scope),
            field: 'status',
            at: now,
          })
        : { overridden: false };
    // A can picked up before its pickup date is free from that day on (docs/decisions/fleet.md).
    const today = todayIn(company.timezone, now);
    const early = next === 'picked_up' && today < order.pickupDate;
    const moved = await setOrderStatus(tx, company.id, order.id, {
      from: order.status,
      to: next,
      at: now,
      ...(next === 'completed' ? { completedAt: now } : {}),
      ...(early ? { returnedOn: today } : {}),
    });
    if (!moved) throw changedMeanwhile(`Order #${orderNumber}`);
    await announceOrderMoved(tx, moved, order.status);
    return {
      order_number: moved.orderNumber,
      status: moved.status,
      previous_status: order.status,
      updated_at: moved.updatedAt.toISOString(),
      completed_at: moved.completedAt?.toISOString() ?? null,
      ...(permit.overridden ? { permit_overridden: true } : {}),
    };
  });
}
