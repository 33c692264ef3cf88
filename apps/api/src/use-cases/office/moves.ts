import type { Database } from '../../db/client';
import { type CompanyRow, findCompany } from '../../db/repositories/catalog';
import { findJobByNumber, setJobStatus } from '../../db/repositories/junk';
import { findOrderByNumber, setOrderStatus } from '../../db/repositories/orders';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { checkJobMove } from '../../domain/job-status';
import { checkOrderMove } from '../../domain/order-status';
import type { Scope } from '../../domain/scope';
import { announceJobMoved, announceOrderMoved } from '../shared/data-events';

/**
 * The office moves an order or a junk job along its lifecycle (svc orders status, svc jobs status, the
 * console's dispatch board): the rule is domain/order-status.ts or domain/job-status.ts; the move, updated_at
 * (completed_at for a completed order) and the Data API's *.status_changed webhook are one transaction.
 */

const changedMeanwhile = (what: string) =>
  new DomainError('invalid_body', `${what} was changed by someone else just now: look at it again, then retry.`, {
    field: 'status',
  });

/** The scope's company (its timezone, and its slug for the CLI's sentences). */
async function companyOf(database: Database, scope: Scope): Promise<CompanyRow> {
  const company = await findCompany(database.db, scope.companyId);
  if (!company) throw new DomainError('not_found', 'This company does not exist any more.');
  return company;
}

export async function moveOrder(database: Database, scope: Scope, orderNumber: number, to: string, now: Date) {
  const company = await companyOf(database, scope);
  return database.db.transaction(async (tx) => {
    const order = await findOrderByNumber(tx, company.id, orderNumber);
    if (!order) {
      throw new DomainError('not_found', `${company.slug} has no order #${orderNumber}.`, { field: 'order_number' });
    }
    const next = checkOrderMove(orderNumber, order.status, to);
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
    };
  });
}

export async function moveJob(database: Database, scope: Scope, jobNumber: number, to: string, now: Date) {
  const company = await companyOf(database, scope);
  return database.db.transaction(async (tx) => {
    const job = await findJobByNumber(tx, company.id, jobNumber);
    if (!job) throw new DomainError('not_found', `${company.slug} has no job #${jobNumber}.`, { field: 'job_number' });
    const next = checkJobMove(jobNumber, job.status, to);
    const moved = await setJobStatus(tx, company.id, job.id, { from: job.status, to: next, at: now });
    if (!moved) throw changedMeanwhile(`Job #${jobNumber}`);
    await announceJobMoved(tx, moved, job.status);
    return {
      job_number: moved.jobNumber,
      status: moved.status,
      previous_status: job.status,
      updated_at: moved.updatedAt.toISOString(),
    };
  });
}
