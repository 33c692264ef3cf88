import type { Context } from 'hono';
import { getFleet } from '../../../contract/console/fleet';
import * as ops from '../../../contract/console/office';
import { approveHeld, createOrderForSession, rejectHeldBooking } from '../../../use-cases/console/decisions';
import { fleetView } from '../../../use-cases/console/fleet';
import type { Member, OfficeDeps } from '../../../use-cases/console/member';
import { listCustomers, listEstimates, listLeads, moveLeadTo, readCustomer } from '../../../use-cases/console/people';
import { dispatchDay, needsAction, needsActionCounts } from '../../../use-cases/console/queue';
import { moveRecord, readJob, readOrder } from '../../../use-cases/console/records';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import type { ConsoleSurface } from './surface';

/**
 * The console's office routes (issue 15): Needs action, Dispatch, orders and jobs, leads, customers and
 * estimates. Owners and staff alike; every use case is scoped to the signed-in member's company.
 */
export function mountOffice(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { route, answer } = surface;
  const office: OfficeDeps = {
    database: deps.database,
    processorFor: deps.processorFor,
    now: deps.now ?? (() => new Date()),
  };
  const me = (c: Context<ConsoleEnv>): Member => c.get('member');
  const ok = async (body: Promise<object>) => ({ status: 200 as const, body: await body });

  route(ops.getNeedsAction, (c) => needsAction(office, me(c)));
  route(ops.getNeedsActionCounts, (c) => needsActionCounts(office, me(c)));
  route(ops.approveOrder, (c) => approveHeld(office, me(c), 'order', c.req.valid('param').order_number));
  route(ops.approveJob, (c) => approveHeld(office, me(c), 'job', c.req.valid('param').job_number));
  route(ops.rejectOrder, (c) =>
    rejectHeldBooking(office, me(c), 'order', c.req.valid('param').order_number, c.req.valid('json').reason),
  );
  route(ops.rejectJob, (c) =>
    rejectHeldBooking(office, me(c), 'job', c.req.valid('param').job_number, c.req.valid('json').reason),
  );
  route(ops.createSessionOrder, (c) => createOrderForSession(office, me(c), c.req.valid('param').session_id));

  route(ops.getDispatch, (c) => dispatchDay(office, me(c), c.req.valid('query').date));
  route(getFleet, (c) => fleetView(office, me(c), c.req.valid('query').from));
  route(ops.getConsoleOrder, (c) => readOrder(office, me(c), c.req.valid('param').order_number));
  route(ops.getConsoleJob, (c) => readJob(office, me(c), c.req.valid('param').job_number));
  route(ops.moveConsoleOrder, (c) =>
    moveRecord(office, me(c), 'order', c.req.valid('param').order_number, c.req.valid('json').status),
  );
  route(ops.moveConsoleJob, (c) =>
    moveRecord(office, me(c), 'job', c.req.valid('param').job_number, c.req.valid('json').status),
  );

  answer(ops.listConsoleLeads, (c) => ok(listLeads(office, me(c), c.req.valid('query'))));
  route(ops.moveConsoleLead, (c) => moveLeadTo(office, me(c), c.req.valid('param').id, c.req.valid('json').to));
  answer(ops.listConsoleCustomers, (c) => ok(listCustomers(office, me(c), c.req.valid('query'))));
  route(ops.getConsoleCustomer, (c) => readCustomer(office, me(c), c.req.valid('param').id));
  answer(ops.listConsoleEstimates, (c) => ok(listEstimates(office, me(c), c.req.valid('query'))));
}
