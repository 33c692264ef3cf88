import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Auth } from '../../../accounts/auth';
import { csrfCookieName, issueCsrfToken } from '../../../accounts/csrf';
import * as ops from '../../../contract/console/account';
import type { Registry } from '../../../db/registry';
import { DomainError } from '../../../domain/errors';
import type { ConsoleDeps, ConsoleMember } from '../../console-env';
import { companyInactive } from '../../console-gate';
import type { ConsoleSurface } from './surface';

export type AccountDeps = { auth: Auth; deps: ConsoleDeps; secureCookies: boolean };

const WRONG = 'The e-mail or password is not right.';
const WEEK = 7 * 24 * 60 * 60;

/** Signing in: before the gate (there is no session yet). */
export function mountSignIn(surface: ConsoleSurface, { auth, deps, secureCookies }: AccountDeps) {
  surface.route(ops.signIn, async (c) => {
    const { email, password } = c.req.valid('json');
    let signedIn: Awaited<ReturnType<typeof signInEmail>>;
    try {
      signedIn = await signInEmail(auth, c, email, password);
    } catch (err) {
      // Unknown e-mail and wrong password are one answer (better-auth hashes for an unknown e-mail too,
      // so both take the same time).
      if (isAuthRefusal(err)) throw new DomainError('unauthorized', WRONG);
      throw err;
    }
    const { headers, response } = signedIn;
    const user = response.user as unknown as { companyId: string; role: ConsoleMember['role'] };
    const company = await companyOf(deps.registry, user.companyId);
    if (!company?.active) {
      // The password was right, but the company is off: no session is left behind.
      await auth.api.revokeSession({ body: { token: response.token }, headers: sessionHeaders(headers) });
      throw companyInactive();
    }
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    setCookie(c, csrfCookieName(secureCookies), issueCsrfToken(deps.secret, response.token), {
      path: '/',
      sameSite: 'Lax',
      secure: secureCookies,
      httpOnly: false,
      maxAge: WEEK,
    });
    return {
      name: response.user.name,
      email: response.user.email,
      role: user.role,
      company: { slug: company.slug, name: company.name },
    };
  });
}

/** Signing out and who is signed in: after the gate. */
export function mountAccount(surface: ConsoleSurface, { auth, deps, secureCookies }: AccountDeps) {
  surface.route(ops.getMe, async (c) => {
    const member = c.get('member');
    const company = await companyOf(deps.registry, member.companyId);
    return {
      name: member.name,
      email: member.email,
      role: member.role,
      company: { slug: member.slug, name: company?.name ?? member.slug },
    };
  });
  surface.route(ops.signOut, async (c) => {
    const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    deleteCookie(c, csrfCookieName(secureCookies), { path: '/', secure: secureCookies });
    return { signed_out: true as const };
  });
}

function signInEmail(auth: Auth, c: Context, email: string, password: string) {
  return auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
}

/** better-auth's refusals of a sign-in (an APIError with a 4xx status): wrong e-mail, password or shape. */
function isAuthRefusal(err: unknown): boolean {
  const status = (err as { statusCode?: unknown })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

async function companyOf(registry: Registry, companyId: string) {
  return (await registry.catalog(companyId))?.company;
}

/** A request's headers carrying the session cookie just set (to revoke that session at once). */
function sessionHeaders(setCookies: Headers): Headers {
  const cookie = setCookies
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
}
