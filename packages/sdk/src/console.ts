import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/console';

/**
 * The client of our own console app (apps/console) for the console API (/console/v1), generated from
 * openapi/console.json. Internal to the console: not part of the public SDK's documentation.
 *
 * The console reaches the API through its own origin (a Next rewrite), so the session cookie goes along by
 * itself (credentials 'same-origin'); every write copies the CSRF cookie into X-SVC-CSRF, as the API asks.
 */
export type ConsolePaths = paths;
export type ConsoleSchemas = components['schemas'];
export type ConsoleMember = components['schemas']['ConsoleMember'];
export type ConsoleError = components['schemas']['Error'];

export const CONSOLE_CSRF_HEADER = 'X-SVC-CSRF';
/** The CSRF cookie (`__Host-` prefixed when the console is served over https). */
const CSRF_COOKIE = /(?:^|;\s*)(?:__Host-)?svc-console\.csrf=([^;]*)/;

export type ConsoleClientOptions = {
  /** Where /console/v1 is: the console's own origin by default (the browser's). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where the CSRF cookie is read from: document.cookie in a browser. */
  cookies?: () => string;
};

/** Reads the CSRF token out of a cookie string. */
export function csrfFromCookies(cookies: string): string | undefined {
  const match = CSRF_COOKIE.exec(cookies);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createConsoleClient(options: ConsoleClientOptions = {}) {
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const client = createClient<paths>({
    baseUrl: `${(options.baseUrl ?? '').replace(/\/$/, '')}/console/v1`,
    credentials: 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const csrf: Middleware = {
    onRequest({ request }) {
      if (SAFE.has(request.method)) return undefined;
      const token = csrfFromCookies(cookies());
      if (token) request.headers.set(CONSOLE_CSRF_HEADER, token);
      return request;
    },
  };
  client.use(csrf);
  return client;
}

export type ConsoleClient = ReturnType<typeof createConsoleClient>;
