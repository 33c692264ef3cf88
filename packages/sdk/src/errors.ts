import type { components as Booking } from './generated/booking';
import type { components as Data } from './generated/data';

/**
 * The error envelope of either API. The server keeps one table of codes, so today both documents list the
 * same ones; the union keeps this true if a document ever lists fewer.
 */
export type ErrorBody = Booking['schemas']['Error'] | Data['schemas']['Error'];

/** Every code the APIs answer with, generated from their OpenAPI documents: `switch (err.code)` is checked. */
export type ErrorCode = ErrorBody['error']['code'];

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
  /** The Data API's plan limits (daily_window_ended, lead_quota_exceeded): where the company moves to the paid plan. */
  readonly upgradeUrl: string | undefined;
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: ErrorBody, headers?: Headers) {
    super(body.error.message);
    this.status = status;
    this.code = body.error.code;
    this.field = body.error.field;
    this.details = body.error.details;
    this.upgradeUrl = body.error.upgrade_url;
    const retryAfter = Number(headers?.get('retry-after'));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    this.requestId = headers?.get('x-request-id') ?? undefined;
  }
}

/**
 * The API could not be reached (DNS, connection refused, reset, time-out), or something else answered in
 * its place (a proxy's error page, a wrong baseUrl): safe to retry idempotent calls.
 */
export class SvcConnectionError extends Error {
  override readonly name = 'SvcConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
