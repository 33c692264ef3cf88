import createClient from 'openapi-fetch';
import { SvcApiError, SvcConnectionError } from './errors';
import type { components, paths } from './generated/booking';

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
/** A photo to upload: a File or Blob in browsers, a Blob (or File) from a Buffer on servers. */
export type PhotoFile = Blob;

export type BookingClientOptions = {
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
  /** The longest Retry-After (seconds) worth waiting for silently; a longer one is thrown. Default 60. */
  maxRetryWaitSeconds?: number;
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
const MAX_RETRY_WAIT_SECONDS = 60;

export function createBookingClient(options: BookingClientOptions) {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const retries = options.retryOnRateLimit ?? 0;
  const maxWait = options.maxRetryWaitSeconds ?? MAX_RETRY_WAIT_SECONDS;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const fetchWithRetry: typeof fetch = async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await baseFetch(input instanceof Request ? input.clone() : input, init);
      } catch (err) {
        throw new SvcConnectionError(`Could not reach the Booking API: ${(err as Error).message}`, { cause: err });
      }
      const wait = Number(res.headers.get('retry-after')) || 1;
      if (res.status !== 429 || attempt >= retries || wait > maxWait) return res;
      await sleep(wait * 1000);
    }
  };

  const raw = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/$/, '')}/booking/v1`,
    fetch: fetchWithRetry,
  });
  raw.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
  });

  async function unwrap<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (error !== undefined || !data)
      throw new SvcApiError(response.status, error as Schemas['Error'], response.headers);
    return data.data;
  }

  return {
    raw,
    company: () => unwrap<Company>(raw.GET('/company')),
    sizes: () => unwrap<Size[]>(raw.GET('/sizes')),
    materials: () => unwrap<Materials>(raw.GET('/materials')),
    availability: (query: { from?: string; to?: string } = {}) =>
      unwrap<Availability>(raw.GET('/availability', { params: { query } })),
    check: (body: CheckRequest) => unwrap<CheckResult>(raw.POST('/check', { body })),
    quote: (body: QuoteRequest) => unwrap<Quote>(raw.POST('/quote', { body })),
    /** Opens the payment; a session_id is generated when absent (keep it: retries must reuse it). */
    createIntent: (body: Omit<IntentRequest, 'session_id'> & { session_id?: string }) =>
      unwrap<Intent>(raw.POST('/intents', { body: { ...body, session_id: body.session_id ?? newSessionId() } })),
    /** Only the pair is sent, so the intent object itself can be passed. */
    confirm: ({ session_id, payment_intent_id }: ConfirmRequest) =>
      unwrap<Confirmation>(raw.POST('/confirm', { body: { session_id, payment_intent_id } })),
    session: (sessionId: string) =>
      unwrap<Session>(raw.GET('/sessions/{session_id}', { params: { path: { session_id: sessionId } } })),

    /** Junk removal: loads and prices, arrival windows, photo rules. */
    junkConfig: () => unwrap<JunkConfig>(raw.GET('/junk/config')),
    junkAvailability: (query: { from?: string; to?: string } = {}) =>
      unwrap<JunkAvailability>(raw.GET('/junk/availability', { params: { query } })),
    junkQuote: (body: JunkQuoteRequest) => unwrap<JunkQuote>(raw.POST('/junk/quote', { body })),
    /** Holds the window's seat and opens the payment; a session_id is generated when absent (keep it). */
    createJunkIntent: (body: Omit<JunkIntentRequest, 'session_id'> & { session_id?: string }) =>
      unwrap<Intent>(raw.POST('/junk/intents', { body: { ...body, session_id: body.session_id ?? newSessionId() } })),
    /** The same pair as confirm: the intent itself can be passed. */
    confirmJunk: ({ session_id, payment_intent_id }: ConfirmRequest) =>
      unwrap<JunkConfirmation>(raw.POST('/junk/confirm', { body: { session_id, payment_intent_id } })),
    /** Up to 3 photos in all, within 2 hours of confirm; sent as multipart/form-data. */
    uploadJunkPhotos: (sessionId: string, photos: PhotoFile[]) => {
      const form = new FormData();
      form.set('session_id', sessionId);
      for (const [i, photo] of photos.entries()) {
        form.append('photos', photo, photo instanceof File ? photo.name : `photo-${i + 1}`);
      }
      return unwrap<JunkPhotos>(
        raw.POST('/junk/photos', { body: { session_id: sessionId, photos: [] }, bodySerializer: () => form }),
      );
    },
  };
}

export type BookingClient = ReturnType<typeof createBookingClient>;
