import { createRoute, z } from '@hono/zod-openapi';
import { SESSION_STATES } from '../../domain/session-state';
import { Attribution, bearer, Cents, clean, DateString, Dollars, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { Placement } from './permits';

// The card-paid order: POST /intents, POST /confirm, GET /sessions/{session_id}.

export const SessionId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _')
  .openapi({ description: 'idempotency id of the booking attempt', example: 'ses_4f9a2c1e8b7d' });

/**
 * A session as POST /intents answered its id: a publishable key's sessions start `pk_` (an id such a key
 * chose is kept there, three characters longer: docs/decisions/session-namespaces.md).
 */
export const SessionRef = z
  .string()
  .min(8)
  .max(67)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _')
  .openapi({ description: 'the session_id POST /intents answered', example: 'pk_ses_4f9a2c1e8b7d' });

/** The booking a customer changed before paying, on POST /intents and /junk/intents (docs/decisions/session-namespaces.md). */
export const ReplacesSessionId = SessionRef.openapi({
  description:
    "a session this booking replaces (the customer went back to change the details, paid or not), with replaces_client_secret: unless it already made its order or job, it ends now and its payment is released, so one customer's booking ends in at most one order and one capture. Only the page that opened it can name it: the same company, kind of booking and kind of key, and the client_secret its intent answered; anything else is 404 not_found. One that made its order is refused as already_authorized; one being confirmed at that moment, as processing.",
});
export const ReplacesClientSecret = z
  .string()
  .min(1)
  .max(200)
  .openapi({ description: 'the client_secret POST /intents answered for the session named in replaces_session_id' });

/** replaces_session_id and replaces_client_secret go together: one without the other names the missing one. */
export function replacesTogether(
  body: { replaces_session_id?: string; replaces_client_secret?: string },
  ctx: z.RefinementCtx,
) {
  const id = body.replaces_session_id !== undefined;
  const secret = body.replaces_client_secret !== undefined;
  if (id === secret) return;
  const missing = id ? 'replaces_client_secret' : 'replaces_session_id';
  ctx.addIssue({
    code: 'custom',
    path: [missing],
    message: 'replaces_session_id and replaces_client_secret go together',
  });
}

export const Customer = z
  .strictObject({
    name: clean(z.string().trim().min(1).max(120)),
    email: z.email().max(200),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{7,40}$/, 'a phone number'),
    type: z.enum(['residential', 'contractor']).optional(),
    company_name: clean(z.string().trim().max(120)).optional(),
  })
  .openapi('Customer');

export const IntentBody = z
  .strictObject({
    size_id: z.uuid(),
    rental_days: z.number().int().min(1).max(365),
    delivery_date: DateString,
    pickup_date: DateString.optional().openapi({
      description:
        'delivery_date + rental_days, which is also the default; any other date is refused (every rental day is paid)',
    }),
    delivery_address: clean(z.string().trim().min(1).max(200)).openapi({ description: 'street number and name' }),
    delivery_city: clean(z.string().trim().max(100)).optional(),
    delivery_state: clean(z.string().trim().max(100)).optional(),
    delivery_zip: clean(z.string().trim().min(1).max(20)),
    placement_lat: z.number().min(-90).max(90).optional(),
    placement_lng: z.number().min(-180).max(180).optional(),
    placement: Placement.optional(),
    debris_type: clean(z.string().trim().max(100)).optional(),
    customer: Customer,
    promo_code: clean(z.string().min(1).max(64)).optional(),
    terms_accepted: z.literal(true, 'the customer must accept the terms (true)'),
    session_id: SessionId.optional(),
    replaces_session_id: ReplacesSessionId.optional(),
    replaces_client_secret: ReplacesClientSecret.optional(),
    material: clean(z.string().min(1).max(64)).optional(),
    material_acknowledged: z.boolean().optional(),
    attribution: Attribution.optional(),
  })
  .superRefine(replacesTogether)
  .openapi('IntentRequest');

const Amount = z.object({
  total: Dollars,
  total_cents: Cents,
  processing_fee: Dollars,
  processing_fee_cents: Cents,
  gross_total: Dollars,
  gross_total_cents: Cents,
  card_fee_handling: z.enum(['customer_pays', 'company_absorbs']),
});

/** A booking's reference for people (notices, the unconfirmed screen, the office): it opens nothing. */
export const Reference = z.string().openapi({
  description: 'a reference to quote to the company: it identifies the booking but opens nothing',
  example: 'BK-7Q2M-X4KD',
});

export const Intent = z
  .object({
    session_id: z.string(),
    reference: Reference,
    payment_intent_id: z.string(),
    client_secret: z.string(),
    processor: z.object({
      kind: z.enum(['sandbox', 'stripe']),
      publishable_key: z.string(),
      account: z.string().nullable().openapi({ description: 'connected account (Canadian companies)' }),
    }),
    currency: z.enum(['USD', 'CAD']),
    amount: Amount,
    card_saved: z.boolean().openapi({
      description:
        "true: the card will be saved with the company, with the customer's consent, to pay for changes they make later (more days, a swap) on their My booking page; say so on the payment step",
    }),
    next: z.object({
      action: z.literal('confirm_payment'),
      description: z.string(),
    }),
  })
  .openapi('Intent');

export const ConfirmBody = z
  .strictObject({ session_id: SessionRef, payment_intent_id: z.string().min(1).max(100) })
  .openapi('ConfirmRequest');

const Confirmation = z
  .object({
    state: z.enum(['confirmed', 'held']),
    order_number: z.number().int(),
    order_id: z.uuid(),
    invoice_id: z.uuid(),
    customer_id: z.uuid(),
    already: z.boolean().optional().openapi({ description: 'true when this order was created by an earlier call' }),
    manage_url: z.url().optional().openapi({
      description:
        "the customer's private My booking page (see, extend, end early, move the delivery). Only the answer that created the order carries it; it is also in the confirmation e-mail and text",
    }),
  })
  .openapi('Confirmation');

const Session = z
  .object({
    session_id: z.string(),
    reference: Reference,
    kind: z
      .enum(['dumpster', 'junk'])
      .openapi({ description: 'what the session books: a dumpster order or a junk job' }),
    state: z.enum(SESSION_STATES),
    payment_intent_id: z.string().nullable(),
    order_number: z.number().int().nullable(),
    order_id: z.uuid().nullable(),
    job_number: z.number().int().nullable().openapi({ description: "a junk session's job, once made" }),
    job_id: z.uuid().nullable(),
    last_error: z.string().nullable(),
    updated_at: z.string().openapi({ format: 'date-time' }),
    material: z.object({ slug: z.string(), label: z.string(), acknowledged_at: z.string().nullable() }).nullable(),
    amount_cents: Cents,
  })
  .openapi('Session');

export const createIntent = createRoute({
  operationId: 'createIntent',
  method: 'post',
  path: '/intents',
  summary: 'Check every booking rule, freeze the price and open a card payment',
  security: bearer,
  request: { body: jsonBody(IntentBody) },
  responses: {
    ...dataOf(Intent, 'The payment to confirm in the browser'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'booking_offline',
      'payments_not_ready',
      'date_past',
      'date_closed',
      'out_of_service_area',
      'street_not_allowed',
      'promo_invalid',
      'account_customer',
      'material_not_allowed',
      'size_sold_out',
      'already_authorized',
      'processing',
      'idempotency_conflict',
      'upstream',
    ]),
  },
});

export const confirm = createRoute({
  operationId: 'confirm',
  method: 'post',
  path: '/confirm',
  summary: 'Create the order once the card is authorized; safe to repeat with the same pair',
  security: bearer,
  request: { body: jsonBody(ConfirmBody) },
  responses: {
    ...dataOf(Confirmation, 'The order'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'payment_intent_mismatch',
      'unconfirmed',
      'processing',
      'promo_invalid',
      'size_sold_out',
      'upstream',
    ]),
  },
});

export const getSession = createRoute({
  operationId: 'getSession',
  method: 'get',
  path: '/sessions/{session_id}',
  summary: 'Where a booking attempt stands',
  security: bearer,
  request: { params: z.object({ session_id: SessionRef }) },
  responses: {
    ...dataOf(Session, 'The session'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter', 'not_found']),
  },
});
