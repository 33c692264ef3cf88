import type { Context } from 'hono';
import * as ops from '../../contract/data';
import { dataDocument } from '../../contract/document';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { presentDataJunkJob, presentDataOrder, presentLead } from '../../messages/data';
import { presentDataSize } from '../../present/catalog';
import { presentDataCustomer } from '../../present/customers';
import { presentPage } from '../../present/page';
import { presentEstimate } from '../../present/sessions';
import { listDataSizes } from '../../use-cases/catalog/data-sizes';
import { listDataCustomers, readDataCustomer } from '../../use-cases/customers/data-api';
import type { Windows } from '../../use-cases/data/window';
import { listDataEstimates, readDataEstimate } from '../../use-cases/estimates/data-api';
import { listDataJunkJobs, readDataJunkJob, type ShownJob } from '../../use-cases/jobs/data-api';
import { listDataLeads, readDataLead } from '../../use-cases/leads/data-api';
import { pushLead } from '../../use-cases/leads/push';
import { listDataOrders, readDataOrder } from '../../use-cases/orders/data-api';
import { type KeyEnv, keyGate, unauthorized } from '../key-gate';
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

/**
 * Headers only a browser sends: a Data API key in a web page is a leaked secret. Not Sec-Fetch-Mode: Node's
 * own fetch (undici) sends `Sec-Fetch-Mode: cors` from servers too.
 */
const BROWSER_MARKERS = ['origin', 'sec-fetch-site'];

/**
 * The Data API (/data/v1, data spec sections 5 and 8): servers only, a data key of an approved company whose
 * own switch is on, 60 requests a minute per key, and on the free plan reads within the day's window (said
 * in X-SVC-Window-Remaining). Lead pushes neither open nor use the window. No CORS at all.
 */
export function createDataSurface(deps: DataDeps) {
  const now = deps.now ?? (() => new Date());
  const surface = createSurface<KeyEnv>({
    name: 'the Data API',
    surface: 'data',
    base: ops.DATA_BASE,
    operations: ops.dataOperations,
    methods: ['GET', 'HEAD', 'POST'],
    maxBodyBytes: 16 * 1024,
    cors: { kind: 'none' },
    document: dataDocument,
  });
  const { app, route, list, listOfJson, answer } = surface;

  app.use(
    '*',
    keyGate<KeyEnv>({
      registry: deps.registry,
      now,
      kinds: ['data'],
      noKey: 'No API key. Send it as `Authorization: Bearer svc_live_…`.',
      wrongKind: 'This is not a Data API key: use a svc_live_ key (Booking API keys work only on /booking/v1).',
      before: refuseBrowsers,
      rate: { perMinute: deps.ratePerMinute ?? 60, per: 'a minute per key', prefix: 'data', redis: deps.redis },
      admit: async (_c, key) => admitted(await deps.registry.catalog(key.companyId)),
      afterKey: surface.readBody,
      after: async (c, scope) => {
        if (c.req.method !== 'POST' && scope.catalog.company.dataApi.plan === 'free') {
          c.header('X-SVC-Window-Remaining', String(await deps.windows.remaining(scope)));
        }
      },
    }),
  );

  const { db } = deps;
  const scope = (c: Context<KeyEnv>) => c.get('scope');
  const currency = (c: Context<KeyEnv>) => scope(c).catalog.company.currency;
  const job = ({ job, photos }: ShownJob) => presentDataJunkJob(job, photos);
  listOfJson(ops.listOrders, (c) => listDataOrders(db, scope(c), c.req.valid('query')));
  route(ops.getOrder, async (c) =>
    presentDataOrder(await readDataOrder(db, scope(c), c.req.valid('param').order_number)),
  );
  list(ops.listCustomers, async (c) =>
    presentPage(await listDataCustomers(db, scope(c), c.req.valid('query')), presentDataCustomer),
  );
  route(ops.getCustomer, async (c) =>
    presentDataCustomer(await readDataCustomer(db, scope(c), c.req.valid('param').id)),
  );
  list(ops.listEstimates, async (c) =>
    presentPage(await listDataEstimates(db, scope(c), c.req.valid('query'), now()), presentEstimate),
  );
  route(ops.getEstimate, async (c) =>
    presentEstimate(await readDataEstimate(db, scope(c), c.req.valid('param').id, now())),
  );
  list(ops.listSizes, async (c) =>
    presentPage(await listDataSizes(db, scope(c), c.req.valid('query'), now()), (s) => presentDataSize(s, currency(c))),
  );
  list(ops.listJunkJobs, async (c) => presentPage(await listDataJunkJobs(db, scope(c), c.req.valid('query')), job));
  route(ops.getJunkJob, async (c) => job(await readDataJunkJob(db, scope(c), c.req.valid('param').job_number)));
  list(ops.listLeads, async (c) => presentPage(await listDataLeads(db, scope(c), c.req.valid('query')), presentLead));
  route(ops.getLead, async (c) => presentLead(await readDataLead(db, scope(c), c.req.valid('param').id)));
  answer(ops.createLead, async (c) => {
    const pushed = await pushLead(db, scope(c), c.req.valid('json'), {
      now: now(),
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      upgradeUrl: deps.upgradeUrl,
    });
    const body = { data: { ...presentLead(pushed.lead), existing: pushed.existing } };
    return pushed.existing ? { status: 200, body } : { status: 201, body };
  });
  return app;
}

/** A page of rows as a page of the API's items. */

function refuseBrowsers(c: Context) {
  const marker = BROWSER_MARKERS.find((h) => c.req.header(h) !== undefined);
  if (marker) {
    throw new DomainError(
      'secret_in_browser',
      `The Data API answers servers only, and this request came from a web browser (it carries ${marker === 'origin' ? 'Origin' : 'Sec-Fetch-Site'}). Call it from your backend; if a svc_live_ key was ever in a web page, revoke it.`,
    );
  }
}

/** The platform's approval, then the company's state and its own switch. */
function admitted(catalog: Catalog | null): Catalog {
  if (!catalog) throw unauthorized('Invalid API key.');
  const { access, enabled } = catalog.company.dataApi;
  if (access === 'revoked') throw unauthorized("This company's Data API access was revoked by the platform.");
  if (access !== 'approved') {
    throw unauthorized("This company's Data API access is not approved yet: keys work once it is.");
  }
  if (!catalog.company.active) {
    throw new DomainError('company_inactive', 'The company behind this key is not active.');
  }
  if (!enabled) {
    throw new DomainError(
      'access_disabled',
      'The company has switched its Data API access off (Settings, API): switch it on to use this key.',
    );
  }
  return catalog;
}
