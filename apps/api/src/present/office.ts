import type { RouteStopRow } from '../db/repositories/field';
import type { heldJobs, jobsOfDay } from '../db/repositories/junk';
import type { newLeads } from '../db/repositories/leads';
import type { heldOrders, ordersOfDay } from '../db/repositories/orders';
import type { SessionRow } from '../db/repositories/sessions';
import type { troubledEndpoints } from '../db/repositories/webhook-endpoints';
import type { FailureReason } from '../domain/field-stops';
import { addressText } from './format';
import { jobMoves, presentHeldJob } from './jobs';
import { presentConsoleLead } from './leads';
import { orderMoves, presentHeldOrder } from './orders';
import { presentPermitTasks } from './permits';
import { presentStuckSession } from './sessions';

/** The office's screens across orders and jobs: Needs action, the Dispatch day and a dispatch move's answer. */

/** Needs action as read (use-cases/bookings/queue.ts). */
export type NeedsActionRows = {
  orders: Awaited<ReturnType<typeof heldOrders>>;
  jobs: Awaited<ReturnType<typeof heldJobs>>;
  sessions: SessionRow[];
  leads: Awaited<ReturnType<typeof newLeads>>;
  endpoints: Awaited<ReturnType<typeof troubledEndpoints>>;
  permits: Parameters<typeof presentPermitTasks>[0];
  today: string;
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
    permits: presentPermitTasks(rows.permits, rows.today),
  };
}

/** A Dispatch day as read (use-cases/bookings/queue.ts): its orders, its jobs and the sizes it leaves no can of. */
export type DispatchRows = {
  day: string;
  orders: Awaited<ReturnType<typeof ordersOfDay>>;
  /** The day's applied swaps, each its order's row and the swap's id. */
  swaps: (Awaited<ReturnType<typeof ordersOfDay>>[number] & { changeId: string })[];
  jobs: Awaited<ReturnType<typeof jobsOfDay>>;
  full: Set<string>;
  routes: DayRoutes;
};

/** The Dispatch day: its deliveries and pickups, each with its moves and the last-can mark, and its jobs. */
export function presentDispatchDay({ day, orders, swaps, jobs, full, routes }: DispatchRows) {
  const keyed = [
    ...orders.map((row) => ({ ...row, kind: 'delivery' as const, key: `delivery:${row.order.id}` })),
    ...orders.map((row) => ({ ...row, kind: 'pickup' as const, key: `pickup:${row.order.id}` })),
    ...swaps.map((row) => ({ ...row, kind: 'swap' as const, key: `swap:${row.changeId}` })),
  ];
  const stop = (kind: 'delivery' | 'pickup' | 'swap') =>
    keyed
      .filter((row) => row.kind === kind)
      .filter(({ order }) => kind === 'swap' || (kind === 'delivery' ? order.deliveryDate : order.pickupDate) === day)
      .map(({ order, name, phone, key }) => ({
        kind,
        order_number: order.orderNumber,
        status: order.status,
        moves: orderMoves(order.status),
        size: order.sizeLabel,
        customer_name: name,
        customer_phone: phone,
        address: addressText(order.address),
        last_can: kind === 'delivery' && full.has(order.sizeId),
        route: presentStopRoute(routes, key, null),
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
      route: presentStopRoute(routes, `junk:${job.id}`, job.windowEnd),
    })),
    drivers: routes.drivers,
  };
}

/** Where the drivers' routes have a stop (use-cases/field/routes.ts routesOfDay). */
export type DayRoutes = {
  routed: Map<string, { stop: RouteStopRow; driverName: string }>;
  overdue: (state: RouteStopRow['state'] | 'unassigned', windowEnd: string | null) => boolean;
  drivers: { id: string; name: string; role: 'owner' | 'staff' | 'driver' }[];
};

/** A stop's place on the routes: its driver, position and field state, and whether it is overdue. */
export function presentStopRoute(routes: DayRoutes, key: string, windowEnd: string | null) {
  const r = routes.routed.get(key);
  const state: RouteStopRow['state'] | 'unassigned' = r?.stop.state ?? 'unassigned';
  return {
    stop: key,
    driver_id: r?.stop.driverId ?? null,
    driver_name: r?.driverName ?? null,
    position: r?.stop.position ?? null,
    field_state: state,
    state_at: r?.stop.stateAt?.toISOString() ?? null,
    failure: (r?.stop.failure ?? null) as FailureReason | null,
    overdue: routes.overdue(state, windowEnd),
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
