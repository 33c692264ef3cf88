export {
  type Availability,
  type BookingClient,
  type BookingClientOptions,
  type CheckRequest,
  type CheckResult,
  type Company,
  type Confirmation,
  type ConfirmRequest,
  createBookingClient,
  type Intent,
  type IntentRequest,
  type JunkAvailability,
  type JunkConfig,
  type JunkConfirmation,
  type JunkIntentRequest,
  type JunkPhotos,
  type JunkQuote,
  type JunkQuoteRequest,
  type Materials,
  newSessionId,
  type PhotoFile,
  type Quote,
  type QuoteRequest,
  type Session,
  type Size,
} from './client';
export {
  type ConfirmOutcome,
  type ConfirmWithRetryOptions,
  confirmJunkWithRetry,
  confirmWithRetry,
  type JunkConfirmOutcome,
} from './confirm';
export { type CompanyEmbed, fetchCompanyEmbed } from './embed';
export { type ErrorCode, SvcApiError, SvcConnectionError } from './errors';
export type { components, paths, webhooks } from './generated/booking';
export {
  type BookingEvent,
  type BookingEventName,
  SvcWebhookError,
  type VerifyOptions,
  verifyWebhook,
} from './webhooks';
