import type { Database } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { lockCompany } from '../../db/repositories/catalog';
import type { OutboxRow } from '../../db/repositories/outbox';
import { publishChange } from '../../db/repositories/platform';
import {
  claimManualAttempt,
  findDelivery,
  finishManualAttempt,
  insertManualDelivery,
  listAttempts,
  listDeliveries,
  requeueDeliveries,
  undeliveredCounts,
} from '../../db/repositories/webhook-attempts';
import {
  countEnabledEndpoints,
  enableEndpoint,
  endpointSucceeded,
  findCompanyEndpoint,
  listEndpoints,
} from '../../db/repositories/webhook-endpoints';
import { DomainError } from '../../domain/errors';
import { BOOKING_EVENTS, type BookingEventName, DATA_EVENTS, type DataEventName } from '../../domain/events';
import { actingUser, type Scope } from '../../domain/scope';
import { attemptWebhook } from '../../events/deliver';
import { sampleEvent } from '../../events/sample-events';
import { isUuid } from '../../lib/uuid';
import { addWebhookEndpoint, MAX_WEBHOOK_ENDPOINTS, type NewEndpoint, removeWebhookEndpoint } from './endpoints';

/**
 * The console's delivery log of a webhook endpoint, its resend and its test event (docs/decisions/console-settings.md). Every query carries the company's id: an endpoint or delivery
 * of another company is not found. A manual attempt goes through the same send as the worker's
 * (events/deliver.ts: SSRF check, signature, the attempt written to the log), also to a switched-off
 * endpoint: that is how an owner checks a fixed receiver before switching it back on.
 */
export const DELIVERIES_PER_PAGE = 20;

/** `allowLocal`: the platform's SVC_WEBHOOK_ALLOW_HTTP (runtime/config.ts), loopback and plain http receivers. */
export type ManualOptions = { now: Date; allowLocal: boolean };
const noEndpoint = (id: string) =>
  new DomainError('not_found', `There is no webhook endpoint ${id} in your company.`, { field: 'id' });

export async function endpointOf(database: Database, companyId: string, id: string) {
  const endpoint = isUuid(id) ? await findCompanyEndpoint(database.db, companyId, id) : undefined;
  if (!endpoint) throw noEndpoint(id);
  return endpoint;
}

async function deliveryOf(database: Database, companyId: string, endpointId: string, id: string) {
  const number = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const row = number === null ? undefined : await findDelivery(database.db, companyId, endpointId, number);
  if (!row) {
    throw new DomainError('not_found', `This endpoint has no delivery ${id}.`, { field: 'delivery_id' });
  }
  return row;
}

export async function listEndpointDeliveries(database: Database, scope: Scope, endpointId: string, page: number) {
  const { companyId } = scope;
  const endpoint = await endpointOf(database, companyId, endpointId);
  const rows = await listDeliveries(database.db, companyId, endpoint.id, page, DELIVERIES_PER_PAGE);
  const shown = rows.slice(0, DELIVERIES_PER_PAGE);
  const attempts = await listAttempts(
    database.db,
    companyId,
    shown.map((r) => r.id),
  );
  return {
    endpoint,
    deliveries: shown,
    attempts,
    page,
    perPage: DELIVERIES_PER_PAGE,
    hasMore: rows.length > DELIVERIES_PER_PAGE,
  };
}

/**
 * Sends one delivery again now. `seen` is how many attempts the page showed: a second click (or a resend
 * racing another) finds the count moved and is refused with state_conflict instead of sending twice.
 */
export async function resendDelivery(
  database: Database,
  scope: Scope,
  endpointId: string,
  deliveryId: string,
  options: ManualOptions & { seen?: number },
) {
  const { companyId } = scope;
  const endpoint = await endpointOf(database, companyId, endpointId);
  const row = await deliveryOf(database, companyId, endpoint.id, deliveryId);
  const seen = options.seen ?? row.attempts;
  const claimed = await claimManualAttempt(database.db, companyId, row.id, seen);
  if (!claimed) {
    throw new DomainError(
      'state_conflict',
      'This delivery was attempted again since the page was loaded; reload to see how it went.',
    );
  }
  return manualAttempt(database, companyId, { ...claimed, attempts: seen }, endpoint, options);
}

/** Sends a signed sample of one of the endpoint's events (its first when none is named), logged as a delivery. */
export async function sendTestEvent(
  database: Database,
  scope: Scope,
  endpointId: string,
  event: string | undefined,
  options: ManualOptions,
) {
  const { companyId } = scope;
  const endpoint = await endpointOf(database, companyId, endpointId);
  const name = event ?? endpoint.events[0];
  if (!name || !endpoint.events.includes(name)) {
    throw new DomainError(
      'invalid_body',
      `This endpoint does not take ${event}; send one of its events: ${endpoint.events.join(', ')}.`,
      { field: 'event' },
    );
  }
  const payload = sampleEvent(name as BookingEventName | DataEventName, options.now);
  const row = await insertManualDelivery(database.db, { companyId, endpointId: endpoint.id, topic: name, payload });
  const claimed = await claimManualAttempt(database.db, companyId, row.id, 0);
  return manualAttempt(database, companyId, { ...(claimed as OutboxRow), attempts: 0 }, endpoint, options);
}

async function manualAttempt(
  database: Database,
  companyId: string,
  row: OutboxRow,
  endpoint: Awaited<ReturnType<typeof endpointOf>>,
  options: ManualOptions,
) {
  const sent = await attemptWebhook(
    { db: database.db, now: () => options.now, allowLocalWebhooks: options.allowLocal },
    row,
    endpoint,
    true,
  );
  const finished = await finishManualAttempt(database.db, row.id, {
    ok: sent.ok,
    error: sent.ok ? null : sent.error,
    now: options.now,
  });
  if (sent.ok) await endpointSucceeded(database.db, endpoint.id);
  const attempts = await listAttempts(database.db, companyId, [row.id]);
  return { delivery: finished, attempts };
}

/**
 * Switches a switched-off endpoint back on (within the limit of enabled endpoints per API), its failures and
 * backoff forgotten, and sends what it kept: its held deliveries go back in the queue with fresh attempts, in
 * the same transaction. `requeued`: how many. Switching on an endpoint that is on changes nothing.
 */
export async function enableWebhookEndpoint(database: Database, scope: Scope, endpointId: string, now = new Date()) {
  const { companyId } = scope;
  const endpoint = await endpointOf(database, companyId, endpointId);
  if (endpoint.enabled) return { ...endpoint, requeued: 0 };
  return database.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    if ((await countEnabledEndpoints(tx, companyId, endpoint.api)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new DomainError(
        'invalid_body',
        `A company has at most ${MAX_WEBHOOK_ENDPOINTS} enabled endpoints for this API: remove one first.`,
      );
    }
    const switched = await enableEndpoint(tx, companyId, endpoint.id);
    const requeued = switched ? await requeueDeliveries(tx, companyId, endpoint.id, { held: true }, now) : 0;
    await publishChange(tx);
    return { ...endpoint, enabled: true, disabledAt: null, consecutiveFailures: 0, retryAt: null, requeued };
  });
}

/** Adds an endpoint for the console: the shared use case, audited; the endpoint as the log shows it, its secret once. */
export async function addConsoleEndpoint(database: Database, scope: Scope, endpoint: NewEndpoint) {
  const created = await addWebhookEndpoint(database, scope, endpoint);
  await insertAudit(database.db, {
    companyId: scope.companyId,
    userId: actingUser(scope),
    action: 'webhook.created',
    subject: `endpoint:${created.id}`,
  });
  return { endpoint: await endpointOf(database, scope.companyId, created.id), secret: created.secret };
}

export async function removeConsoleEndpoint(database: Database, scope: Scope, id: string) {
  const removed = await removeWebhookEndpoint(database, scope, id);
  await insertAudit(database.db, {
    companyId: scope.companyId,
    userId: actingUser(scope),
    action: 'webhook.removed',
    subject: `endpoint:${removed.id}`,
  });
  return { id: removed.id, removed: true as const };
}

/** How far back the console counts undelivered deliveries, and sends them again unless told a time. */
export const UNDELIVERED_DAYS = 7;
export const undeliveredSince = (now: Date) => new Date(now.getTime() - UNDELIVERED_DAYS * 86_400_000);

/**
 * The company's endpoints as the console lists them (never their secrets), each with its held deliveries and
 * its undelivered ones of the last UNDELIVERED_DAYS days, and what each API can send.
 */
export async function listConsoleEndpoints(database: Database, scope: Scope, now = new Date()) {
  const counts = await undeliveredCounts(database.db, scope.companyId, undeliveredSince(now));
  const endpoints = await listEndpoints(database.db, scope.companyId);
  return {
    endpoints: endpoints.map((e) => ({ ...e, ...(counts.get(e.id) ?? { held: 0, undelivered: 0 }) })),
    events: { booking: [...BOOKING_EVENTS], data: [...DATA_EVENTS] },
    max_per_api: MAX_WEBHOOK_ENDPOINTS,
  };
}
