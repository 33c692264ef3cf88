import { randomUUID } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { betterAuth } from 'better-auth/minimal';
import type { Db } from '../db/client';
import { consoleAccounts, consoleSessions, consoleUsers, consoleVerifications } from '../db/schema/console';
import { log } from '../lib/log';
import { redactText } from '../lib/safe-log';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export const COOKIE_PREFIX = 'svc-console';
/** Sessions last a week and slide forward once a day while used. */
const SESSION_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

export type AuthOptions = {
  db: Db;
  secret: string;
  /** The console's own address: the only trusted origin, and https there makes every cookie Secure. */
  consoleBaseUrl: string;
  /** Called with a password reset's one-time token; the caller writes the e-mail. */
  sendResetPassword?: (data: { user: { id: string; email: string; name: string }; token: string }) => Promise<void>;
};

/**
 * The console's accounts: better-auth over our own tables (db/schema/console.ts), e-mail and password only,
 * passwords in argon2id, sessions in the database. Its HTTP handler is never mounted: the console surface
 * calls `auth.api.*` from routes declared in our contract (http/surfaces/console.ts), so every route the
 * console has is one of ours, with our envelope, our CSRF rule and our throttle.
 */
export function createAuth(options: AuthOptions) {
  const secure = options.consoleBaseUrl.startsWith('https:');
  return betterAuth({
    appName: 'svc console',
    baseURL: options.consoleBaseUrl,
    basePath: '/console/v1',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { consoleUsers, consoleSessions, consoleAccounts, consoleVerifications },
    }),
    user: {
      modelName: 'consoleUsers',
      additionalFields: {
        companyId: { type: 'string', required: true, input: false },
        role: { type: 'string', required: true, input: false },
      },
    },
    session: { modelName: 'consoleSessions', expiresIn: SESSION_SECONDS, updateAge: 24 * 60 * 60 },
    account: { modelName: 'consoleAccounts' },
    // Reset tokens are kept as their hash: a copy of the table resets no one's password.
    verification: { modelName: 'consoleVerifications', storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by invitation, the CLI and the demo seed, never by signing up.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: options.sendResetPassword
        ? ({ user, token }) =>
            (options.sendResetPassword as NonNullable<AuthOptions['sendResetPassword']>)({ user, token })
        : undefined,
    },
    trustedOrigins: [options.consoleBaseUrl],
    // Our own throttle (http/console-throttle.ts) counts sign-ins; better-auth's would only see its handler.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Through our logger: its own printed a failed query with its parameters (a session token) to stderr.
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        log()[level]({ err }, `better-auth: ${redactText(message)}`);
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
