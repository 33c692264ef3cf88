import type { heldJobs, jobsOfDay } from '../db/repositories/junk';
import type { newLeads } from '../db/repositories/leads';
import type { heldOrders, ordersOfDay } from '../db/repositories/orders';
import type { SessionRow } from '../db/repositories/sessions';
import type { troubledEndpoints } from '../db/repositories/webhook-endpoints';
import { addressText } from './format';
import { jobMoves, presentHeldJob } from './jobs';
import { presentConsoleLead } from './leads';
import { orderMoves, presentHeldOrder } from './orders';
import { presentStuckSession } from './sessions';

/** The office's screens across orders and jobs: Needs action, the Dispatch day and a dispatch move's answer. */

/** Needs action as read (use-cases/bookings/queue.ts). */
export type NeedsActionRows = {
  orders: Awaited<ReturnType<typeof heldOrders>>;
  jobs: Awaited<ReturnType<typeof heldJobs>>;
  sessions: SessionRow[];
  leads: Awaited<ReturnType<typeof newLeads>>;
  endpoints: Awaited<ReturnType<typeof troubledEndpoints>>;
};

/** Needs action: held bookings oldest first, stuck sessions, new leads and endpoints in trouble. */
export function presentNeedsAction(rows: NeedsActionRows) {
  return {
    held: [
      ...rows.orders.map(({ order, name, email }) => presentHeldOrder(order, { name, email })),
      ...rows.jobs.map(({ job, name, email }) => presentHeldJob(job, { name, email })),
    ].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    unconfirmed_sessions: rows.sessions.map(presentStuckSession),
    new_leads: rows.leads.map(presentConsoleLead),
    webhook_endpoints: rows.endpoints.map((e) => ({
      id: e.id,
      api: e.api,
      url: e.url,
      enabled: e.enabled,
      consecutive_failures: e.consecutiveFailures,
      disabled_at: e.disabledAt?.toISOString() ?? null,
    })),
  };
}

/** A Dispatch day as read (use-cases/bookings/queue.ts): its orders, its jobs and the sizes it leaves no can of. */
export type DispatchRows = {
  day: string;
  orders: Awaited<ReturnType<typeof ordersOfDay>>;
  /** The day's applied swaps, each its order's row. */
  swaps: Awaited<ReturnType<typeof ordersOfDay>>;
  jobs: Awaited<ReturnType<typeof jobsOfDay>>;
  full: Set<string>;
};

/** The Dispatch day: its deliveries and pickups, each with its moves and the last-can mark, and its jobs. */
export function presentDispatchDay({ day, orders, swaps, jobs, full }: DispatchRows) {
  const stop = (kind: 'delivery' | 'pickup' | 'swap') =>
    (kind === 'swap' ? swaps : orders)
      .filter(({ order }) => kind === 'swap' || (kind === 'delivery' ? order.deliveryDate : order.pickupDate) === day)
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
    swaps: stop('swap'),
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

/** A dispatch move's answer: the record's new status and the moves it allows now. */
export function presentMoved(
  noun: 'order' | 'job',
  moved: { number: number; status: string; previous_status: string; updated_at: string },
) {
  return {
    number: moved.number,
    status: moved.status,
    previous_status: moved.previous_status,
    moves: noun === 'order' ? orderMoves(moved.status) : jobMoves(moved.status),
    updated_at: moved.updated_at,
  };
}
