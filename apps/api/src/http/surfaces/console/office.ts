import type { Context } from 'hono';
import * as ops from '../../../contract/console';
import type { Scope } from '../../../domain/scope';
import { JOB_CSV, ORDER_CSV, presentDashboard, presentJobLine, presentOrderLine } from '../../../present/bookings';
import { type CsvColumns, csvHeader, csvRows } from '../../../present/csv';
import { presentCustomerDetail, presentCustomerLine } from '../../../present/customers';
import { presentConsoleJob } from '../../../present/jobs';
import { presentConsoleLead } from '../../../present/leads';
import { presentDispatchDay, presentMoved, presentNeedsAction } from '../../../present/office';
import { presentConsoleOrder } from '../../../present/orders';
import { presentPage } from '../../../present/page';
import { presentOrderPlacement } from '../../../present/permits';
import { presentEstimate } from '../../../present/sessions';
import { approveHeld, createOrderForSession, rejectHeldBooking } from '../../../use-cases/bookings/decisions';
import { dashboard, exportBookings, listBookings } from '../../../use-cases/bookings/lists';
import { dispatchDay, needsAction, needsActionCounts } from '../../../use-cases/bookings/queue';
import { moveRecord, readJob, readOrder } from '../../../use-cases/bookings/records';
import { fleetView } from '../../../use-cases/catalog/fleet-view';
import { listCustomers, readCustomer } from '../../../use-cases/customers/read';
import { listEstimates } from '../../../use-cases/estimates/read';
import { moveLead } from '../../../use-cases/leads/moves';
import { listLeads } from '../../../use-cases/leads/read';
import type { OfficeDeps } from '../../../use-cases/shared/office-deps';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import type { Download } from '../../download';
import type { ConsoleSurface } from './surface';

/**
 * The console's office routes: Needs action, Dispatch, orders and jobs, leads, customers and estimates.
 * Owners and staff alike; every use case takes the signed-in member's scope and answers rows, which the
 * presenters here turn into the contract's shapes.
 */
export function mountOffice(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { route, list, download } = surface;
  const office: OfficeDeps = {
    database: deps.database,
    processorFor: deps.processorFor,
    now: deps.now ?? (() => new Date()),
    links: { hostedBaseUrl: deps.hostedBaseUrl },
  };
  const me = (c: Context<ConsoleEnv>): Scope => c.get('scope');

  route(ops.getNeedsAction, async (c) => presentNeedsAction(await needsAction(office, me(c))));
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

  route(ops.getDispatch, async (c) => presentDispatchDay(await dispatchDay(office, me(c), c.req.valid('query').date)));
  route(ops.getFleet, (c) => fleetView(office, me(c), c.req.valid('query').from));
  route(ops.getConsoleOrder, async (c) => {
    const read = await readOrder(office, me(c), c.req.valid('param').order_number);
    return { ...presentConsoleOrder(read), ...presentOrderPlacement(read.order.orderNumber, read.permit) };
  });
  route(ops.getConsoleJob, async (c) =>
    presentConsoleJob(await readJob(office, me(c), c.req.valid('param').job_number)),
  );
  route(ops.moveConsoleOrder, async (c) => {
    const { order_number } = c.req.valid('param');
    const { status, override_reason } = c.req.valid('json');
    return presentMoved('order', await moveRecord(office, me(c), 'order', order_number, status, override_reason));
  });
  route(ops.moveConsoleJob, async (c) => {
    const { job_number } = c.req.valid('param');
    return presentMoved('job', await moveRecord(office, me(c), 'job', job_number, c.req.valid('json').status));
  });

  list(ops.listConsoleLeads, async (c) =>
    presentPage(await listLeads(office, me(c), c.req.valid('query')), presentConsoleLead),
  );
  route(ops.moveConsoleLead, async (c) => {
    const { id } = c.req.valid('param');
    const moved = await moveLead(office.database, me(c), id, c.req.valid('json').to, office.now());
    return { ...presentConsoleLead(moved.lead), previous_status: moved.previousStatus };
  });
  list(ops.listConsoleCustomers, async (c) =>
    presentPage(await listCustomers(office, me(c), c.req.valid('query')), presentCustomerLine),
  );
  route(ops.getConsoleCustomer, async (c) =>
    presentCustomerDetail(await readCustomer(office, me(c), c.req.valid('param').id)),
  );
  list(ops.listConsoleEstimates, async (c) =>
    presentPage(await listEstimates(office, me(c), c.req.valid('query')), presentEstimate),
  );

  list(ops.listConsoleOrders, async (c) =>
    presentPage(await listBookings(office, me(c), 'order', c.req.valid('query')), presentOrderLine),
  );
  list(ops.listConsoleJobs, async (c) =>
    presentPage(await listBookings(office, me(c), 'job', c.req.valid('query')), presentJobLine),
  );
  download(ops.exportConsoleOrders, async (c) =>
    csvDownload('orders', ORDER_CSV, await exportBookings(office, me(c), 'order', c.req.valid('query'))),
  );
  download(ops.exportConsoleJobs, async (c) =>
    csvDownload('junk-jobs', JOB_CSV, await exportBookings(office, me(c), 'job', c.req.valid('query'))),
  );
  route(ops.getConsoleDashboard, async (c) =>
    presentDashboard(await dashboard(office, me(c), Number(c.req.valid('query').days))),
  );
}

/** A CSV file of batches of rows: the header, then each batch's lines as it is read. */
function csvDownload<Row>(name: string, columns: CsvColumns<Row>, batches: AsyncIterable<Row[]>): Download {
  return {
    filename: `${name}.csv`,
    contentType: 'text/csv; charset=utf-8',
    chunks: (async function* lines() {
      yield csvHeader(columns);
      for await (const rows of batches) yield csvRows(columns, rows);
    })(),
  };
}
