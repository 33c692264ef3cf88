import type { RentalChange, RentalChangeQuote, RentalChangeRequest } from '@svc/sdk';
import type { AnyBooking, JunkChange, JunkMoveRequest, JunkPhotosResult } from './rental-format';

/**
 * The browser's calls to the API's My booking surface (/rental/v1): any origin may call it, the link's token
 * is the bearer. Every failure comes back as the API's own code and sentence (or `network` when it could
 * not be reached), for the page to show next to the field at fault.
 */
export type ApiFailure = {
  code: string;
  message: string;
  field?: string;
  details?: Record<string, unknown>;
  status: number;
};

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

const NETWORK: ApiFailure = {
  code: 'network',
  message: 'We could not reach the booking service. Check your connection and try again.',
  status: 0,
};

async function call<T>(
  api: string,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${api}/rental/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      // A form goes as multipart/form-data: the browser writes its Content-Type (with the boundary).
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, error: NETWORK };
  }
  const body = (await res.json().catch(() => null)) as { data?: T; error?: Omit<ApiFailure, 'status'> } | null;
  if (res.ok && body && 'data' in body) return { ok: true, data: body.data as T };
  const error = body?.error;
  return {
    ok: false,
    error: error?.message
      ? { ...error, status: res.status }
      : {
          code: 'upstream',
          message: `The booking service answered ${res.status}. Try again in a minute.`,
          status: res.status,
        },
  };
}

export const rentalApi = {
  /** The booking the link opens: a dumpster order or a junk job (narrow on `service`). */
  booking: (api: string, token: string) => call<AnyBooking>(api, token, '/booking'),
  quote: (api: string, token: string, body: RentalChangeRequest) =>
    call<RentalChangeQuote>(api, token, '/changes/quote', { method: 'POST', body }),
  change: (api: string, token: string, body: RentalChangeRequest, idempotencyKey: string) =>
    call<RentalChange>(api, token, '/changes', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  confirm: (api: string, token: string, changeId: string) =>
    call<RentalChange>(api, token, `/changes/${encodeURIComponent(changeId)}/confirm`, { method: 'POST' }),
  /** A junk job to another day and arrival window with a free seat: free, applied at once. */
  moveJob: (api: string, token: string, body: JunkMoveRequest) =>
    call<JunkChange>(api, token, '/job/window', { method: 'POST', body }),
  /** Photos of the pile for a junk job (each a `photos` field of the form), while it still takes some. */
  addJobPhotos: (api: string, token: string, files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('photos', file);
    return call<JunkPhotosResult>(api, token, '/job/photos', { method: 'POST', form });
  },
};

/** One key per confirmed change attempt (reused for a second click or a retry): 32 URL-safe characters. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `chg_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
