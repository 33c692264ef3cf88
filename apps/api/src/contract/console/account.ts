import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS, ConsoleMember, consoleSession, Email } from './common';

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

export const accountOperations: readonly RouteConfig[] = [signIn, signOut, getMe];
