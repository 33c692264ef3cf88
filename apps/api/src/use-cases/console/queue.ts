import {
  heldJobs,
  heldOrders,
  jobsOfDay,
  newLeads,
  ordersOfDay,
  queueCounts,
  stuckSessions,
  troubledEndpoints,
} from '../../db/repositories/console-queue';
import { todayIn } from '../../domain/dates';
import { isJobStatus, jobMovesFrom } from '../../domain/job-status';
import { isOrderStatus, orderMovesFrom } from '../../domain/order-status';
import { UNCONFIRMED_NOTICE_MINUTES } from '../../domain/session-state';
import { addressText, presentHeldJob, presentHeldOrder, presentStuckSession } from '../../present/console-office';
import { presentLead } from '../../messages/data';
import { fullSizesOn } from './fleet';
import { catalogOf, type Member, type OfficeDeps } from './member';

/** The console's Needs action screen and its counts, and the Dispatch day (issue 15). */

/** Sessions whose card waits this long without an order are the office's to look at. */
const stuckBefore = (now: Date) => new Date(now.getTime() - UNCONFIRMED_NOTICE_MINUTES * 60_000);

export async function needsAction(deps: OfficeDeps, member: Member) {
  const { db } = deps.database;
  const { companyId } = member;
  const [orders, jobs, sessions, leads, endpoints] = await Promise.all([
    heldOrders(db, companyId),
    heldJobs(db, companyId),
    stuckSessions(db, companyId, stuckBefore(deps.now())),
    newLeads(db, companyId, 50),
    troubledEndpoints(db, companyId),
  ]);
  return {
    held: [
      ...orders.map(({ order, name, email }) => presentHeldOrder(order, { name, email })),
      ...jobs.map(({ job, name, email }) => presentHeldJob(job, { name, email })),
    ].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    unconfirmed_sessions: sessions.map(presentStuckSession),
    new_leads: leads.map(presentLead),
    webhook_endpoints: endpoints.map((e) => ({
      id: e.id,
      api: e.api,
      url: e.url,
      enabled: e.enabled,
      consecutive_failures: e.consecutiveFailures,
      disabled_at: e.disabledAt?.toISOString() ?? null,
    })),
  };
}

/** The navigation's badges: everything on Needs action but the leads, which have their own. */
export async function needsActionCounts(deps: OfficeDeps, member: Member) {
  const c = await queueCounts(deps.database.db, member.companyId, stuckBefore(deps.now()));
  return { needs_action: c.orders + c.jobs + c.sessions + c.endpoints, new_leads: c.leads };
}

const orderMoves = (status: string) => (isOrderStatus(status) ? [...orderMovesFrom(status)] : []);
const jobMoves = (status: string) => (isJobStatus(status) ? [...jobMovesFrom(status)] : []);

/** The day's deliveries and pickups and its junk jobs by arrival window; `date` defaults to the company's today. */
export async function dispatchDay(deps: OfficeDeps, member: Member, date?: string) {
  const catalog = await catalogOf(deps.database, member);
  const day = date ?? todayIn(catalog.company.timezone, deps.now());
  const { db } = deps.database;
  const [orders, jobs, full] = await Promise.all([
    ordersOfDay(db, member.companyId, day),
    jobsOfDay(db, member.companyId, day),
    fullSizesOn(deps, catalog, day),
  ]);
  const stop = (kind: 'delivery' | 'pickup') =>
    orders
      .filter(({ order }) => (kind === 'delivery' ? order.deliveryDate : order.pickupDate) === day)
      .map(({ order, name, phone }) => ({
        kind,
        order_number: order.orderNumber,
        status: order.status,
        moves: orderMoves(order.status),
        size: order.sizeLabel,
        customer_name: name,
        customer_phone: phone,
        address: addressText(order.address),
        last_can: kind === 'delivery' && full.has(order.sizeId),
      }));
  return {
    date: day,
    deliveries: stop('delivery'),
    pickups: stop('pickup'),
    jobs: jobs.map(({ job, name, phone }) => ({
      job_number: job.jobNumber,
      status: job.status,
      moves: jobMoves(job.status),
      window: { start: job.windowStart, end: job.windowEnd },
      load: job.loadLabel,
      customer_name: name,
      customer_phone: phone,
      address: addressText(job.address),
    })),
  };
}
