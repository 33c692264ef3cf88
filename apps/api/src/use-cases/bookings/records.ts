import { auditOf, insertAudit } from '../../db/repositories/audit';
import { findCustomer } from '../../db/repositories/customers';
import { findJobByNumber, type JunkJobRow, listPhotos } from '../../db/repositories/junk';
import { findOrderByNumber, type OrderRow } from '../../db/repositories/orders';
import { outboxAbout } from '../../db/repositories/outbox';
import { paymentOf, type Subject } from '../../db/repositories/payments';
import { findOrderPermit } from '../../db/repositories/permits';
import { findSession } from '../../db/repositories/sessions';
import { actingUser, type Scope } from '../../domain/scope';
import { moveJob } from '../jobs/moves';
import { moveOrder } from '../orders/moves';
import { noSuch, type OfficeDeps } from '../shared/office-deps';

/**
 * The order and job pages (customer, payment, what was sent, the audit, the checkout's session, photos) as
 * rows, which present/record.ts shows, and the dispatch board's status moves, which go through
 * the office's moves (use-cases/orders/moves.ts: the Data API's *.status_changed events) and leave an
 * audit row.
 */

async function around(deps: OfficeDeps, scope: Scope, row: OrderRow | JunkJobRow, subject: Subject) {
  const { db } = deps.database;
  const { companyId } = scope;
  const [customer, payment, sent, audit, session] = await Promise.all([
    findCustomer(db, companyId, row.customerId),
    paymentOf(db, companyId, subject),
    outboxAbout(db, companyId, subject),
    auditOf(db, companyId, `${subject.kind}:${subject.number}`),
    row.sessionId ? findSession(db, companyId, row.sessionId) : undefined,
  ]);
  return { customer, payment, sent, audit, session };
}

export async function readOrder(deps: OfficeDeps, scope: Scope, n: number) {
  const order = await findOrderByNumber(deps.database.db, scope.companyId, n);
  if (!order) throw noSuch('order', n);
  const [rest, permit] = await Promise.all([
    around(deps, scope, order, { kind: 'order', id: order.id, number: n }),
    findOrderPermit(deps.database.db, scope.companyId, order.id),
  ]);
  return { order, ...rest, permit };
}

export async function readJob(deps: OfficeDeps, scope: Scope, n: number) {
  const job = await findJobByNumber(deps.database.db, scope.companyId, n);
  if (!job) throw noSuch('job', n);
  const photos = await listPhotos(deps.database.db, scope.companyId, job.id);
  return { job, photos, ...(await around(deps, scope, job, { kind: 'job', id: job.id, number: n })) };
}

/** A dispatch move: 404 first for another company's number (in this company's words), then the office's move. */
export async function moveRecord(
  deps: OfficeDeps,
  scope: Scope,
  noun: 'order' | 'job',
  n: number,
  to: string,
  overrideReason?: string,
) {
  const { db } = deps.database;
  const found =
    noun === 'order' ? await findOrderByNumber(db, scope.companyId, n) : await findJobByNumber(db, scope.companyId, n);
  if (!found) throw noSuch(noun, n);
  const now = deps.now();
  const moved =
    noun === 'order'
      ? await moveOrder(deps.database, scope, n, to, now, { overrideReason })
      : await moveJob(deps.database, scope, n, to, now);
  await insertAudit(db, {
    companyId: scope.companyId,
    userId: actingUser(scope),
    action: `${noun}.status`,
    subject: `${noun}:${n}`,
    detail:
      `${moved.previous_status} → ${moved.status}` +
      ('permit_overridden' in moved && moved.permit_overridden ? ` without its street permit: ${overrideReason}` : ''),
    at: now,
  });
  return { number: n, status: moved.status, previous_status: moved.previous_status, updated_at: moved.updated_at };
}
