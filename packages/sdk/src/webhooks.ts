import type { webhooks as BookingWebhooks } from './generated/booking';
import type { webhooks as DataWebhooks } from './generated/data';

/** The events of a document's `webhooks`: each one's JSON body. */
type EventsOf<W> = {
  [E in keyof W]: W[E] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
}[keyof W];

/** A booking webhook, typed from the Booking API document's `webhooks`: narrow on `event`. */
export type BookingEvent = EventsOf<BookingWebhooks>;
export type BookingEventName = BookingEvent['event'];

/** A Data API webhook (order.*, payment.received, lead.created, junk_job.*), from its document: narrow on `event`. */
export type DataEvent = EventsOf<DataWebhooks>;
export type DataEventName = DataEvent['event'];

export class SvcWebhookError extends Error {
  override readonly name = 'SvcWebhookError';
}

export type VerifyOptions = {
  /** How old a delivery may be, in seconds. Default 300. */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
};

const encoder = new TextEncoder();

/**
 * Checks X-SVC-Signature (t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">) with the endpoint's
 * secret and returns the typed booking event. Pass the raw body exactly as received: a parsed and
 * re-serialized object does not match. Uses Web Crypto, so it runs in Node 20+, browsers and edge runtimes;
 * the HMAC is compared by crypto.subtle.verify, in constant time.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<BookingEvent> {
  return JSON.parse(await verifiedBody(rawBody, signatureHeader, secret, options)) as BookingEvent;
}

/**
 * The same check for a Data API endpoint's deliveries, returning the typed data event. An endpoint belongs
 * to one API and receives only its events, so the endpoint's secret says which of the two to call.
 */
export async function verifyDataWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<DataEvent> {
  return JSON.parse(await verifiedBody(rawBody, signatureHeader, secret, options)) as DataEvent;
}

/** The body as text once its signature and age are checked; SvcWebhookError otherwise. */
async function verifiedBody(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  options: VerifyOptions,
): Promise<string> {
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    throw new SvcWebhookError(
      'verifyWebhook needs the raw request body (a string or bytes), not a parsed object: read the body as text before any JSON parsing.',
    );
  }
  if (!secret?.startsWith('svc_wh_'))
    throw new SvcWebhookError('The secret is the endpoint signing secret, starting with svc_wh_.');
  if (!signatureHeader) throw new SvcWebhookError('No X-SVC-Signature header on this request.');
  const parts = new Map(signatureHeader.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) {
    throw new SvcWebhookError('X-SVC-Signature is not of the form t=<unix seconds>,v1=<64 hex digits>.');
  }
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(now - t) > tolerance) {
    throw new SvcWebhookError(
      `The delivery is ${Math.abs(now - t)} s old, over the ${tolerance} s tolerance (check the clock, or a replay).`,
    );
  }
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const signature = Uint8Array.from(v1.match(/../g) as string[], (h) => Number.parseInt(h, 16));
  const valid = await globalThis.crypto.subtle.verify('HMAC', key, signature, encoder.encode(`${t}.${body}`));
  if (!valid) throw new SvcWebhookError('The signature does not match: wrong secret, or the body was changed.');
  return body;
}
