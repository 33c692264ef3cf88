import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Db } from '../db/client';
import { findCompany } from '../db/repositories/catalog';
import { claimDue, enqueueMessages, finishOutboxRow, type OutboxRow } from '../db/repositories/outbox';
import { insertAttempt } from '../db/repositories/webhook-attempts';
import {
  disableEndpoint,
  type EndpointRow,
  endpointFailed,
  endpointSucceeded,
  findEndpoint,
} from '../db/repositories/webhook-endpoints';
import { metrics } from '../lib/metrics';
import { DISABLE_AFTER_FAILURES, retryDelay, type WebhookApi } from './backoff';
import type { Channels } from './channels';
import { signatureHeader } from './signature';
import { type Address, checkWebhookTarget, type Resolve } from './ssrf';

export type DeliveryDeps = WebhookDeps & {
  channels: Channels;
  batch?: number;
};

/** What sending one webhook needs: the worker's and a console user's (resend, test event) alike. */
export type WebhookDeps = {
  db: Db;
  now: () => Date;
  /** How long a webhook receiver may take to answer. */
  timeoutMs?: number;
  /** Development and tests: deliver to loopback and http receivers. */
  allowLocalWebhooks?: boolean;
  /** How a receiver's host is resolved (tests inject one); the default asks the system's resolver. */
  resolve?: Resolve;
};

/**
 * One pass of the outbox worker: claims due rows and delivers each once, recording the outcome. Webhooks
 * are retried on their API's backoff schedule (events/backoff.ts: about an hour for the Booking API, five
 * attempts for the Data API) and their endpoint switched off after 20 failures in a row (the company is
 * e-mailed); e-mail and texts are kept in the local outbox when no provider is configured.
 */
export async function deliverDue(deps: DeliveryDeps): Promise<{ delivered: number; failed: number; kept: number }> {
  const counts = { delivered: 0, failed: 0, kept: 0 };
  const rows = await claimDue(deps.db, deps.now(), deps.batch ?? 20);
  for (const row of rows) {
    const outcome: Outcome = await attempt(deps, row).catch((err: unknown) => ({ ok: false, error: String(err) }));
    const attempts = row.attempts + 1;
    if (outcome.ok === 'kept') {
      await finishOutboxRow(deps.db, row.id, { status: 'kept', attempts });
      counts.kept++;
    } else if (outcome.ok) {
      await finishOutboxRow(deps.db, row.id, {
        status: 'delivered',
        attempts,
        deliveredAt: deps.now(),
        lastError: null,
      });
      counts.delivered++;
    } else {
      const delay = outcome.final ? null : retryDelay(attempts, outcome.api);
      await finishOutboxRow(deps.db, row.id, {
        attempts,
        lastError: outcome.error.slice(0, 500),
        ...(delay === null
          ? { status: 'failed' as const }
          : { nextAttemptAt: new Date(deps.now().getTime() + delay * 1000) }),
      });
      counts.failed++;
    }
  }
  return counts;
}

type Outcome = { ok: true } | { ok: 'kept' } | { ok: false; error: string; final?: boolean; api?: WebhookApi };
/** One HTTP attempt: what the receiver answered (null: no answer), and how long it took. */
export type Attempt =
  | { ok: true; statusCode: number; durationMs: number }
  | { ok: false; statusCode: number | null; durationMs: number; error: string; final: boolean };

async function attempt(deps: DeliveryDeps, row: OutboxRow): Promise<Outcome> {
  if (row.channel === 'webhook') return sendWebhook(deps, row);
  const message = row.payload as { to: string; subject?: string; text: string };
  const send = row.channel === 'email' ? deps.channels.email : deps.channels.sms;
  if (!send) return { ok: 'kept' };
  await send({ to: message.to, subject: message.subject ?? '', text: message.text });
  return { ok: true };
}

async function sendWebhook(deps: DeliveryDeps, row: OutboxRow): Promise<Outcome> {
  const endpoint = row.endpointId ? await findEndpoint(deps.db, row.endpointId) : undefined;
  if (!endpoint?.enabled) return { ok: false, error: 'endpoint disabled or removed', final: true };
  const sent = await attemptWebhook(deps, row, endpoint, false);
  if (sent.ok) {
    await endpointSucceeded(deps.db, endpoint.id);
    return { ok: true };
  }
  const result = { ok: false as const, error: sent.error, final: sent.final, api: endpoint.api };
  const failures = await endpointFailed(deps.db, endpoint.id);
  if (failures < DISABLE_AFTER_FAILURES) return result;
  // The switch-off and the admins' e-mail in one transaction: an endpoint is never switched off without its
  // notice written (nor seen switched off before it is).
  await deps.db.transaction(async (tx) => {
    if (!(await disableEndpoint(tx, endpoint.id))) return;
    const company = await findCompany(tx, row.companyId);
    const email = (company?.contact as { email?: string } | undefined)?.email;
    if (!email) return;
    await enqueueMessages(tx, row.companyId, [
      { channel: 'email', topic: 'webhook_disabled', to: email, ...disabledNotice(endpoint, failures, result.error) },
    ]);
  });
  return result;
}

/**
 * Sends one delivery to its endpoint once, through the SSRF check, and writes the attempt to the delivery
 * log (webhook_attempts): the status code, the time and the error, never the secret or the body. The
 * worker's retries and a console user's resend or test event all come through here (`manual` tells them
 * apart); what the attempt means for the delivery and the endpoint is the caller's.
 */
export async function attemptWebhook(
  deps: WebhookDeps,
  row: OutboxRow,
  endpoint: EndpointRow,
  manual: boolean,
): Promise<Attempt> {
  const started = performance.now();
  const url = new URL(endpoint.url);
  const target = await checkWebhookTarget(url, deps.allowLocalWebhooks ?? false, deps.resolve);
  const sent: Attempt = target.ok
    ? await post(deps, row, url, target.addresses[0] as Address, endpoint.secret, started)
    : // A refused target is not retried (it would be refused again); a name that did not resolve may yet.
      {
        ok: false,
        statusCode: null,
        durationMs: elapsed(started),
        error: `refused: ${target.reason}`,
        final: !target.unresolved,
      };
  await insertAttempt(deps.db, {
    companyId: row.companyId,
    outboxId: row.id,
    endpointId: endpoint.id,
    attempt: row.attempts + 1,
    statusCode: sent.statusCode,
    durationMs: sent.durationMs,
    error: sent.ok ? null : sent.error.slice(0, 500),
    manual,
  });
  metrics().webhookAttempts.inc({ api: endpoint.api, outcome: sent.ok ? 'delivered' : 'failed' });
  return sent;
}

const elapsed = (started: number) => Math.round(performance.now() - started);

const API_NAMES: Record<WebhookApi, string> = { booking: 'Booking API', data: 'Data API' };

/** The e-mail to the company's contact: which endpoint, of which API, and what to do. */
function disabledNotice(endpoint: EndpointRow, failures: number, lastError: string) {
  const api = API_NAMES[endpoint.api];
  return {
    subject: `Your ${api} webhook endpoint was switched off`,
    text: [
      `Deliveries of ${api} webhooks to ${endpoint.url} (endpoint ${endpoint.id}) failed ${failures} times in a row (last: ${lastError}), so the endpoint was switched off and receives no more events.`,
      `Fix the receiver, then add the endpoint again (svc webhooks add … --api ${endpoint.api}): events of the time it was off are not sent again.`,
    ].join('\n\n'),
  };
}

/**
 * POSTs the event to the address that was checked, never to a second lookup of the name (DNS rebinding);
 * TLS still verifies the certificate against the URL's host. Redirects are not followed.
 */
async function post(
  deps: WebhookDeps,
  row: OutboxRow,
  url: URL,
  address: Address,
  secret: string,
  started: number,
): Promise<Attempt> {
  const body = JSON.stringify({ event: row.topic, created_at: row.createdAt.toISOString(), data: row.payload });
  const t = Math.floor(deps.now().getTime() / 1000);
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const pinned = ((_host: string, options: { all?: boolean }, done: (...args: unknown[]) => void) =>
    options?.all ? done(null, [address]) : done(null, address.address, address.family)) as unknown as LookupFunction;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Attempt>((resolve) => {
    const req = send(url, {
      method: 'POST',
      lookup: pinned,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'svc-webhooks/1',
        'x-svc-signature': signatureHeader(secret, body, t),
        'x-svc-event': row.topic,
        'x-svc-delivery': String(row.id),
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    req.on('response', (res) => {
      res.on('error', () => {}); // a receiver that hangs up mid-answer is already counted by its status
      res.resume();
      const status = res.statusCode ?? 0;
      const durationMs = elapsed(started);
      resolve(
        status >= 200 && status < 300
          ? { ok: true, statusCode: status, durationMs }
          : { ok: false, statusCode: status, durationMs, error: `HTTP ${status}`, final: false },
      );
    });
    req.on('error', (err) => {
      const error = err.name === 'AbortError' ? `no answer in ${timeoutMs} ms` : err.message;
      resolve({ ok: false, statusCode: null, durationMs: elapsed(started), error, final: false });
    });
    req.end(body);
  });
}
