import createClient from 'openapi-fetch';
import type { components, paths } from './generated/data';
import { bodyOf, dataOf, errorCode, fetchWaitingOutRateLimit, type RateLimitOptions } from './transport';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type Customer = Schemas['Customer'];
export type Estimate = Schemas['Estimate'];
/** A dumpster size as the Data API shows it, prices included (the Booking API's is `Size`). */
export type DataSize = Schemas['Size'];
export type JunkJob = Schemas['JunkJob'];
export type Lead = Schemas['Lead'];
export type LeadRequest = Schemas['LeadRequest'];

/** The query a list operation takes, from the document. */
type ListQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;
export type OrdersQuery = ListQuery<'/orders'>;
export type CustomersQuery = ListQuery<'/customers'>;
export type EstimatesQuery = ListQuery<'/estimates'>;
export type SizesQuery = ListQuery<'/sizes'>;
export type JunkJobsQuery = ListQuery<'/junk-jobs'>;
export type LeadsQuery = ListQuery<'/leads'>;

/** The list envelope of every GET of a collection. */
export type Page<T> = { data: T[]; page: number; per_page: number; has_more: boolean };

/**
 * A list call. `await` it for one page (the query's `page` and `per_page`, the API's 25 by default), or
 * `for await` over it for every item of every page from `page` on, asked 100 at a time unless `per_page`
 * says otherwise.
 */
export type PageRequest<T> = PromiseLike<Page<T>> & AsyncIterable<T>;

export type DataClientOptions = RateLimitOptions & {
  /** Where the platform is, e.g. https://book.example.com (the client adds /data/v1). */
  baseUrl: string;
  /** A Data API key (svc_live_…). A server-side secret: never put it in a web page. */
  apiKey: string;
  /** Another fetch (tests, edge runtimes, instrumentation). Default: globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * Wait and retry a 429 rate_limited answer for as long as Retry-After says (the per-minute limit), at most
   * this many times. Default 2: a job that walks long lists should slow down rather than fail. The free
   * plan's refusals (daily_window_ended, lead_quota_exceeded) are never waited on.
   */
  retryOnRateLimit?: number;
};

export type LeadPushOptions = {
  /**
   * Any unique string of 8 to 64 characters. A retry with the same key answers the lead the first push
   * made, so a push repeated after a lost answer never makes two, even without a phone or e-mail to match.
   */
  idempotencyKey?: string;
};

/** What POST /leads answers: the lead, and whether it is one pushed before (same phone or e-mail in 10 minutes). */
export type LeadPushResult = { lead: Lead; existing: boolean };

/** per_page when iterating: the API's most, so the fewest calls (data spec section 4). */
const ITERATION_PER_PAGE = 100;

/**
 * The Data API (a company's own orders, customers, estimates, sizes, junk removal jobs and leads), typed
 * from its OpenAPI document, for servers only. Each method resolves to the answer's data and throws
 * SvcApiError (or SvcConnectionError) otherwise; lists are `PageRequest`s. `raw` is the underlying
 * openapi-fetch client, with the same key.
 */
export function createDataClient(options: DataClientOptions) {
  // The key would be readable by anyone who opens the page, and the API refuses browsers anyway
  // (403 secret_in_browser): say so before the key is ever sent.
  if (typeof window !== 'undefined' && typeof document !== 'undefined') {
    throw new Error(
      'createDataClient runs on servers only: a Data API key (svc_live_…) in a web page is readable by anyone, and the API refuses browsers. Call it from your backend.',
    );
  }
  const raw = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/$/, '')}/data/v1`,
    fetch: fetchWaitingOutRateLimit('Data API', options.fetch ?? globalThis.fetch, {
      ...options,
      retryOnRateLimit: options.retryOnRateLimit ?? 2,
    }),
  });

  // The free plan's daily window, as the last read said: seconds left then, and when that was.
  let lastWindow: { seconds: number; at: number } | undefined;
  raw.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.apiKey}`);
      return request;
    },
    async onResponse({ request, response }) {
      // Lead pushes neither use the window nor say it; a paid plan's reads say nothing either.
      if (request.method !== 'GET') return;
      const header = response.headers.get('x-svc-window-remaining');
      if (header !== null) lastWindow = { seconds: Number(header), at: Date.now() };
      else if (response.ok) lastWindow = undefined;
      else if ((await errorCode(response)) === 'daily_window_ended') lastWindow = { seconds: 0, at: Date.now() };
    },
  });

  return {
    raw,
    /**
     * The free plan's daily window: seconds left now, from the last read's X-SVC-Window-Remaining (0 once
     * a read was refused with daily_window_ended). Undefined before the first read, and on the paid plan.
     */
    get windowRemaining(): number | undefined {
      if (!lastWindow) return undefined;
      return Math.max(0, Math.ceil(lastWindow.seconds - (Date.now() - lastWindow.at) / 1000));
    },
    orders: {
      list: (query: OrdersQuery = {}): PageRequest<Order> =>
        pages(query, (q) => bodyOf(raw.GET('/orders', { params: { query: q } }))),
      get: (orderNumber: number): Promise<Order> =>
        dataOf(raw.GET('/orders/{order_number}', { params: { path: { order_number: orderNumber } } })),
    },
    customers: {
      list: (query: CustomersQuery = {}): PageRequest<Customer> =>
        pages(query, (q) => bodyOf(raw.GET('/customers', { params: { query: q } }))),
      /** By `customer_ref`, as orders, junk jobs and leads carry it. */
      get: (id: string): Promise<Customer> => dataOf(raw.GET('/customers/{id}', { params: { path: { id } } })),
    },
    /** Priced checkouts never paid: who to call back. */
    estimates: {
      list: (query: EstimatesQuery = {}): PageRequest<Estimate> =>
        pages(query, (q) => bodyOf(raw.GET('/estimates', { params: { query: q } }))),
      get: (id: string): Promise<Estimate> => dataOf(raw.GET('/estimates/{id}', { params: { path: { id } } })),
    },
    sizes: {
      list: (query: SizesQuery = {}): PageRequest<DataSize> =>
        pages(query, (q) => bodyOf(raw.GET('/sizes', { params: { query: q } }))),
    },
    junkJobs: {
      list: (query: JunkJobsQuery = {}): PageRequest<JunkJob> =>
        pages(query, (q) => bodyOf(raw.GET('/junk-jobs', { params: { query: q } }))),
      get: (jobNumber: number): Promise<JunkJob> =>
        dataOf(raw.GET('/junk-jobs/{job_number}', { params: { path: { job_number: jobNumber } } })),
    },
    leads: {
      list: (query: LeadsQuery = {}): PageRequest<Lead> =>
        pages(query, (q) => bodyOf(raw.GET('/leads', { params: { query: q } }))),
      get: (id: string): Promise<Lead> => dataOf(raw.GET('/leads/{id}', { params: { path: { id } } })),
      /** Pushes a lead: `existing` is true when the same phone or e-mail came in the last 10 minutes. */
      create: async (body: LeadRequest, { idempotencyKey }: LeadPushOptions = {}): Promise<LeadPushResult> => {
        const { existing, ...lead } = await dataOf(
          raw.POST('/leads', { body, params: { header: { 'idempotency-key': idempotencyKey } } }),
        );
        return { lead, existing };
      },
    },
  };
}

export type DataClient = ReturnType<typeof createDataClient>;

/** A list call: one page when awaited (asked once, however often awaited), every item when iterated. */
function pages<Q extends { page?: number; per_page?: number }, T>(
  query: Q,
  fetchPage: (query: Q) => Promise<Page<T>>,
): PageRequest<T> {
  let first: Promise<Page<T>> | undefined;
  return {
    // biome-ignore lint/suspicious/noThenProperty: awaitable on purpose, and lazy, so iterating asks no extra page
    then: (onFulfilled, onRejected) => {
      first ??= fetchPage(query);
      return first.then(onFulfilled, onRejected);
    },
    async *[Symbol.asyncIterator]() {
      let q: Q = { ...query, page: query.page ?? 1, per_page: query.per_page ?? ITERATION_PER_PAGE };
      for (;;) {
        const page = await fetchPage(q);
        yield* page.data;
        // An empty page ends it too: a has_more that never turns false must not loop for ever.
        if (!page.has_more || page.data.length === 0) return;
        q = { ...q, page: page.page + 1 };
      }
    },
  };
}
