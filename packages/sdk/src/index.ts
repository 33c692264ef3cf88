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
export {
  type Customer,
  type CustomersQuery,
  createDataClient,
  type DataClient,
  type DataClientOptions,
  type DataSize,
  type Estimate,
  type EstimatesQuery,
  type JunkJob,
  type JunkJobsQuery,
  type Lead,
  type LeadPushOptions,
  type LeadPushResult,
  type LeadRequest,
  type LeadsQuery,
  type Order,
  type OrdersQuery,
  type Page,
  type PageRequest,
  type SizesQuery,
} from './data';
export { type CompanyEmbed, fetchCompanyEmbed } from './embed';
export { type ErrorBody, type ErrorCode, SvcApiError, SvcConnectionError } from './errors';
export type { components, paths, webhooks } from './generated/booking';
export type {
  components as DataComponents,
  paths as DataPaths,
  webhooks as DataWebhooks,
} from './generated/data';
export type { RentalBooking, RentalChange, RentalChangeQuote, RentalChangeRequest } from './rental';
export type { RateLimitOptions } from './transport';
export {
  type BookingEvent,
  type BookingEventName,
  type DataEvent,
  type DataEventName,
  SvcWebhookError,
  type VerifyOptions,
  verifyDataWebhook,
  verifyWebhook,
} from './webhooks';
