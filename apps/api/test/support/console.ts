import { expect } from 'vitest';
import { type ApiResponse, apiClient, type CallOptions } from './client';
import { applySetCookies } from './cookies';
import type { ConsoleFixtures } from './fixtures';
import type { Target } from './servers';

/**
 * Console API clients for the HTTP suite. The servers run with the default CONSOLE_BASE_URL, so the
 * console's origin is http://localhost:3002: a client speaks as the console's page does (Origin, the
 * session cookie, X-SVC-CSRF from the CSRF cookie) and every answer is checked against console.json.
 */
export const CONSOLE_ORIGIN = 'http://localhost:3002';

export type ConsoleCompany = keyof ConsoleFixtures;
export type ConsoleClient = ReturnType<typeof consoleClient>;

/**
 * A console client with its own cookie jar: it sends the cookies it was given back, the console's Origin
 * and, on writes, X-SVC-CSRF. `options.origin`, `options.headers` override per call (to play a forger).
 */
export function consoleClient(target: Target) {
  const api = apiClient(target.baseUrl, 'console');
  const jar = new Map<string, string>();
  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = [...jar].find(([k]) => k.endsWith('svc-console.csrf'))?.[1];
    if (csrf && method !== 'GET' && method !== 'HEAD') headers['x-svc-csrf'] = decodeURIComponent(csrf);
    const res = await api.call<T>(method, path, {
      origin: CONSOLE_ORIGIN,
      ...options,
      headers: { ...headers, ...options.headers },
    });
    applySetCookies(jar, res.headers);
    return res;
  }
  return {
    call,
    get: <T = any>(p: string, o?: CallOptions) => call<T>('GET', p, o),
    post: <T = any>(p: string, o?: CallOptions) => call<T>('POST', p, o),
    patch: <T = any>(p: string, o?: CallOptions) => call<T>('PATCH', p, o),
    put: <T = any>(p: string, o?: CallOptions) => call<T>('PUT', p, o),
    delete: <T = any>(p: string, o?: CallOptions) => call<T>('DELETE', p, o),
    /** The cookie jar (name → value), to replay a cookie after sign-out or hand it to another client. */
    cookies: jar,
  };
}

/** Signs a fixture user in over HTTP: a client of their own session, or the sign-in's failure. */
export async function signIn(target: Target, email: string, password: string) {
  const client = consoleClient(target);
  const res = await client.post('/session', { body: { email, password } });
  return { client, res };
}

/**
 * A signed-in console client for a fixture user: `await consoleAs(target, 'acme', 'owner')`, `'acme', 'staff'`,
 * `'rival', 'owner'` (another company, for the cross-company 404s). Each call is a new session.
 */
export async function consoleAs(
  target: Target,
  company: 'acme',
  role: 'owner' | 'staff' | 'driver' | 'driver2',
): Promise<ConsoleClient>;
export async function consoleAs(target: Target, company: 'rival', role: 'owner'): Promise<ConsoleClient>;
export async function consoleAs(
  target: Target,
  company: ConsoleCompany,
  role: 'owner' | 'staff' | 'driver' | 'driver2',
) {
  const login = (target.fixtures.console[company] as Record<string, { email: string; password: string }>)[role];
  if (!login) throw new Error(`no console fixture user ${company} ${role}`);
  const { client, res } = await signIn(target, login.email, login.password);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}
