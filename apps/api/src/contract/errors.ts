import { z } from '@hono/zod-openapi';
import { ERROR_CODES, type ErrorCode } from '../domain/errors';

/**
 * The HTTP status of every error code (the codes themselves are declared once, in domain/errors.ts; the
 * type makes this table name each exactly once). The HTTP layer answers with it, the documents list
 * codes from it and the SDK's `ErrorCode` union is generated from the documents.
 */
export const ERROR_STATUS: { readonly [C in ErrorCode]: number } = {
  invalid_body: 400,
  invalid_parameter: 400,
  unauthorized: 401,
  origin_required: 401,
  origin_not_allowed: 403,
  secret_in_browser: 403,
  company_inactive: 403,
  not_found: 404,
  method_not_allowed: 405,
  booking_offline: 409,
  payments_not_ready: 409,
  date_past: 409,
  date_closed: 409,
  out_of_service_area: 409,
  promo_invalid: 409,
  account_customer: 409,
  material_not_allowed: 409,
  size_sold_out: 409,
  already_authorized: 409,
  payment_intent_mismatch: 409,
  unconfirmed: 409,
  processing: 409,
  idempotency_conflict: 409,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  booking_api_off: 503,
  slot_past_date: 409,
  slot_same_day_closed: 409,
  slot_too_far: 409,
  slot_non_working_day: 409,
  slot_blackout: 409,
  slot_bad_window: 409,
  slot_bad_date: 409,
  photos_not_available: 409,
  photos_expired: 410,
  photos_limit_reached: 409,
  photo_too_large: 413,
  photo_type: 415,
  photo_rejected: 400,
  access_disabled: 403,
  daily_window_ended: 429,
  lead_quota_exceeded: 429,
  forbidden: 403,
  csrf_rejected: 403,
  state_conflict: 409,
  change_not_allowed: 409,
  street_not_allowed: 409,
  permit_required: 409,
};

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional().openapi({ description: 'the request field or parameter at fault' }),
      details: z.record(z.string(), z.unknown()).optional(),
      upgrade_url: z
        .url()
        .optional()
        .openapi({ description: "the Data API's plan limits: where the company can move to the paid plan" }),
    }),
  })
  .openapi('Error');

/** Codes any authenticated Booking API call can answer. */
export const AUTH_ERRORS = [
  'unauthorized',
  'origin_required',
  'origin_not_allowed',
  'secret_in_browser',
  'company_inactive',
  'method_not_allowed',
  'rate_limited',
  'booking_api_off',
  'internal',
] as const satisfies readonly ErrorCode[];

/** OpenAPI responses for a list of error codes, grouped by status; each names the codes it carries. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `Error: ${list.join(', ')}`,
        content: { 'application/json': { schema: ErrorBody } },
      },
    ]),
  );
}
