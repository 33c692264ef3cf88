import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { findCompany, lockCompany } from '../../db/repositories/catalog';
import { publishChange } from '../../db/repositories/platform';
import {
  countEnabledEndpoints,
  deleteEndpoint,
  insertEndpoint,
  listEndpoints,
} from '../../db/repositories/webhook-endpoints';
import { DomainError } from '../../domain/errors';
import { BOOKING_EVENTS, DATA_EVENTS } from '../../domain/events';
import type { Scope } from '../../domain/scope';
import type { WebhookApi } from '../../events/backoff';
import { checkWebhookTarget } from '../../events/ssrf';

/** At most this many endpoints a company, per API (the Booking API's spec section 6; the Data API's alike). */
export const MAX_WEBHOOK_ENDPOINTS = 3;

/** The events an endpoint of each API can take: an endpoint belongs to one API (domain/events.ts). */
export const EVENTS_OF: Record<WebhookApi, readonly string[]> = { booking: BOOKING_EVENTS, data: DATA_EVENTS };
const API_NAMES: Record<WebhookApi, string> = { booking: 'the Booking API', data: 'the Data API' };

const refused = (message: string, field?: string) => new DomainError('invalid_body', message, { field });

export type NewEndpoint = {
  url: string;
  /** Booking API unless said. */
  api?: WebhookApi;
  /** The API's events it takes; all of them when none is named. */
  events?: string[];
};

/**
 * Adds a webhook endpoint (at most three a company for each API): https to a public address, no credentials
 * in the URL; loopback receivers (http too) only when the platform runs with SVC_WEBHOOK_ALLOW_HTTP=1
 * (events/ssrf.ts). It takes events of its own API only.
 */
export async function addWebhookEndpoint(
  database: Database,
  scope: Scope,
  endpoint: NewEndpoint,
  allowLocal = process.env.SVC_WEBHOOK_ALLOW_HTTP === '1',
) {
  const api = endpoint.api ?? 'booking';
  if (!(api in EVENTS_OF)) throw refused(`"${api}" is not an API: booking or data`, 'api');
  const companyId = scope.companyId;
  let parsed: URL;
  try {
    parsed = new URL(endpoint.url);
  } catch {
    throw refused(`"${endpoint.url}" is not a URL`, 'url');
  }
  // The delivery worker checks again before every request; a name that does not resolve yet may be added.
  const target = await checkWebhookTarget(parsed, allowLocal);
  if (!target.ok && !(target.unresolved && parsed.protocol === 'https:')) throw refused(target.reason, 'url');
  const known = EVENTS_OF[api];
  const chosen = endpoint.events?.length ? [...new Set(endpoint.events)] : [...known];
  const unknown = chosen.filter((e) => !known.includes(e));
  if (unknown.length) {
    throw refused(
      `unknown events for ${API_NAMES[api]}: ${unknown.join(', ')} (its events: ${known.join(', ')})`,
      'events',
    );
  }
  const secret = `svc_wh_${randomBytes(24).toString('base64url')}`;
  return database.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    if ((await countEnabledEndpoints(tx, companyId, api)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw refused(`a company has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints for ${API_NAMES[api]}`);
    }
    const url = parsed.toString();
    const id = await insertEndpoint(tx, { companyId, api, url, secret, events: chosen });
    await publishChange(tx);
    return { id, api, url, events: chosen, secret };
  });
}

export async function listWebhookEndpoints(database: Database, scope: Scope) {
  return (await listEndpoints(database.db, scope.companyId)).map((r) => ({
    id: r.id,
    api: r.api,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    consecutive_failures: r.consecutiveFailures,
    disabled_at: r.disabledAt?.toISOString() ?? null,
  }));
}

export async function removeWebhookEndpoint(database: Database, scope: Scope, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id) || !(await deleteEndpoint(database.db, scope.companyId, id))) {
    // The sentence names the company by its slug, as the operator typed it (svc webhooks remove).
    const company = await findCompany(database.db, scope.companyId);
    throw new DomainError('not_found', `company ${company?.slug} has no webhook endpoint ${id}`, { field: 'id' });
  }
  return { id, removed: true };
}
