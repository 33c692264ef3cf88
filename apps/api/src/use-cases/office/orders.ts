import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { lockCompany } from '../../db/repositories/catalog';
import { latestOrders } from '../../db/repositories/orders';
import { listOutbox } from '../../db/repositories/outbox';
import { publishChange } from '../../db/repositories/platform';
import {
  countEnabledEndpoints,
  deleteEndpoint,
  insertEndpoint,
  listEndpoints,
} from '../../db/repositories/webhook-endpoints';
import { DomainError } from '../../domain/errors';
import { BOOKING_EVENTS } from '../../domain/events';
import { checkWebhookTarget } from '../../events/ssrf';
import { presentOfficeOrder } from '../../present/orders';
import { companyBySlug } from '../company/find-company';

export const MAX_WEBHOOK_ENDPOINTS = 3;

const companyOf = (database: Database, slug: string) => companyBySlug(database.db, slug);
const refused = (message: string, field?: string) => new DomainError('invalid_body', message, { field });

/** The office's view of recent orders, newest first. */
export async function listOrders(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  const rows = await latestOrders(database.db, company.id, 100);
  return rows.map(({ order, email }) => presentOfficeOrder(order, email));
}

/** Outgoing webhooks, e-mails and texts of a company, as the outbox holds them. */
export async function listCompanyOutbox(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  return (await listOutbox(database.db, company.id)).map((row) => ({
    id: row.id,
    channel: row.channel,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    to: (row.payload as { to?: string }).to ?? row.endpointId,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  }));
}

/**
 * Adds a webhook endpoint (at most three a company): https to a public address, no credentials in the URL;
 * loopback receivers (http too) only when the platform runs with SVC_WEBHOOK_ALLOW_HTTP=1 (events/ssrf.ts).
 */
export async function addWebhookEndpoint(
  database: Database,
  slug: string,
  url: string,
  events: string[],
  allowLocal = process.env.SVC_WEBHOOK_ALLOW_HTTP === '1',
) {
  const company = await companyOf(database, slug);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refused(`"${url}" is not a URL`, 'url');
  }
  // The delivery worker checks again before every request; a name that does not resolve yet may be added.
  const target = await checkWebhookTarget(parsed, allowLocal);
  if (!target.ok && !(target.unresolved && parsed.protocol === 'https:')) throw refused(target.reason, 'url');
  const chosen = events.length ? events : [...BOOKING_EVENTS];
  const unknown = chosen.filter((e) => !(BOOKING_EVENTS as readonly string[]).includes(e));
  if (unknown.length) {
    throw refused(`unknown events: ${unknown.join(', ')} (known: ${BOOKING_EVENTS.join(', ')})`, 'events');
  }
  const secret = `svc_wh_${randomBytes(24).toString('base64url')}`;
  return database.db.transaction(async (tx) => {
    await lockCompany(tx, company.id);
    if ((await countEnabledEndpoints(tx, company.id)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw refused(`a company has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
    }
    const values = { companyId: company.id, api: 'booking' as const, url: parsed.toString(), secret, events: chosen };
    const id = await insertEndpoint(tx, values);
    await publishChange(tx);
    return { id, url: parsed.toString(), events: chosen, secret };
  });
}

export async function listWebhookEndpoints(database: Database, slug: string) {
  const company = await companyOf(database, slug);
  return (await listEndpoints(database.db, company.id)).map((r) => ({
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    consecutive_failures: r.consecutiveFailures,
    disabled_at: r.disabledAt?.toISOString() ?? null,
  }));
}

export async function removeWebhookEndpoint(database: Database, slug: string, id: string) {
  const company = await companyOf(database, slug);
  if (!(await deleteEndpoint(database.db, company.id, id))) {
    throw new DomainError('not_found', `company ${slug} has no webhook endpoint ${id}`, { field: 'id' });
  }
  return { id, removed: true };
}
