/**
 * Every error code the APIs answer, with its HTTP status. One table: the HTTP layer maps codes to
 * statuses through it and the OpenAPI document lists the codes from it.
 */
export const ERROR_STATUS = {
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
  already_authorized: 409,
  payment_intent_mismatch: 409,
  unconfirmed: 409,
  processing: 409,
  idempotency_conflict: 409,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  booking_api_off: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** A refusal with a spec code. Rules and use cases throw it; the HTTP layer renders the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { field?: string; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = extra.field;
    this.details = extra.details;
    this.headers = extra.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
