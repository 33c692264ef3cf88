import { heldJobs, jobsOfDay } from '../../db/repositories/junk';
import { newLeads } from '../../db/repositories/leads';
import { heldOrders, ordersOfDay } from '../../db/repositories/orders';
import { countPermitTasks, permitTasks } from '../../db/repositories/permits';
import { queueCounts } from '../../db/repositories/queue-counts';
import { swapsOfDay } from '../../db/repositories/rentals';
import { stuckSessions } from '../../db/repositories/sessions';
import { troubledEndpoints } from '../../db/repositories/webhook-endpoints';
import { todayIn } from '../../domain/dates';
import type { Scope } from '../../domain/scope';
import { UNCONFIRMED_NOTICE_MINUTES } from '../../domain/session-state';
import { fullSizesOn } from '../catalog/fleet-view';
import { routesOfDay } from '../field/routes';
import { catalogOf, companyOf, type OfficeDeps } from '../shared/office-deps';

/** The console's Needs action screen and its counts, and the Dispatch day: rows, presented by the route table. */

/** Sessions whose card waits this long without an order are the office's to look at. */
const stuckBefore = (now: Date) => new Date(now.getTime() - UNCONFIRMED_NOTICE_MINUTES * 60_000);

export async function needsAction(deps: OfficeDeps, scope: Scope) {
  const { db } = deps.database;
  const { companyId } = scope;
  const [orders, jobs, sessions, leads, endpoints, permits, company] = await Promise.all([
    heldOrders(db, companyId),
    heldJobs(db, companyId),
    stuckSessions(db, companyId, stuckBefore(deps.now())),
    newLeads(db, companyId, 50),
    troubledEndpoints(db, companyId),
    permitTasks(db, companyId),
    companyOf(deps.database, scope),
  ]);
  const today = todayIn(company.timezone, deps.now());
  return { orders, jobs, sessions, leads, endpoints, permits, today };
}

/** The navigation's badges: everything on Needs action but the leads, which have their own. */
export async function needsActionCounts(deps: OfficeDeps, scope: Scope) {
  const [c, permits] = await Promise.all([
    queueCounts(deps.database.db, scope.companyId, stuckBefore(deps.now())),
    countPermitTasks(deps.database.db, scope.companyId),
  ]);
  return { needs_action: c.orders + c.jobs + c.sessions + c.endpoints + permits, new_leads: c.leads };
}

/**
 * The day's deliveries and pickups (orders that start or end on it) and its junk jobs by arrival window,
 * with the sizes it leaves no can of and where each stop is on the drivers' routes; `date` defaults to the
 * company's today.
 */
export async function dispatchDay(deps: OfficeDeps, scope: Scope, date?: string) {
  const catalog = await catalogOf(deps.database, scope);
  const day = date ?? todayIn(catalog.company.timezone, deps.now());
  const { db } = deps.database;
  const [orders, swaps, jobs, full, routes] = await Promise.all([
    ordersOfDay(db, scope.companyId, day),
    swapsOfDay(db, scope.companyId, day),
    jobsOfDay(db, scope.companyId, day),
    fullSizesOn(deps, catalog, day),
    routesOfDay(deps, scope, day),
  ]);
  return { day, orders, swaps, jobs, full, routes };
}
