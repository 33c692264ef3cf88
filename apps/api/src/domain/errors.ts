/**
 * Every refusal the platform can answer, by code: the one vocabulary of rules, use cases and the HTTP
 * edge. The HTTP status of each code lives with the contract (contract/errors.ts), not here.
 */
/** The refusals of a junk job's day and window (POST /junk/intents, a job's move). */
export const SLOT_CODES = [
  'slot_past_date',
  'slot_same_day_closed',
  'slot_too_far',
  'slot_non_working_day',
  'slot_blackout',
  'slot_bad_window',
  'slot_bad_date',
] as const;

export const ERROR_CODES = [
  'invalid_body',
  'invalid_parameter',
  'unauthorized',
  'origin_required',
  'origin_not_allowed',
  'secret_in_browser',
  'company_inactive',
  'not_found',
  'method_not_allowed',
  'booking_offline',
  'payments_not_ready',
  'date_past',
  'date_closed',
  'out_of_service_area',
  'promo_invalid',
  'account_customer',
  'material_not_allowed',
  'size_sold_out',
  'already_authorized',
  'payment_intent_mismatch',
  'unconfirmed',
  'processing',
  'idempotency_conflict',
  'rate_limited',
  'internal',
  'upstream',
  'booking_api_off',
  ...SLOT_CODES,
  'photos_not_available',
  'photos_expired',
  'photos_limit_reached',
  'photo_too_large',
  'photo_type',
  'photo_rejected',
  'access_disabled',
  'daily_window_ended',
  'lead_quota_exceeded',
  // The company console.
  'forbidden',
  'csrf_rejected',
  'state_conflict',
  // The rental after the booking (docs/decisions/my-booking.md).
  'change_not_allowed',
  // Street placement and permits (docs/decisions/street-permits.md).
  'street_not_allowed',
  'permit_required',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorExtra = {
  /** The request field or parameter at fault. */
  field?: string;
  details?: Record<string, unknown>;
  /** For rate_limited: when the caller may try again. */
  retryAfterSeconds?: number;
  /** For the Data API's plan limits: where the company can upgrade (beside code in the envelope). */
  upgradeUrl?: string;
};

/** A refusal with a spec code. Rules and use cases throw it; the HTTP layer renders the envelope. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;
  readonly upgradeUrl?: string;

  constructor(code: ErrorCode, message: string, extra: ErrorExtra = {}) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.field = extra.field;
    this.details = extra.details;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.upgradeUrl = extra.upgradeUrl;
  }
}
