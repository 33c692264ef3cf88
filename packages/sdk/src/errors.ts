import type { components } from './generated/booking';

/** Every code the Booking API answers with, generated from its OpenAPI document: `switch (err.code)` is checked. */
export type ErrorCode = components['schemas']['Error']['error']['code'];

/**
 * A refusal by the API: every non-2xx answer is thrown as one of these. Branch on `code`, show `message`,
 * point the user at `field`. `retryAfter` is set on 429; `requestId` is worth quoting to support.
 */
export class SvcApiError extends Error {
  override readonly name = 'SvcApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: components['schemas']['Error'], headers?: Headers) {
    super(body.error.message);
    this.status = status;
    this.code = body.error.code;
    this.field = body.error.field;
    this.details = body.error.details;
    const retryAfter = Number(headers?.get('retry-after'));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    this.requestId = headers?.get('x-request-id') ?? undefined;
  }
}

/** The API could not be reached (DNS, connection refused, reset, time-out): safe to retry idempotent calls. */
export class SvcConnectionError extends Error {
  override readonly name = 'SvcConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
