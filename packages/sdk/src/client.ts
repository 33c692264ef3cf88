import createClient from 'openapi-fetch';
import type { components, paths } from './generated/booking';
import { dataOf, fetchWaitingOutRateLimit, type RateLimitOptions } from './transport';

type Schemas = components['schemas'];
export type Company = Schemas['Company'];
export type Size = Schemas['Size'];
export type Materials = Schemas['Materials'];
export type Availability = Schemas['Availability'];
export type CheckRequest = Schemas['CheckRequest'];
export type CheckResult = Schemas['CheckResult'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type Quote = Schemas['Quote'];
export type IntentRequest = Schemas['IntentRequest'];
export type Intent = Schemas['Intent'];
export type ConfirmRequest = Schemas['ConfirmRequest'];
export type Confirmation = Schemas['Confirmation'];
export type Session = Schemas['Session'];
export type JunkConfig = Schemas['JunkConfig'];
export type JunkAvailability = Schemas['JunkAvailability'];
export type JunkQuoteRequest = Schemas['JunkQuoteRequest'];
export type JunkQuote = Schemas['JunkQuote'];
export type JunkIntentRequest = Schemas['JunkIntentRequest'];
export type JunkConfirmation = Schemas['JunkConfirmation'];
export type JunkPhotos = Schemas['JunkPhotos'];
/** An order after its booking (server keys): what its My booking page shows, and its changes. */
export type BookedOrder = Schemas['RentalBooking'];
export type OrderChangeRequest = Schemas['RentalChangeRequest'];
export type OrderChangeQuote = Schemas['RentalChangeQuote'];
export type OrderChange = Schemas['RentalChange'];
/** A photo to upload: a File or Blob in browsers, a Blob (or File) from a Buffer on servers. */
export type PhotoFile = Blob;

export type BookingClientOptions = RateLimitOptions & {
  /** Where the platform is, e.g. https://book.example.com (the client adds /booking/v1). */
  baseUrl: string;
  /** A server key (svc_sk_booking_…) on servers; a publishable key (svc_pk_live_…) in pages on allowed domains. */
  apiKey: string;
  /** Another fetch (tests, edge runtimes, instrumentation). Default: globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * Wait and retry a 429 rate_limited answer for as long as Retry-After says, at most this many times, when
   * the wait is a minute or less (the per-minute limit). A longer wait (the hourly payment caps) is thrown
   * at once, with `retryAfter`, for the page to tell. Default 0.
   */
  retryOnRateLimit?: number;
};

/** A session id for POST /intents: 128 random bits, in the 8-64 characters the API takes. */
export function newSessionId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return `ses_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The Booking API, typed from its OpenAPI document. Each method resolves to the response's `data` and
 * throws SvcApiError (or SvcConnectionError) otherwise. `raw` is the underlying openapi-fetch client for
 * anything else, with the same key.
 */
export function createBookingClient(options: BookingClientOptions) {
  const raw = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/$/, '')}/booking/v1`,
    fetch: fetchWaitingOutRateLimit('Booking API', options.fetch ?? globalThis.fetch, options),
  });
  raw.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
  });

  return {
    raw,
    company: () => dataOf<Company>(raw.GET('/company')),
    sizes: () => dataOf<Size[]>(raw.GET('/sizes')),
    materials: () => dataOf<Materials>(raw.GET('/materials')),
    availability: (query: { from?: string; to?: string; size_id?: string; rental_days?: number } = {}) =>
      dataOf<Availability>(raw.GET('/availability', { params: { query } })),
    check: (body: CheckRequest) => dataOf<CheckResult>(raw.POST('/check', { body })),
    quote: (body: QuoteRequest) => dataOf<Quote>(raw.POST('/quote', { body })),
    /** Opens the payment; a session_id is generated when absent (keep it: retries must reuse it). */
    createIntent: (body: Omit<IntentRequest, 'session_id'> & { session_id?: string }) =>
      dataOf<Intent>(raw.POST('/intents', { body: { ...body, session_id: body.session_id ?? newSessionId() } })),
    /** Only the pair is sent, so the intent object itself can be passed. */
    confirm: ({ session_id, payment_intent_id }: ConfirmRequest) =>
      dataOf<Confirmation>(raw.POST('/confirm', { body: { session_id, payment_intent_id } })),
    session: (sessionId: string) =>
      dataOf<Session>(raw.GET('/sessions/{session_id}', { params: { path: { session_id: sessionId } } })),

    /** Junk removal: loads and prices, arrival windows, photo rules. */
    junkConfig: () => dataOf<JunkConfig>(raw.GET('/junk/config')),
    junkAvailability: (query: { from?: string; to?: string } = {}) =>
      dataOf<JunkAvailability>(raw.GET('/junk/availability', { params: { query } })),
    junkQuote: (body: JunkQuoteRequest) => dataOf<JunkQuote>(raw.POST('/junk/quote', { body })),
    /** Holds the window's seat and opens the payment; a session_id is generated when absent (keep it). */
    createJunkIntent: (body: Omit<JunkIntentRequest, 'session_id'> & { session_id?: string }) =>
      dataOf<Intent>(raw.POST('/junk/intents', { body: { ...body, session_id: body.session_id ?? newSessionId() } })),
    /** The same pair as confirm: the intent itself can be passed. */
    confirmJunk: ({ session_id, payment_intent_id }: ConfirmRequest) =>
      dataOf<JunkConfirmation>(raw.POST('/junk/confirm', { body: { session_id, payment_intent_id } })),
    /** Up to 3 photos in all, within 2 hours of confirm; sent as multipart/form-data. */
    uploadJunkPhotos: (sessionId: string, photos: PhotoFile[]) => {
      const form = new FormData();
      form.set('session_id', sessionId);
      for (const [i, photo] of photos.entries()) {
        form.append('photos', photo, photo instanceof File ? photo.name : `photo-${i + 1}`);
      }
      return dataOf<JunkPhotos>(
        raw.POST('/junk/photos', { body: { session_id: sessionId, photos: [] }, bodySerializer: () => form }),
      );
    },

    /** An order after its booking, with a server key: its days, status, what was paid, its changes. */
    order: (orderNumber: number) =>
      dataOf<BookedOrder>(raw.GET('/orders/{order_number}', { params: { path: { order_number: orderNumber } } })),
    /** What a change (extend, end early, move the delivery, swap) would make of the order and cost. */
    quoteOrderChange: (orderNumber: number, body: OrderChangeRequest) =>
      dataOf<OrderChangeQuote>(
        raw.POST('/orders/{order_number}/changes/quote', { params: { path: { order_number: orderNumber } }, body }),
      ),
    /**
     * Makes a change: a free one at once, a paid one charged to the customer's saved card (or
     * `requires_payment`). Keep `idempotencyKey` for a retry: the same key answers the same change, charged once.
     */
    changeOrder: (orderNumber: number, body: OrderChangeRequest, idempotencyKey: string) =>
      dataOf<OrderChange>(
        raw.POST('/orders/{order_number}/changes', {
          params: { path: { order_number: orderNumber }, header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
  };
}

export type BookingClient = ReturnType<typeof createBookingClient>;
