import type { Context } from 'hono';
import * as ops from '../../contract/data';
import { dataDocument } from '../../contract/document';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import { presentLead } from '../../present/data';
import { pushLead } from '../../use-cases/data/leads';
import { listDataOrders, readDataOrder } from '../../use-cases/data/orders';
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

  const catalog = (c: Context<DataEnv>) => c.get('catalog');
  answer(ops.listOrders, async (c) => ({
    status: 200,
    body: await listDataOrders(deps.db, catalog(c), c.req.valid('query')),
  }));
  route(ops.getOrder, (c) => readDataOrder(deps.db, catalog(c), c.req.valid('param').order_number));
  answer(ops.createLead, async (c) => {
    const pushed = await pushLead(deps.db, catalog(c), c.req.valid('json'), {
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
