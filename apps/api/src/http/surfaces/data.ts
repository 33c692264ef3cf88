import type { Context } from 'hono';
import * as ops from '../../contract/data';
import { dataDocument } from '../../contract/document';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import { presentLead } from '../../messages/data';
import { listDataCustomers, readDataCustomer } from '../../use-cases/data/customers';
import { listDataEstimates, readDataEstimate } from '../../use-cases/data/estimates';
import { listDataJunkJobs, readDataJunkJob } from '../../use-cases/data/junk-jobs';
import { listDataLeads, readDataLead } from '../../use-cases/data/lead-reads';
import { pushLead } from '../../use-cases/data/leads';
import { listDataOrders, readDataOrder } from '../../use-cases/data/orders';
import { listDataSizes } from '../../use-cases/data/sizes';
import type { Windows } from '../../use-cases/data/window';
import { type DataEnv, dataGate } from '../data-gate';
import { createSurface } from '../shell';

export type DataDeps = {
  registry: Registry;
  db: Db;
  /** Requests per minute per key (spec: 60). */
  ratePerMinute?: number;
  redis?: unknown;
  windows: Windows;
  /** Where a free company moves to the paid plan (upgrade_url on plan-limit refusals). */
  upgradeUrl: string;
  now?: () => Date;
};

/** The Data API (/data/v1): approval-gated svc_live_ keys, from servers only (no CORS at all). */
export function createDataSurface(deps: DataDeps) {
  const now = deps.now ?? (() => new Date());
  const surface = createSurface<DataEnv>({
    name: 'the Data API',
    base: ops.DATA_BASE,
    operations: ops.dataOperations,
    methods: ['GET', 'HEAD', 'POST'],
    maxBodyBytes: 16 * 1024,
    cors: { kind: 'none' },
  });
  const { app, route, answer } = surface;

  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(dataDocument());
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });

  app.use(
    '*',
    dataGate({
      registry: deps.registry,
      ratePerMinute: deps.ratePerMinute ?? 60,
      redis: deps.redis,
      now,
      windowRemaining: (catalog) => deps.windows.remaining(catalog),
      afterKey: surface.readBody,
    }),
  );

  const { db } = deps;
  const catalog = (c: Context<DataEnv>) => c.get('catalog');
  const ok = async (body: Promise<object>) => ({ status: 200 as const, body: await body });
  answer(ops.listOrders, (c) => ok(listDataOrders(db, catalog(c), c.req.valid('query'))));
  route(ops.getOrder, (c) => readDataOrder(db, catalog(c), c.req.valid('param').order_number));
  answer(ops.listCustomers, (c) => ok(listDataCustomers(db, catalog(c), c.req.valid('query'))));
  route(ops.getCustomer, (c) => readDataCustomer(db, catalog(c), c.req.valid('param').id));
  answer(ops.listEstimates, (c) => ok(listDataEstimates(db, catalog(c), c.req.valid('query'), now())));
  route(ops.getEstimate, (c) => readDataEstimate(db, catalog(c), c.req.valid('param').id, now()));
  answer(ops.listSizes, (c) => ok(listDataSizes(db, catalog(c), c.req.valid('query'), now())));
  answer(ops.listJunkJobs, (c) => ok(listDataJunkJobs(db, catalog(c), c.req.valid('query'))));
  route(ops.getJunkJob, (c) => readDataJunkJob(db, catalog(c), c.req.valid('param').job_number));
  answer(ops.listLeads, (c) => ok(listDataLeads(db, catalog(c), c.req.valid('query'))));
  route(ops.getLead, (c) => readDataLead(db, catalog(c), c.req.valid('param').id));
  answer(ops.createLead, async (c) => {
    const pushed = await pushLead(db, catalog(c), c.req.valid('json'), {
      now: now(),
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      upgradeUrl: deps.upgradeUrl,
    });
    return {
      status: pushed.existing ? 200 : 201,
      body: { data: { ...presentLead(pushed.lead), existing: pushed.existing } },
    };
  });
  return app;
}
