import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Auth } from '../accounts/auth';
import { CSRF_HEADER, csrfCookieName, csrfTokenValid } from '../accounts/csrf';
import type { Registry } from '../db/registry';
import type { ConsoleRole } from '../db/schema/console';
import { DomainError } from '../domain/errors';
import type { ConsoleEnv, ConsoleMember } from './console-env';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isWrite = (c: Context) => !SAFE.has(c.req.method);

/**
 * The first half of the console's CSRF rule, for every write, signed in or not (sign-in included, against
 * login CSRF): the request comes from the console's own page. Origin when the browser sends it; when it
 * does not, Fetch Metadata must say same-origin. A request that says neither is refused.
 */
export function consoleOriginCheck(consoleOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (isWrite(c)) {
      const origin = c.req.header('origin');
      const fromConsole =
        origin !== undefined ? origin === consoleOrigin : c.req.header('sec-fetch-site') === 'same-origin';
      if (!fromConsole) throw csrfRejected();
    }
    await next();
  };
}

export const csrfRejected = () =>
  new DomainError(
    'csrf_rejected',
    'This request did not come from the console’s own page; reload the console and try again.',
  );

export type GateOptions = { auth: Auth; registry: Registry; secret: string; secureCookies: boolean };

/**
 * Who is calling: the session cookie (better-auth, sessions in the database) to the user, their company and
 * role, put on the context as `member` and as the use cases' `scope` for every route after it. No session: 401. The company switched off
 * by the platform: 403. A write must also carry the CSRF token issued with this session (X-SVC-CSRF equal
 * to the CSRF cookie, and signed for this session): else 403 csrf_rejected.
 */
export function consoleGate(options: GateOptions): MiddlewareHandler<ConsoleEnv> {
  const csrfCookie = csrfCookieName(options.secureCookies);
  return async (c, next) => {
    const found = await readSession(options.auth, c);
    if (!found) throw new DomainError('unauthorized', 'Sign in to the console first.');
    const { session, user } = found;
    const catalog = await options.registry.catalog(user.companyId);
    if (!catalog) throw new DomainError('unauthorized', 'Sign in to the console first.');
    if (!catalog.company.active) throw companyInactive();
    if (isWrite(c)) {
      const valid = csrfTokenValid(options.secret, session.token, getCookie(c, csrfCookie), c.req.header(CSRF_HEADER));
      if (!valid) throw csrfRejected();
    }
    const member: ConsoleMember = {
      userId: user.id,
      companyId: user.companyId,
      role: user.role,
      email: user.email,
      name: user.name,
    };
    c.set('member', member);
    c.set('scope', {
      companyId: user.companyId,
      actor: { kind: 'member', userId: user.id, role: user.role, email: user.email, name: user.name },
      catalog,
    });
    await next();
  };
}

export const companyInactive = () =>
  new DomainError('company_inactive', 'This company is switched off on the platform; contact support to turn it on.');

type SessionUser = { id: string; email: string; name: string; companyId: string; role: ConsoleRole };

/** The session of the request's cookie, forwarding the refreshed cookie when better-auth slides it forward. */
async function readSession(auth: Auth, c: Context) {
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  if (!response) return undefined;
  return { session: response.session, user: response.user as unknown as SessionUser };
}
