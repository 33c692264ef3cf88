import { type ConsoleClient, createConsoleClient } from '@svc/sdk/console';
import { headers } from 'next/headers';
import { cache } from 'react';
import { type ApiError, type ApiResult, call, type DataOf, type Sent } from './api';
import { apiUrl } from './config';

const UNREACHABLE: ApiError = {
  code: 'network',
  message: 'The console cannot reach the platform right now. Try again in a moment.',
};

/**
 * The typed client of this request on the server: straight to SVC_API_URL with the visitor's Cookie header
 * and never cached, so a page can know who is signed in before it renders.
 */
const serverApi = cache(async (): Promise<ConsoleClient> => {
  const cookie = (await headers()).get('cookie');
  return createConsoleClient({
    baseUrl: apiUrl(),
    fetch: (input, init) => {
      const request = new Request(input, init);
      if (cookie) request.headers.set('cookie', cookie);
      return fetch(request, { cache: 'no-store' });
    },
  });
});

/**
 * A read of the console API from this app's server (server components and layouts):
 * `await serverGet((api) => api.GET('/invitations/{token}', { params: { path: { token } } }))`. Reads only:
 * writes come from the browser, where the API's CSRF check sees the console's Origin.
 */
export async function serverGet<D>(read: (api: ConsoleClient) => Sent<D>): Promise<ApiResult<DataOf<D>>> {
  return call(read(await serverApi()), UNREACHABLE);
}

/** Who is signed in: one request's renders share the answer (the layout and the page both ask). */
export const serverMe = cache(() => serverGet((api) => api.GET('/me')));
