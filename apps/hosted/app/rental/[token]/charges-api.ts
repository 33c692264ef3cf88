import type { ApiFailure, ApiResult } from '../../../lib/rental-api';
import type { RentalCharge } from './charge-format';

/**
 * The browser's calls for the field's charges on the My booking surface (/rental/v1/charges/…), with the link's
 * token as the bearer, never in the address: the weigh ticket's image, and paying an owed (declined) charge.
 */
export type ChargePayment = { charge: RentalCharge; client_secret: string | null };

const NETWORK: ApiFailure = {
  code: 'network',
  message: 'We could not reach the booking service. Check your connection and try again.',
  status: 0,
};

const path = (api: string, id: string, what: string) => `${api}/rental/v1/charges/${encodeURIComponent(id)}/${what}`;

async function send(api: string, token: string, id: string, what: string) {
  try {
    return await fetch(path(api, id, what), {
      method: what === 'ticket-photo' ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: what === 'ticket-photo' ? 'image/*' : 'application/json' },
      cache: 'no-store',
    });
  } catch {
    return null;
  }
}

async function failure(res: Response): Promise<ApiFailure> {
  const body = (await res.json().catch(() => null)) as { error?: Omit<ApiFailure, 'status'> } | null;
  return body?.error?.message
    ? { ...body.error, status: res.status }
    : {
        code: 'upstream',
        message: `The booking service answered ${res.status}. Try again in a minute.`,
        status: res.status,
      };
}

async function payment(api: string, token: string, id: string, what: 'pay' | 'confirm') {
  const res = await send(api, token, id, what);
  if (!res) return { ok: false, error: NETWORK } as const;
  if (!res.ok) return { ok: false, error: await failure(res) } as const;
  const body = (await res.json().catch(() => null)) as { data?: ChargePayment } | null;
  return body?.data ? ({ ok: true, data: body.data } as const) : ({ ok: false, error: await failure(res) } as const);
}

export const chargesApi = {
  /** An owed charge to pay with a card: the client secret the payment component confirms. */
  pay: (api: string, token: string, id: string): Promise<ApiResult<ChargePayment>> => payment(api, token, id, 'pay'),
  /** After the card was confirmed: the charge, paid (or `unconfirmed` while the card is not authorized). */
  confirm: (api: string, token: string, id: string): Promise<ApiResult<ChargePayment>> =>
    payment(api, token, id, 'confirm'),
  /** The weigh ticket's photo, as an object URL for an <img> (the caller revokes it). */
  async ticketPhoto(api: string, token: string, id: string): Promise<ApiResult<string>> {
    const res = await send(api, token, id, 'ticket-photo');
    if (!res) return { ok: false, error: NETWORK };
    if (!res.ok) return { ok: false, error: await failure(res) };
    const blob = await res.blob().catch(() => null);
    if (!blob || blob.size === 0 || !/^(image\/|$)/.test(blob.type))
      return { ok: false, error: { code: 'upstream', message: 'The photo could not be read.', status: res.status } };
    return { ok: true, data: URL.createObjectURL(blob) };
  },
};
