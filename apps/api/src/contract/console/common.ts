import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../../domain/errors';

/**
 * What every console operation shares: the session cookie, and the errors any signed-in call can answer.
 * An area's operations list these plus their own (`errorResponses([...CONSOLE_ERRORS, 'not_found'])`).
 */
export const consoleSession = [{ consoleSession: [] }];

/** Any signed-in read: no session, the company switched off, our failure. */
export const CONSOLE_ERRORS = [
  'unauthorized',
  'company_inactive',
  'method_not_allowed',
  'internal',
] as const satisfies readonly ErrorCode[];

/** Any signed-in write also: a request not from the console's own page (Origin, X-SVC-CSRF), a bad body. */
export const CONSOLE_WRITE_ERRORS = [
  ...CONSOLE_ERRORS,
  'csrf_rejected',
  'invalid_body',
] as const satisfies readonly ErrorCode[];

export const ConsoleRole = z.enum(['owner', 'staff', 'driver']);

/** Who is signed in, and to which company. */
export const ConsoleMember = z
  .object({
    name: z.string(),
    email: z.string(),
    role: ConsoleRole,
    company: z.object({ slug: z.string(), name: z.string() }),
  })
  .openapi('ConsoleMember');

/** An e-mail address as people type it: trimmed, compared lower-cased. */
export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('an e-mail address'))
  .transform((v) => v.toLowerCase())
  .openapi({ format: 'email', example: 'owner@acme.example' });
