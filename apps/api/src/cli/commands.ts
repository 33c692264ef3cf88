import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { listCompanies } from '../db/repositories/catalog';
import type { KeyKind } from '../lib/api-keys';
import { processorsFor } from '../payments/processors';
import { presentOfficeJob } from '../present/jobs';
import { presentOfficeOrder } from '../present/orders';
import { presentOutboxRow } from '../present/outbox';
import { readEnv } from '../runtime/config';
import { releaseJob, releaseOrder } from '../use-cases/bookings/release';
import { applyCompanyConfig } from '../use-cases/company/apply-config';
import {
  createKey,
  listCompanyKeys,
  revokeCompanyKey,
  setBookingApi,
  setCompanyFlags,
} from '../use-cases/company/keys';
import { listCompanyOutbox } from '../use-cases/company/outbox';
import { readCompanyConfig } from '../use-cases/company/read-config';
import { seedDemo } from '../use-cases/company/seed-demo';
import { listJobs } from '../use-cases/jobs/list';
import { listOrders } from '../use-cases/orders/list';
import { type Answer, need, scopeOf, table, UsageError, wholeNumber } from './common';
import { dataApiCommand, parseExpiry } from './data-api';
import { officeMove } from './office';
import { usersCommand } from './users';
import { webhooksCommand } from './webhooks';

export const HELP = `svc: company setup for the booking platform

Usage: npm run svc -- <command> [options]      (add --json for machine-readable output)

  company apply <config.json>                 create or update a company from its config (docs/company-config.md)
  company show <slug>                         its config as company apply takes it (edit it, apply it back)
  company list                                every company with its switches
  company activate|deactivate <slug>          company_inactive while deactivated
  booking on|off <slug>                       take online booking on or off
  payments ready|not-ready <slug>             whether the company can take card payments
  keys create <slug> --kind publishable --domain example.com [--domain …] [--label …] [--expires YYYY-MM-DD]
  keys create <slug> --kind server [--label …] [--expires YYYY-MM-DD]
                                              prints the key once; only its SHA-256 fingerprint is stored
  keys list <slug>                            keys with status (secret keys shown by prefix and last four)
  keys revoke <slug> <key-id>                 the key stops working at once, on every instance
  platform booking-api on|off                 the platform-wide switch (503 booking_api_off while off)
  orders list <slug>                          the latest 100 orders
  orders approve <slug> <order-number>        release an order held for fraud review (captures the card)
  orders status <slug> <order-number> <status> [--override-reason <why>]
                                              move an order: placed, confirmed, scheduled, waiting_delivery,
                                              out_for_delivery, delivered, waiting_pickup, picked_up,
                                              waiting_landfill, completed, canceled (docs/decisions/order-moves.md);
                                              --override-reason sends a street delivery out without its permit
  jobs list <slug>                            the latest 100 junk removal jobs
  jobs approve <slug> <job-number>            release a junk job held for fraud review (captures the card)
  jobs status <slug> <job-number> <status>    move a job: confirmed, scheduled, en_route, completed, canceled
  leads list <slug> [--status new]            the latest 100 leads (new, contacted, converted, discarded)
  leads move <slug> <lead-id> <status>        new -> contacted|converted|discarded, contacted ->
                                              converted|discarded, discarded -> new; converted makes or
                                              links the customer (by e-mail, else by phone)
  outbox list <slug>                          webhooks, e-mails and texts waiting or sent
  webhooks add <slug> <https-url> [--api booking|data] [--event <name> …]
                                              at most 3 per API; events of that API (default: all of them);
                                              prints the signing secret (svc_wh_…) once
                                              booking: booking.completed booking.held booking.released
                                              data: order.created order.status_changed payment.received
                                              lead.created junk_job.created junk_job.status_changed
  webhooks list <slug>                        endpoints with their API, failures in a row, switched off or not,
                                              events held and undelivered (last 7 days)
  webhooks remove <slug> <endpoint-id>
  webhooks enable <slug> <endpoint-id>        switch a switched-off endpoint back on; sends the events it kept
  webhooks send-again <slug> <endpoint-id> [--since <ISO time>]
                                              send undelivered events (given up or held) again (default: last 7 days)
  webhooks listen <slug> [--api booking|data] [--event <name> …] [--port 4500] [--once]
                                              a local receiver that checks signatures and prints events
  seed-demo                                   the demo company, its key pair and console owner (run by npm start)

Console users (the company console, CONSOLE_BASE_URL)
  users invite <slug> <email> --role owner|staff
                                              e-mails an invitation (valid 7 days) and prints its link once;
                                              how a company gets its first owner
  users list <slug>                           the company's console users and their roles

Data API (/data/v1; docs: docs/tour.md, "The Data API, by curl")
  data-api request <slug> --use "<what for>"  the company asks for access, saying what it will use it for
  data-api approve|revoke <slug>              the platform's decision; keys work only while approved
  data-api access <slug> on|off               the company's own switch (403 access_disabled while off)
  data-api plan <slug> free|paid              free: a 10-minute window a day for reads, 200 new leads a day
  data-api status <slug>                      access, use, switch and plan
  data-api window <slug> [--end | --reset]    today's free-plan window; support can end it or give it back
  data-api keys create <slug> [--label …] [--expires YYYY-MM-DD]
                                              prints the svc_live_ key once; only its fingerprint is stored
  data-api keys list <slug>
  data-api keys revoke <slug> <key-id>

The database is PGlite under .data/ unless DATABASE_URL is set; while the platform runs, the CLI
reaches the embedded database through it.`;

/**
 * Runs one svc command line against the database its environment names (DATABASE_URL, else the PGlite of
 * SVC_DATA_DIR, reached through the running platform when it owns it) and answers what it printed: the
 * process entry (main.ts) prints it, and the test suites call it in-process as an operator's command.
 */
export async function runSvc(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<Answer> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      kind: { type: 'string' },
      domain: { type: 'string', multiple: true },
      event: { type: 'string', multiple: true },
      api: { type: 'string' },
      status: { type: 'string' },
      port: { type: 'string' },
      once: { type: 'boolean', default: false },
      label: { type: 'string' },
      expires: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      use: { type: 'string' },
      end: { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      role: { type: 'string' },
      since: { type: 'string' },
      'override-reason': { type: 'string' },
    },
  });
  const [group, action, ...rest] = positionals;
  if (values.help || !group) return { text: HELP, json: { help: HELP } };

  const env = readEnv(environment);
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDir, migrate: true });
  try {
    const onOff = (value: string | undefined, on: string, off: string) => {
      if (value === on) return true;
      if (value === off) return false;
      throw new UsageError(`expected ${on} or ${off}`);
    };
    if (group === 'data-api') return await dataApiCommand(database, action, rest, values);
    if (group === 'webhooks') return await webhooksCommand(database, action, rest, values, env.allowLocalWebhooks);
    if (group === 'users') return await usersCommand(database, action, rest, values, env.consoleBaseUrl);
    const command = `${group} ${action ?? ''}`.trim();
    const moved = await officeMove(database, command, rest, values);
    if (moved) return moved;
    switch (command) {
      case 'company apply': {
        const file = path.resolve(environment.INIT_CWD ?? process.cwd(), need(rest[0], 'config file'));
        const result = await applyCompanyConfig(database, JSON.parse(readFileSync(file, 'utf8')));
        return {
          text: `${result.created ? 'created' : 'updated'} company ${result.slug} (${result.id})`,
          json: result,
        };
      }
      case 'company show': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const config = await readCompanyConfig(database, scope.companyId);
        return { text: JSON.stringify(config, null, 2), json: config };
      }
      case 'company list': {
        const rows = (await listCompanies(database.db)).map((c) => ({
          slug: c.slug,
          name: c.name,
          active: c.active,
          booking_online: c.bookingOnline,
          payments_ready: c.paymentsReady,
        }));
        return { text: table(rows), json: rows };
      }
      case 'company activate':
      case 'company deactivate': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const result = await setCompanyFlags(database, scope, { active: action === 'activate' });
        return { text: `${result.slug}: ${result.active ? 'active' : 'inactive'}`, json: result };
      }
      case 'booking on':
      case 'booking off': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const result = await setCompanyFlags(database, scope, { bookingOnline: action === 'on' });
        return { text: `${result.slug}: booking ${result.booking_online ? 'on' : 'off'}`, json: result };
      }
      case 'payments ready':
      case 'payments not-ready': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const result = await setCompanyFlags(database, scope, { paymentsReady: action === 'ready' });
        return { text: `${result.slug}: payments ${result.payments_ready ? 'ready' : 'not ready'}`, json: result };
      }
      case 'keys create': {
        const kind = need(values.kind, '--kind publishable|server');
        if (kind !== 'publishable' && kind !== 'server') throw new UsageError('--kind is publishable or server');
        const expiresAt = parseExpiry(values.expires);
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const options = { kind: kind as KeyKind, domains: values.domain, label: values.label, expiresAt };
        const key = await createKey(database, scope, options, new Date());
        return {
          text: `${key.kind} key ${key.id}\n\n  ${key.key}\n\nCopy it now: ${kind === 'server' ? 'it will not be shown again.' : 'publishable keys can be listed again.'}`,
          json: key,
        };
      }
      case 'keys list': {
        const rows = await listCompanyKeys(database, await scopeOf(database, need(rest[0], 'slug')), new Date());
        return {
          text: table(rows.map(({ allowed_domains, ...r }) => ({ ...r, allowed_domains: allowed_domains.join(' ') }))),
          json: rows,
        };
      }
      case 'keys revoke': {
        const named = need(rest[0], 'slug');
        const id = need(rest[1], 'key id');
        const result = await revokeCompanyKey(database, await scopeOf(database, named), id);
        return { text: `revoked ${result.id}`, json: result };
      }
      case 'platform booking-api': {
        const result = await setBookingApi(database, onOff(rest[0], 'on', 'off'));
        return { text: `Booking API: ${result.booking_api}`, json: result };
      }
      case 'orders list': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const rows = (await listOrders(database, scope)).map(({ order, email }) => presentOfficeOrder(order, email));
        const source = (a: Record<string, string> | null) => (a ? (a.utm_source ?? a.referrer ?? '') : '');
        return {
          text: table(rows.map(({ attribution, ...r }) => ({ ...r, source: source(attribution) }))),
          json: rows,
        };
      }
      case 'orders approve': {
        const number = wholeNumber(rest[1], 'order number');
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const result = await releaseOrder(database, processorsFor(database.db, env), scope, number, new Date());
        return {
          text: `order #${result.order_number}: ${result.status} (was ${result.previous_status}), ${result.payment_status}`,
          json: result,
        };
      }
      case 'jobs list': {
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const rows = (await listJobs(database, scope)).map(({ job, email, photos }) =>
          presentOfficeJob(job, email, photos),
        );
        return { text: table(rows), json: rows };
      }
      case 'jobs approve': {
        const number = wholeNumber(rest[1], 'job number');
        const scope = await scopeOf(database, need(rest[0], 'slug'));
        const result = await releaseJob(database, processorsFor(database.db, env), scope, number, new Date());
        return {
          text: `job #${result.job_number}: ${result.status} (was ${result.previous_status}), ${result.payment_status}`,
          json: result,
        };
      }
      case 'outbox list': {
        const rows = (await listCompanyOutbox(database, await scopeOf(database, need(rest[0], 'slug')))).map(
          presentOutboxRow,
        );
        return { text: table(rows.map(({ payload, ...r }) => r)), json: rows };
      }
      case 'seed-demo': {
        const keys = await seedDemo(database, new Date());
        return {
          text:
            `demo company ready\n  publishable: ${keys.publishable}\n  server:      ${keys.server}\n` +
            `  console:     ${keys.owner.email} / ${keys.owner.password}`,
          json: keys,
        };
      }
      default:
        throw new UsageError(`unknown command "${positionals.join(' ')}"; see npm run svc -- --help`);
    }
  } finally {
    await database.close();
  }
}
