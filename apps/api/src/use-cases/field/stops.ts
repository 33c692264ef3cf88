import type { Queryable } from '../../db/client';
import { findCustomer } from '../../db/repositories/customers';
import { findJob, type JunkJobRow } from '../../db/repositories/junk';
import { findOrder, type OrderRow } from '../../db/repositories/orders';
import { findSwap } from '../../db/repositories/rentals';
import { DomainError } from '../../domain/errors';
import { parseStopKey, type StopRef } from '../../domain/field-stops';

/** What a stop is for, read from its key: the order (a delivery, a pickup, a swap) or the junk job. */
export type StopRecord =
  | { kind: 'order'; ref: StopRef; order: OrderRow; swapDate: string | null }
  | { kind: 'job'; ref: StopRef; job: JunkJobRow };

/** The record behind a stop of this company, or undefined (another company's stop reads the same). */
export async function stopRecord(db: Queryable, companyId: string, ref: StopRef): Promise<StopRecord | undefined> {
  if (ref.kind === 'junk') {
    const job = await findJob(db, companyId, ref.id);
    return job && { kind: 'job', ref, job };
  }
  if (ref.kind === 'swap') {
    const swap = await findSwap(db, companyId, ref.id);
    return swap && { kind: 'order', ref, order: swap.order, swapDate: swap.change.swapDate };
  }
  const order = await findOrder(db, companyId, ref.id);
  return order && { kind: 'order', ref, order, swapDate: null };
}

export const recordNumber = (r: StopRecord) => (r.kind === 'order' ? r.order.orderNumber : r.job.jobNumber);
export const recordStatus = (r: StopRecord) => (r.kind === 'order' ? r.order.status : r.job.status);

/** The stop's record and its customer. */
export async function stopWithCustomer(db: Queryable, companyId: string, record: StopRecord) {
  const customerId = record.kind === 'order' ? record.order.customerId : record.job.customerId;
  const customer = await findCustomer(db, companyId, customerId);
  if (!customer) throw new DomainError('internal', 'A booking without its customer.');
  return { record, customer };
}

/**
 * Whether a stop belongs on a route of `day`: a delivery on its delivery day, a swap on its day, a junk job
 * on its day, a pickup on or after the delivery (a can is often fetched a day late or early on request).
 * Refuses with invalid_body on `field`, or not_found for what this company does not have.
 */
export async function stopForDay(db: Queryable, companyId: string, key: string, day: string, field: string) {
  const ref = parseStopKey(key, field);
  const record = await stopRecord(db, companyId, ref);
  if (!record) throw new DomainError('not_found', `There is no stop ${key} in this company.`, { field });
  const status = recordStatus(record);
  if (status === 'canceled' || status === 'pending_risk_review') {
    throw new DomainError(
      'invalid_body',
      `#${recordNumber(record)} is ${status.replaceAll('_', ' ')}: it is not routed.`,
      {
        field,
      },
    );
  }
  const onDay =
    record.kind === 'job'
      ? record.job.jobDate === day
      : ref.kind === 'delivery'
        ? record.order.deliveryDate === day
        : ref.kind === 'swap'
          ? record.swapDate === day
          : record.order.deliveryDate <= day;
  if (!onDay) {
    throw new DomainError('invalid_body', `The ${ref.kind} of #${recordNumber(record)} is not on ${day}.`, { field });
  }
  return record;
}
