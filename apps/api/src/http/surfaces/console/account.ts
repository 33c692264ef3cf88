import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Auth } from '../../../accounts/auth';
import { csrfCookieName, issueCsrfToken } from '../../../accounts/csrf';
import * as ops from '../../../contract/console/account';
import type { Registry } from '../../../db/registry';
import type { ConsoleRole } from '../../../db/schema/console';
import { DomainError } from '../../../domain/errors';
import * as invitations from '../../../use-cases/accounts/invitations';
import { changeMemberRole, removeMember } from '../../../use-cases/accounts/members';
import { checkNewPassword } from '../../../use-cases/accounts/users';
import type { ConsoleDeps } from '../../console-env';
import { companyInactive } from '../../console-gate';
import type { InvitationThrottle, SignInThrottle } from '../../console-throttle';
import type { ConsoleSurface } from './surface';

export type AccountDeps = {
  auth: Auth;
  deps: ConsoleDeps;
  secureCookies: boolean;
  throttle: SignInThrottle;
  invitations: InvitationThrottle;
};

const WRONG = 'The e-mail or password is not right.';
const WEEK = 7 * 24 * 60 * 60;
const SENT = 'If an account exists for this address, we sent it a link to choose a new password.';

/** What needs no session: signing in, the password reset, an invitation's page and its acceptance. */
export function mountPublicAccount(surface: ConsoleSurface, account: AccountDeps) {
  const { auth, deps, throttle } = account;
  const now = () => deps.now?.() ?? new Date();

  surface.route(ops.signIn, async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = deps.clientIp(c);
    // Counted before the password is checked: a blocked address learns nothing, not even that the password
    // was right, and parallel guesses are each counted before any of them reaches the hash.
    await throttle.attempt(email, ip);
    try {
      const member = await startSession(c, account, email, password);
      await throttle.succeeded(email, ip);
      return member;
    } catch (err) {
      // Unknown e-mail and wrong password are one answer; better-auth hashes for an unknown e-mail too, so
      // both take the same time.
      if (!isAuthRefusal(err)) throw err;
      throw new DomainError('unauthorized', WRONG);
    }
  });

  surface.route(ops.forgotPassword, async (c) => {
    const { email } = c.req.valid('json');
    if (await throttle.resetAllowed(email)) await auth.api.requestPasswordReset({ body: { email } });
    return { message: SENT };
  });

  surface.route(ops.resetPassword, async (c) => {
    const { token, password } = c.req.valid('json');
    checkNewPassword(password);
    try {
      // Every session of the account ends (revokeSessionsOnPasswordReset): whoever had it is out.
      await auth.api.resetPassword({ body: { token, newPassword: password } });
    } catch (err) {
      if (!isAuthRefusal(err)) throw err;
      throw new DomainError('invalid_body', 'This reset link is not valid any more; ask for a new one.', {
        field: 'token',
      });
    }
    return { reset: true as const };
  });

  surface.route(ops.getInvitation, (c) => invitations.readInvitation(deps.database, c.req.valid('param').token, now()));

  surface.route(ops.acceptInvitation, async (c) => {
    const body = c.req.valid('json');
    const { email } = await invitations.acceptInvitation(deps.database, body, now());
    return startSession(c, account, email, body.password);
  });
}

/** Who is signed in and signing out, which drivers call too. */
const DRIVERS = { drivers: true } as const;

/** Who is signed in, signing out, members and invitations: after the gate. */
export function mountAccount(surface: ConsoleSurface, { auth, deps, secureCookies, invitations: sent }: AccountDeps) {
  const now = () => deps.now?.() ?? new Date();

  surface.route(
    ops.getMe,
    async (c) => {
      const member = c.get('member');
      // The gate found this company's catalog a moment ago; without it the session is as good as none.
      const company = await companyOf(deps.registry, member.companyId);
      if (!company) throw new DomainError('unauthorized', 'Sign in to the console first.');
      return {
        name: member.name,
        email: member.email,
        role: member.role,
        company: { slug: company.slug, name: company.name },
      };
    },
    DRIVERS,
  );

  surface.route(
    ops.signOut,
    async (c) => {
      const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
      for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      deleteCookie(c, csrfCookieName(secureCookies), { path: '/', secure: secureCookies });
      return { signed_out: true as const };
    },
    DRIVERS,
  );

  const owner = { role: 'owner' } as const;
  surface.route(ops.listMembers, (c) => invitations.listMembers(deps.database, c.get('scope'), now()), owner);

  surface.route(
    ops.inviteMember,
    async (c) => {
      const scope = c.get('scope');
      await sent.check(scope.companyId);
      const invited = await invitations.inviteMember(deps.database, scope, c.req.valid('json'), {
        now: now(),
        consoleBaseUrl: deps.consoleBaseUrl,
      });
      // The link went to the invited address only: the console never shows it.
      return { email: invited.email, role: invited.role, expires_at: invited.expires_at };
    },
    owner,
  );
  surface.route(
    ops.revokeInvitation,
    (c) => invitations.revokeInvitation(deps.database, c.get('scope'), c.req.valid('param').id, now()),
    owner,
  );
  surface.route(
    ops.removeMember,
    (c) => removeMember(deps.database, c.get('scope'), c.req.valid('param').id, now()),
    owner,
  );
  surface.route(
    ops.changeMemberRole,
    (c) => changeMemberRole(deps.database, c.get('scope'), c.req.valid('param').id, c.req.valid('json').role, now()),
    owner,
  );
}

/**
 * Signs in with better-auth and hands its session cookie on, with the CSRF cookie for this session. A
 * company switched off gets no session (the one just made is revoked at once).
 */
async function startSession(c: Context, { auth, deps, secureCookies }: AccountDeps, email: string, password: string) {
  const { headers, response } = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  const user = response.user as unknown as { companyId: string; role: ConsoleRole };
  const company = await companyOf(deps.registry, user.companyId);
  if (!company?.active) {
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
}

/** better-auth's refusals (an APIError with a 4xx status): a wrong e-mail or password, a bad token. */
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
