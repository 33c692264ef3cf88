import { createHash, randomBytes } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../contract/booking';
import type { Db } from '../db/client';
import { attachIntent, findSession, insertSession, type SessionRow, updateSession } from '../db/repositories/sessions';
import { checkDeliveryDate, checkPickupDate } from '../domain/calendar';
import type { Catalog, Company } from '../domain/catalog';
import { ApiError } from '../domain/errors';
import { toDollars } from '../domain/money';
import { paymentMetadata, paymentMismatch } from '../domain/payment-match';
import { priceQuote, type QuoteCents } from '../domain/pricing';
import { evaluatePromo, PROMO_MESSAGES } from '../domain/promo';
import { checkServiceArea } from '../domain/service-area';
import { type Processor, ProcessorUnavailable } from '../payments/processor';
import { resolveMaterial } from './read-catalog';

export type ProcessorFor = (company: Company) => Processor | null;
export type IntentRequest = z.infer<typeof IntentBody>;
export type Channel = 'api' | 'link' | 'widget';
/** Counts a new payment intent against the company's caps, or refuses it (http/intent-caps.ts). */
export type AdmitIntent = (company: Company, ip: string | null) => Promise<void>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };

/** What a session freezes at payment time: the price and everything the order will be made from. */
export type FrozenBooking = {
  request: Omit<IntentRequest, 'session_id'> & { pickup_date: string };
  quote: QuoteCents;
  sizeLabel: string;
  material: { slug: string; label: string; acknowledged_at: string | null } | null;
  promoCode: string | null;
};

/**
 * POST /intents. An existing session answers first (idempotency: same id and body, the same intent; a
 * paid session, already_authorized); a new one runs every rule of spec section 4 in its order, counts
 * against the payment caps, and is written, price frozen, before anything reaches the processor.
 * `ip` is the page's address (publishable keys); null for a backend's server key.
 */
export async function createIntent(
  deps: IntentDeps,
  catalog: Catalog,
  body: IntentRequest,
  today: string,
  caller: { channel: Channel; ip: string | null },
) {
  const { company } = catalog;
  const { session_id: requestedId, ...request } = body;
  const requestHash = createHash('sha256').update(canonicalJson(request)).digest('hex');

  if (requestedId) {
    const existing = await findSession(deps.db, company.id, requestedId);
    if (existing) return replay(deps, catalog, existing, requestHash);
  }

  const frozen = checkRules(deps, catalog, request, today);
  await deps.admit(company, caller.ip);
  const sessionId = requestedId ?? `ses_${randomBytes(12).toString('hex')}`;
  const inserted = await insertSession(deps.db, {
    companyId: company.id,
    sessionId,
    kind: 'dumpster',
    state: 'intent_created',
    requestHash,
    request: frozen,
    quote: frozen.quote,
    amountCents: frozen.quote.grossTotal,
    currency: company.currency,
    bookingChannel: caller.channel,
    material: frozen.material,
  });
  if (!inserted) {
    // A concurrent call with the same session_id won the insert: answer as its replay.
    return replay(deps, catalog, (await findSession(deps.db, company.id, sessionId)) as SessionRow, requestHash);
  }
  return openPayment(deps, catalog, inserted);
}

/**
 * The processor's intent for a written session, for exactly its frozen amount. The idempotency key covers
 * what is bought (the request's hash and the amount), so a retry gets the same intent and nothing else can;
 * an intent that is not this session's is never handed to a customer.
 */
async function openPayment(deps: IntentDeps, catalog: Catalog, session: SessionRow) {
  const { company } = catalog;
  const processor = deps.processorFor(company);
  // A session written before its processor was switched off waits for it.
  if (!processor) throw new ApiError('payments_not_ready', `${company.name} cannot take card payments online yet.`);
  const intent = await processorCall(() =>
    processor.createIntent({
      amountCents: session.amountCents,
      currency: session.currency,
      idempotencyKey: `${company.id}:${session.sessionId}:${session.requestHash.slice(0, 16)}:${session.amountCents}`,
      account: accountOf(company),
      metadata: paymentMetadata(company, session.sessionId),
      maxFailedAttempts: company.paymentLimits.failedPaymentsPerSession,
    }),
  ).catch(async (err: unknown) => {
    await updateSession(deps.db, company.id, session.sessionId, { lastError: 'processor unavailable' });
    throw err;
  });
  const mismatch = paymentMismatch(intent, session);
  if (mismatch) {
    throw new ApiError(
      'upstream',
      'The payment service answered with another payment. Retry with the same session_id.',
      {
        details: { reason: `payment_${mismatch}` },
      },
    );
  }
  const ids = { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
  const attached = await attachIntent(deps.db, company.id, session.sessionId, ids);
  return intentView(catalog, processor, attached ?? { ...session, ...ids });
}

async function replay(deps: IntentDeps, catalog: Catalog, session: SessionRow, requestHash: string) {
  const processor = deps.processorFor(catalog.company);
  if (session.state === 'failed') {
    throw new ApiError(
      'idempotency_conflict',
      'This session failed and its payment was released: start a new booking with a new session_id.',
      { field: 'session_id' },
    );
  }
  if (session.state !== 'intent_created') {
    throw new ApiError('already_authorized', 'This session already has an order: use POST /confirm or GET /sessions.', {
      field: 'session_id',
    });
  }
  if (processor && session.paymentIntentId) {
    const intent = await processorCall(() =>
      processor.retrieveIntent(session.paymentIntentId as string, accountOf(catalog.company)),
    );
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      throw new ApiError(
        'already_authorized',
        'The card of this session is already authorized: call POST /confirm with it.',
        {
          field: 'session_id',
        },
      );
    }
  }
  if (session.requestHash !== requestHash) {
    throw new ApiError(
      'idempotency_conflict',
      'This session_id was used with a different request. Use a new session_id for a new booking.',
      { field: 'session_id' },
    );
  }
  // A session written before the processor failed to answer gets its intent now.
  if (!session.paymentIntentId) return openPayment(deps, catalog, session);
  return intentView(catalog, processor as Processor, session);
}

function checkRules(
  deps: IntentDeps,
  catalog: Catalog,
  request: Omit<IntentRequest, 'session_id'>,
  today: string,
): FrozenBooking {
  const { company } = catalog;
  const size = catalog.sizes.find((s) => s.id === request.size_id);
  if (!size) throw new ApiError('not_found', 'No size with this id for this company.', { field: 'size_id' });
  const material = chosenMaterial(catalog, request);

  if (!company.bookingOnline)
    throw new ApiError('booking_offline', `${company.name} is not taking online bookings right now.`);
  if (!company.paymentsReady || !deps.processorFor(company)) {
    throw new ApiError('payments_not_ready', `${company.name} cannot take card payments online yet.`);
  }
  const date = checkDeliveryDate(company, today, request.delivery_date);
  if (!date.ok) throw new ApiError(date.code, date.message, { field: 'delivery_date' });
  const pickup = checkPickupDate(company, request.delivery_date, request.rental_days, request.pickup_date);
  if (!pickup.ok) {
    throw new ApiError(pickup.code, pickup.message, { field: 'pickup_date', details: { expected: pickup.expected } });
  }
  const area = checkServiceArea(company.serviceAreaZips, request.delivery_zip);
  if (!area.ok) {
    throw area.code === 'zip_invalid'
      ? new ApiError('invalid_body', area.message, { field: 'delivery_zip' })
      : new ApiError('out_of_service_area', area.message, { field: 'delivery_zip' });
  }
  const promo = request.promo_code === undefined ? null : evaluatePromo(catalog.promos, request.promo_code, today);
  if (promo && !promo.ok) {
    throw new ApiError('promo_invalid', PROMO_MESSAGES[promo.reason], {
      field: 'promo_code',
      details: { reason: promo.reason },
    });
  }
  if (catalog.commercialEmails.has(request.customer.email.toLowerCase())) {
    throw new ApiError(
      'account_customer',
      `This e-mail belongs to a commercial account of ${company.name}: please book through your account.`,
      { field: 'customer.email' },
    );
  }
  const quote = priceQuote(catalog, { size, rentalDays: request.rental_days, material, promo });
  if (material?.requiresAck && request.material_acknowledged !== true) {
    throw new ApiError(
      'invalid_body',
      `${material.label} needs the customer's acknowledgement: send material_acknowledged: true.`,
      { field: 'material_acknowledged' },
    );
  }
  return {
    request: { ...request, pickup_date: pickup.date },
    quote,
    sizeLabel: size.label,
    material: material
      ? {
          slug: material.slug,
          label: material.label,
          acknowledged_at: material.requiresAck ? deps.now().toISOString() : null,
        }
      : null,
    promoCode: promo?.ok ? promo.code : null,
  };
}

/**
 * The material a request books: `material`, or a debris_type naming a material in any case (spec: "a value
 * equal to an active material slug is treated as that material"). Naming two different ones is refused.
 */
function chosenMaterial(catalog: Catalog, request: Omit<IntentRequest, 'session_id'>) {
  const chosen = resolveMaterial(catalog, request.material);
  const debris = request.debris_type?.trim().toLowerCase();
  const named = debris ? catalog.materials.find((m) => m.slug.toLowerCase() === debris) : undefined;
  if (chosen && named && chosen.slug !== named.slug) {
    throw new ApiError(
      'invalid_body',
      `debris_type names the material "${named.slug}" but material is "${chosen.slug}": send one material.`,
      { field: 'debris_type' },
    );
  }
  return chosen ?? named;
}

function intentView(catalog: Catalog, processor: Processor, session: SessionRow) {
  const quote = session.quote as QuoteCents;
  return {
    session_id: session.sessionId,
    payment_intent_id: session.paymentIntentId as string,
    client_secret: session.clientSecret as string,
    processor: { kind: processor.kind, publishable_key: processor.publishableKey, account: accountOf(catalog.company) },
    currency: catalog.company.currency,
    amount: {
      total: toDollars(quote.total),
      total_cents: quote.total,
      processing_fee: toDollars(quote.processingFee),
      processing_fee_cents: quote.processingFee,
      gross_total: toDollars(quote.grossTotal),
      gross_total_cents: quote.grossTotal,
      card_fee_handling: catalog.company.cardFee.handling,
    },
    next: {
      action: 'confirm_payment' as const,
      description:
        "Confirm the payment in the page with the processor's payment component and client_secret, then POST /confirm with session_id and payment_intent_id.",
    },
  };
}

/** Canadian companies take payments on their connected account. */
export const accountOf = (company: Company) => (company.country === 'CA' ? company.processor.account : null);

/** Runs a processor call; a failure to reach it is 502 upstream. */
export async function processorCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('upstream', 'The payment service did not answer. Retry with the same session_id.', {
      details: { reason: err instanceof ProcessorUnavailable ? err.message : 'processor error' },
    });
  }
}

/** JSON with sorted keys, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
