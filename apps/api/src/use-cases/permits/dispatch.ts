import type { Queryable } from '../../db/client';
import { lockOrderPermit, overridePermit } from '../../db/repositories/permits';
import { DomainError } from '../../domain/errors';
import { permitBlocksDelivery } from '../../domain/permits';
import type { Scope } from '../../domain/scope';

/** An owner's reason to send a street delivery out without its permit (or the operator's, from the CLI). */
export function checkOverrideAllowed(scope: Scope, reason: string | undefined): void {
  if (reason === undefined) return;
  if (scope.actor.kind === 'member' && scope.actor.role !== 'owner') {
    throw new DomainError(
      'forbidden',
      'Only an owner of the company can send a delivery out without its street permit; ask an owner to do it.',
      { field: 'override_reason' },
    );
  }
}

/**
 * In the move's transaction, before an order goes out for delivery: a street permit the company applies for
 * must be recorded; an owner's reason overrides it once and for all (kept on the permit and in the audit).
 * `field` is the request field the refusal names (the console's `status`, the phone's `action`).
 */
export async function permitGate(
  tx: Queryable,
  order: { companyId: string; id: string; orderNumber: number },
  move: { overrideReason?: string; by?: string | null; field: string; at: Date },
): Promise<{ overridden: boolean }> {
  const row = await lockOrderPermit(tx, order.companyId, order.id);
  const terms = row?.terms ?? null;
  if (
    !row ||
    !terms ||
    !permitBlocksDelivery({ applies: terms.applies, number: row.number, overrideAt: row.overrideAt })
  ) {
    return { overridden: false };
  }
  if (move.overrideReason === undefined) {
    throw new DomainError(
      'permit_required',
      `Order #${order.orderNumber} sits on the street in ${terms.rule}: record its permit before it goes out for delivery (an owner can send it out with a reason).`,
      { field: move.field, details: { order_number: order.orderNumber, rule: terms.rule, apply_by: row.applyBy } },
    );
  }
  await overridePermit(tx, order.companyId, order.id, {
    reason: move.overrideReason,
    by: move.by ?? null,
    at: move.at,
  });
  return { overridden: true };
}
