import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS, ConsoleMember, ConsoleRole, consoleSession, Email } from './common';

// The console's accounts: signing in and out, who is signed in.

export const SignInBody = z
  .strictObject({
    email: Email,
    // Any length is compared: the rules for a new password are said where one is chosen.
    password: z.string().min(1, 'a password is required').max(1024),
  })
  .openapi('ConsoleSignIn');

export const signIn = createRoute({
  method: 'post',
  path: '/session',
  operationId: 'signIn',
  summary: 'Sign in with e-mail and password',
  description:
    'Sets the session cookie (HttpOnly) and the CSRF cookie whose value every later write sends in X-SVC-CSRF. ' +
    'A wrong password and an unknown e-mail answer the same 401.',
  request: { body: jsonBody(SignInBody) },
  responses: {
    ...dataOf(ConsoleMember, 'Signed in'),
    ...errorResponses([
      'invalid_body',
      'unauthorized',
      'company_inactive',
      'csrf_rejected',
      'rate_limited',
      'internal',
    ]),
  },
});

export const signOut = createRoute({
  method: 'delete',
  path: '/session',
  operationId: 'signOut',
  summary: 'Sign out: ends this session and clears its cookies',
  security: consoleSession,
  responses: {
    ...dataOf(z.object({ signed_out: z.literal(true) }), 'Signed out'),
    ...errorResponses([...CONSOLE_WRITE_ERRORS]),
  },
});

export const getMe = createRoute({
  method: 'get',
  path: '/me',
  operationId: 'getMe',
  summary: 'Who is signed in, with their role and company',
  security: consoleSession,
  responses: { ...dataOf(ConsoleMember, 'The signed-in member'), ...errorResponses([...CONSOLE_ERRORS]) },
});

// Passwords: asking for a reset link, choosing a new password with it.

const NewPassword = z
  .string()
  .openapi({ description: 'at least 12 characters, at most 128', minLength: 12, maxLength: 128 });

export const forgotPassword = createRoute({
  method: 'post',
  path: '/password/forgot',
  operationId: 'forgotPassword',
  summary: 'E-mail a password reset link',
  description:
    'Always answers the same 200, whether the address has an account or not; when it has one, the link goes to it (valid an hour).',
  request: { body: jsonBody(z.strictObject({ email: Email }).openapi('ConsoleForgotPassword')) },
  responses: {
    ...dataOf(z.object({ message: z.string() }), 'Sent, if the account exists'),
    ...errorResponses(['invalid_body', 'csrf_rejected', 'internal']),
  },
});

export const resetPassword = createRoute({
  method: 'post',
  path: '/password/reset',
  operationId: 'resetPassword',
  summary: 'Choose a new password with the e-mailed token; signs out every session of the account',
  request: {
    body: jsonBody(
      z.strictObject({ token: z.string().min(1).max(200), password: NewPassword }).openapi('ConsoleResetPassword'),
    ),
  },
  responses: {
    ...dataOf(z.object({ reset: z.literal(true) }), 'The new password is set; sign in with it'),
    ...errorResponses(['invalid_body', 'csrf_rejected', 'internal']),
  },
});

// Members and invitations.

const Instant = z.string().openapi({ format: 'date-time' });

export const Member = z
  .object({ id: z.string(), name: z.string(), email: z.string(), role: ConsoleRole, created_at: Instant })
  .openapi('ConsoleMemberRow');

export const PendingInvitation = z
  .object({ id: z.string(), email: z.string(), role: ConsoleRole, expires_at: Instant, created_at: Instant })
  .openapi('ConsolePendingInvitation');

export const listMembers = createRoute({
  method: 'get',
  path: '/members',
  operationId: 'listMembers',
  summary: "The company's members and open invitations (owners only)",
  security: consoleSession,
  responses: {
    ...dataOf(z.object({ members: z.array(Member), invitations: z.array(PendingInvitation) }), 'Members'),
    ...errorResponses([...CONSOLE_ERRORS, 'forbidden']),
  },
});

export const inviteMember = createRoute({
  method: 'post',
  path: '/members/invitations',
  operationId: 'inviteMember',
  summary: 'Invite someone by e-mail as owner or staff (owners only)',
  description:
    'E-mails a link to accept, valid 7 days; a newer invitation to the same address replaces the older. 409 when the address already has an account; ' +
    '429 past 20 invitations an hour for the company.',
  security: consoleSession,
  request: {
    body: jsonBody(z.strictObject({ email: Email, role: ConsoleRole }).openapi('ConsoleInvite')),
  },
  responses: {
    ...dataOf(z.object({ email: z.string(), role: ConsoleRole, expires_at: Instant }), 'Invited'),
    ...errorResponses([...CONSOLE_WRITE_ERRORS, 'forbidden', 'state_conflict', 'rate_limited']),
  },
});

export const revokeInvitation = createRoute({
  method: 'delete',
  path: '/members/invitations/{id}',
  operationId: 'revokeInvitation',
  summary: 'Withdraw an open invitation: its link stops working (owners only)',
  security: consoleSession,
  request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }) },
  responses: {
    ...dataOf(z.object({ id: z.string(), revoked: z.literal(true) }), 'Revoked'),
    ...errorResponses([...CONSOLE_WRITE_ERRORS, 'forbidden', 'invalid_parameter', 'not_found']),
  },
});

const MemberId = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

export const removeMember = createRoute({
  method: 'delete',
  path: '/members/{id}',
  operationId: 'removeMember',
  summary: 'Remove a member: their sessions end at once (owners only)',
  description:
    'Not yourself (another owner can), and not the last owner (409 state_conflict). Their e-mail address can be invited again.',
  security: consoleSession,
  request: { params: MemberId },
  responses: {
    ...dataOf(z.object({ id: z.string(), removed: z.literal(true) }), 'Removed'),
    ...errorResponses([...CONSOLE_WRITE_ERRORS, 'forbidden', 'not_found', 'state_conflict']),
  },
});

export const changeMemberRole = createRoute({
  method: 'patch',
  path: '/members/{id}',
  operationId: 'changeMemberRole',
  summary: "Change a member's role to owner or staff (owners only)",
  description: 'Not your own role, and the company keeps at least one owner (409 state_conflict).',
  security: consoleSession,
  request: {
    params: MemberId,
    body: jsonBody(z.strictObject({ role: ConsoleRole }).openapi('ConsoleMemberRole')),
  },
  responses: {
    ...dataOf(z.object({ id: z.string(), role: ConsoleRole }), 'Role changed'),
    ...errorResponses([...CONSOLE_WRITE_ERRORS, 'forbidden', 'not_found', 'state_conflict']),
  },
});

const InvitationToken = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' } }),
});

export const getInvitation = createRoute({
  method: 'get',
  path: '/invitations/{token}',
  operationId: 'getInvitation',
  summary: 'What an invitation link is for: the company, the address and the role',
  request: { params: InvitationToken },
  responses: {
    ...dataOf(
      z.object({
        company: z.object({ slug: z.string(), name: z.string() }),
        email: z.string(),
        role: ConsoleRole,
        expires_at: Instant,
      }),
      'The invitation',
    ),
    ...errorResponses(['invalid_parameter', 'not_found', 'state_conflict', 'internal']),
  },
});

export const acceptInvitation = createRoute({
  method: 'post',
  path: '/invitations/accept',
  operationId: 'acceptInvitation',
  summary: 'Accept an invitation: makes the account with this name and password, and signs in',
  request: {
    body: jsonBody(
      z
        .strictObject({
          token: z.string().min(1).max(200),
          name: z.string().trim().min(1, 'a name is required').max(120),
          password: NewPassword,
        })
        .openapi('ConsoleAcceptInvitation'),
    ),
  },
  responses: {
    ...dataOf(ConsoleMember, 'Signed in as the new member'),
    ...errorResponses(['invalid_body', 'not_found', 'state_conflict', 'csrf_rejected', 'internal']),
  },
});

export const accountOperations: readonly RouteConfig[] = [
  signIn,
  signOut,
  getMe,
  forgotPassword,
  resetPassword,
  listMembers,
  inviteMember,
  revokeInvitation,
  removeMember,
  changeMemberRole,
  getInvitation,
  acceptInvitation,
];
