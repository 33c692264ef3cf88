import { CONSOLE_CSRF_HEADER, createConsoleClient, csrfFromCookies } from '@svc/sdk/console';

/**
 * The console API from the browser. Calls go to /console/v1 on this app's own origin (proxy.ts forwards
 * them to the API), with the session cookie; every answer becomes an `ApiResult`: the `data` of a 2xx, or the
 * spec's `{ error: { code, message, field? } }` (a network failure or an unreadable answer is one too, with a
 * sentence), so a page has one shape to handle.
 */
export const CONSOLE_BASE = '/console/v1';

export type ApiError = { code: string; message: string; field?: string; details?: unknown };
export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError; status: number };

const NETWORK: ApiError = {
  code: 'network',
  message: 'We could not reach the server. Check your connection and try again.',
};

export type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * The one typed client (openapi-fetch over the console's OpenAPI document, @svc/sdk/console), for client
 * components: `const me = await call(api.GET('/me'))`. It sends the CSRF header on writes itself.
 */
export const api = createConsoleClient();

/** An openapi-fetch call of `api` as an ApiResult: the `data` inside `{ data }`, or the spec's error. */
export async function call<D>(
  request: Promise<{ data?: D; error?: unknown; response: Response }>,
): Promise<ApiResult<D extends { data: infer T } ? T : D>> {
  type T = D extends { data: infer T } ? T : D;
  try {
    const { data, error, response } = await request;
    signedOutGoesToSignIn(response);
    if (response.ok) return { ok: true, data: (data as { data: T }).data, status: response.status };
    const body = (error as { error?: ApiError } | undefined)?.error;
    return { ok: false, error: body?.message ? body : serverError(response.status), status: response.status };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, error: NETWORK, status: 0 };
  }
}

const serverError = (status: number): ApiError => ({
  code: 'internal',
  message: `The server answered ${status}. Try again in a moment.`,
});

/**
 * One call to the console API by path, for calls the typed client does not know yet. `path` is below
 * /console/v1 (e.g. `/me`).
 */
export async function consoleFetch<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; query?: Query; signal?: AbortSignal; envelope?: boolean } = {},
): Promise<ApiResult<T>> {
  const url = `${CONSOLE_BASE}${path}${queryString(options.query)}`;
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // The API's CSRF rule for writes (double submit): its CSRF cookie, readable by the page, goes back in a header.
  const csrf = method === 'GET' ? undefined : csrfFromCookies(document.cookie);
  if (csrf) headers[CONSOLE_CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, error: NETWORK, status: 0 };
  }
  signedOutGoesToSignIn(response);
  return readResult<T>(response, options.envelope);
}

/**
 * A 401 from anything but signing in means the session ended (expired, signed out in another tab,
 * revoked): the page goes to sign in and comes back after, rather than showing "Sign in first" next to a
 * button. (A wrong password is a 401 of POST /session: the sign-in form says it.)
 */
function signedOutGoesToSignIn(response: Response) {
  if (response.status !== 401 || typeof window === 'undefined') return;
  if (new URL(response.url, window.location.href).pathname === `${CONSOLE_BASE}/session`) return;
  goToSignIn();
}

/**
 * A fetch Response of the console API as an ApiResult (also for the typed client's `response`): the `data`
 * of the answer, or with `envelope` the whole answer (a list's `{ data, page, per_page, has_more }`, whose
 * paging the rows alone would lose).
 */
export async function readResult<T>(response: Response, envelope = false): Promise<ApiResult<T>> {
  const body = (await response.json().catch(() => null)) as { data?: T; error?: ApiError } | null;
  if (response.ok) return { ok: true, data: (envelope ? body : (body?.data ?? body)) as T, status: response.status };
  const error = body?.error?.message ? body.error : serverError(response.status);
  return { ok: false, error, status: response.status };
}

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** A signed-out answer sends the browser to sign in (the session ended or was revoked). */
export function goToSignIn() {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/sign-in?next=${encodeURIComponent(here)}`);
}
