import { createConsoleClient } from '@svc/sdk/console';

/**
 * The console API from the browser, through its one typed client (openapi-fetch over the console's OpenAPI
 * document, @svc/sdk/console). Calls go to /console/v1 on this app's own origin (lib/api-proxy.ts forwards
 * them to the API) with the session cookie, and the client sends the CSRF header on writes itself. Every
 * answer becomes an `ApiResult`: the `data` of a 2xx, or the spec's `{ error: { code, message, field? } }`
 * (a network failure or an unreadable answer is one too, with a sentence), so a page has one shape to handle.
 */
export const CONSOLE_BASE = '/console/v1';

export type ApiError = { code: string; message: string; field?: string; details?: unknown };
export type ApiResult<T> = { ok: true; data: T; status: number } | { ok: false; error: ApiError; status: number };

/** What a call of the typed client resolves to: its parsed answer, or the error's body, and the response. */
export type Sent<D> = Promise<{ data?: D; error?: unknown; response: Response }>;
/** The `data` of a console answer `{ data }`. */
export type DataOf<D> = D extends { data: infer T } ? T : D;

const NETWORK: ApiError = {
  code: 'network',
  message: 'We could not reach the server. Check your connection and try again.',
};

/** For client components: `const me = await call(api.GET('/me'))`. */
export const api = createConsoleClient();

/** A call of the typed client as an ApiResult of the answer's `data`; `network` is what a failed fetch says. */
export function call<D>(request: Sent<D>, network: ApiError = NETWORK): Promise<ApiResult<DataOf<D>>> {
  return settle(request, (body) => (body as { data?: DataOf<D> } | undefined)?.data as DataOf<D>, network);
}

/**
 * A call of the typed client as an ApiResult of the whole answer: a list's `{ data, page, per_page,
 * has_more }`, whose paging the rows alone would lose.
 */
export function callPage<D>(request: Sent<D>): Promise<ApiResult<D>> {
  return settle(request, (body) => body as D, NETWORK);
}

async function settle<D, T>(
  request: Sent<D>,
  pick: (body: D | undefined) => T,
  network: ApiError,
): Promise<ApiResult<T>> {
  try {
    const { data, error, response } = await request;
    signedOutGoesToSignIn(response);
    if (response.ok) return { ok: true, data: pick(data), status: response.status };
    const body = (error as { error?: ApiError } | undefined)?.error;
    return { ok: false, error: body?.message ? body : serverError(response.status), status: response.status };
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return { ok: false, error: network, status: 0 };
  }
}

const serverError = (status: number): ApiError => ({
  code: 'internal',
  message: `The server answered ${status}. Try again in a moment.`,
});

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

/** A signed-out answer sends the browser to sign in (the session ended or was revoked). */
export function goToSignIn() {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/sign-in?next=${encodeURIComponent(here)}`);
}

/**
 * A number in a path taken from the page's own address (`/orders/1042`), sent as written: what is not a
 * number is the API's to refuse, with its sentence, as it always was.
 */
export const pathNumber = (text: string) => text as unknown as number;

/** A filter from the page's address, sent as written (an empty one is left out): the API refuses what it does not know. */
export const queryValue = <T extends string>(text: string | null | undefined) => (text || undefined) as T | undefined;
