import { type ErrorBody, SvcApiError, SvcConnectionError } from './errors';

/** What both clients take to wait out the per-minute limit. */
export type RateLimitOptions = {
  /**
   * Wait and retry a 429 rate_limited answer for as long as Retry-After says, at most this many times, when
   * the wait is at most `maxRetryWaitSeconds`. A longer wait is thrown at once, with `retryAfter`.
   */
  retryOnRateLimit?: number;
  /** The longest Retry-After (seconds) worth waiting for silently; a longer one is thrown. Default 60. */
  maxRetryWaitSeconds?: number;
};

const MAX_RETRY_WAIT_SECONDS = 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The fetch under openapi-fetch: a connection failure becomes SvcConnectionError, and a 429 `rate_limited`
 * is waited out as asked. Only that code: the Data API's other 429s (daily_window_ended, lead_quota_exceeded)
 * last until the next day or an upgrade, so waiting on them would only hide them.
 */
export function fetchWaitingOutRateLimit(
  apiName: string,
  baseFetch: typeof fetch,
  { retryOnRateLimit = 0, maxRetryWaitSeconds = MAX_RETRY_WAIT_SECONDS }: RateLimitOptions,
): typeof fetch {
  return async (input, init) => {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        // A copy only when a retry may follow (a request's body is read once); the last try sends the original.
        const copy = attempt < retryOnRateLimit && input instanceof Request;
        res = await baseFetch(copy ? input.clone() : input, init);
      } catch (err) {
        throw new SvcConnectionError(`Could not reach the ${apiName}: ${(err as Error).message}`, { cause: err });
      }
      if (res.status !== 429 || attempt >= retryOnRateLimit) return res;
      const wait = Number(res.headers.get('retry-after')) || 1;
      if (wait > maxRetryWaitSeconds || (await errorCode(res)) !== 'rate_limited') return res;
      await sleep(wait * 1000);
    }
  };
}

/** The code of an error answer, read from a copy of its body; undefined when it is not the envelope. */
export async function errorCode(res: Response): Promise<string | undefined> {
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as Partial<ErrorBody> | undefined;
  return body?.error?.code;
}

/** What an openapi-fetch call resolves to, as far as these helpers care. */
type Answer<B> = Promise<{ data?: B; error?: unknown; response: Response }>;

/**
 * The body of a 2xx answer; any other answer is thrown as SvcApiError. An answer without the error envelope
 * came from something else at that address (a wrong baseUrl, a proxy's error page): SvcConnectionError.
 */
export async function bodyOf<B>(call: Answer<B>): Promise<B> {
  const { data, error, response } = await call;
  if (error === undefined && data !== undefined) return data;
  if (typeof (error as Partial<ErrorBody> | undefined)?.error?.code !== 'string') {
    throw new SvcConnectionError(
      `HTTP ${response.status}${response.url ? ` from ${response.url}` : ''} is not an answer of the API (no error envelope): check baseUrl, or a proxy in between.`,
    );
  }
  throw new SvcApiError(response.status, error as ErrorBody, response.headers);
}

/** The `data` of a 2xx answer `{ data }`; any other answer is thrown as SvcApiError. */
export async function dataOf<T>(call: Answer<{ data: T }>): Promise<T> {
  return (await bodyOf(call)).data;
}
