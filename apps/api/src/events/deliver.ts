import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Db } from '../db/client';
import { claimDue, finishOutboxRow, type OutboxRow, releaseOutboxRows } from '../db/repositories/outbox';
import { insertAttempt } from '../db/repositories/webhook-attempts';
import {
  type EndpointRow,
  endpointFailed,
  endpointSucceeded,
  findEndpoint,
} from '../db/repositories/webhook-endpoints';
import { metrics } from '../lib/metrics';
import { DISABLE_AFTER_FAILURES, ENDPOINT_BACKOFF_SECONDS, retryDelay, type WebhookApi } from './backoff';
import type { Channels } from './channels';
import { signatureHeader } from './signature';
import { type Address, checkWebhookTarget, type Resolve } from './ssrf';
import { switchOff } from './switch-off';

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
 * One pass of the outbox worker: claims due rows and delivers each once, recording the outcome. A failed
 * webhook counts against its endpoint, whose whole queue then waits for the endpoint's backoff
 * (events/backoff.ts): its other rows claimed in this pass go back without an attempt, so a receiver that is
 * down costs one attempt per wait, not one per pending event, and "20 failures in a row" takes about an hour.
 * Each event keeps its own API's schedule, counted only when it is attempted (about an hour for the Booking
 * API, five attempts for the Data API). At 20 failures in a row the endpoint is switched off, keeping its
 * events (held), and the company is e-mailed (events/switch-off.ts). E-mail and texts are kept in the local
 * outbox when no provider is configured.
 */
export async function deliverDue(
  deps: DeliveryDeps,
): Promise<{ delivered: number; failed: number; kept: number; waiting: number }> {
  const counts = { delivered: 0, failed: 0, kept: 0, waiting: 0 };
  const rows = await claimDue(deps.db, deps.now(), deps.batch ?? 20);
  /** Endpoints that failed or were found off in this pass, and until when their rows wait. */
  const waitFor = new Map<string, Date>();
  for (const row of rows) {
    const wait = row.endpointId ? waitFor.get(row.endpointId) : undefined;
    if (wait) {
      await releaseOutboxRows(deps.db, [row.id], wait);
      counts.waiting++;
      continue;
    }
    const outcome: Outcome = await attempt(deps, row).catch((err: unknown) => ({ ok: false, error: String(err) }));
    const attempts = row.attempts + 1;
    if (outcome.ok === 'held') {
      await finishOutboxRow(deps.db, row.id, { status: 'held' });
      if (row.endpointId) waitFor.set(row.endpointId, deps.now());
      counts.waiting++;
    } else if (outcome.ok === 'kept') {
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
      const own = delay === null ? null : deps.now().getTime() + delay * 1000;
      const due = Math.max(own ?? 0, outcome.retryAt?.getTime() ?? 0);
      if (row.endpointId && outcome.retryAt) waitFor.set(row.endpointId, outcome.retryAt);
      await finishOutboxRow(deps.db, row.id, {
        attempts,
        lastError: outcome.error.slice(0, 500),
        ...(own === null ? { status: 'failed' as const } : { nextAttemptAt: new Date(due) }),
      });
      counts.failed++;
    }
  }
  return counts;
}

type Outcome =
  | { ok: true }
  | { ok: 'kept' }
  /** The endpoint is switched off: the row waits for it, held, without an attempt. */
  | { ok: 'held' }
  | { ok: false; error: string; final?: boolean; api?: WebhookApi; retryAt?: Date };
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
  if (!endpoint) return { ok: false, error: 'endpoint removed', final: true };
  if (!endpoint.enabled) return { ok: 'held' };
  const sent = await attemptWebhook(deps, row, endpoint, false);
  if (sent.ok) {
    await endpointSucceeded(deps.db, endpoint.id);
    return { ok: true };
  }
  const { failures, retryAt } = await endpointFailed(deps.db, endpoint.id, deps.now(), ENDPOINT_BACKOFF_SECONDS);
  const result = { ok: false as const, error: sent.error, final: sent.final, api: endpoint.api, retryAt };
  if (failures >= DISABLE_AFTER_FAILURES) await switchOff(deps.db, endpoint, row.companyId, failures, sent.error);
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
