import { headers } from 'next/headers';
import { type ApiResult, readResult } from './api';
import { apiUrl } from './config';

/**
 * The console API from this app's server (server components and layouts): straight to SVC_API_URL with the
 * visitor's Cookie header, so a page can know who is signed in before it renders. Reads only: writes come
 * from the browser, where the API's CSRF check sees the console's Origin.
 */
export async function serverGet<T>(path: string): Promise<ApiResult<T>> {
  const incoming = await headers();
  const cookie = incoming.get('cookie');
  try {
    const response = await fetch(`${apiUrl()}/console/v1${path}`, {
      headers: cookie ? { cookie } : {},
      cache: 'no-store',
    });
    return await readResult<T>(response);
  } catch {
    return {
      ok: false,
      status: 0,
      error: { code: 'network', message: 'The console cannot reach the platform right now. Try again in a moment.' },
    };
  }
}
