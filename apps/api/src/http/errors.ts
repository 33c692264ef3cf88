import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { ERROR_STATUS } from '../contract/errors';
import { DomainError } from '../domain/errors';
import { log } from '../lib/log';
import { presentErrorDetails } from '../present/errors';

export function errorResponse(c: Context, error: DomainError): Response {
  c.header('X-Request-Id', c.get('requestId') ?? randomUUID());
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.field !== undefined) body.field = error.field;
  const details = presentErrorDetails(error);
  if (details !== undefined) body.details = details;
  if (error.upgradeUrl !== undefined) body.upgrade_url = error.upgradeUrl;
  return c.json({ error: body }, ERROR_STATUS[error.code] as 400);
}

/** Any thrown value to the envelope; unknown errors become a generic 500 with the request id logged. */
export function toDomainError(err: unknown, requestId: string): DomainError {
  if (err instanceof DomainError) return err;
  if (err instanceof HTTPException && err.status === 400) return notJson();
  log().error({ err, request_id: requestId }, 'unexpected error');
  return new DomainError('internal', `Something went wrong on our side; retry shortly. Request id: ${requestId}.`);
}

/** A body that does not parse as JSON. */
export function notJson(): DomainError {
  return new DomainError('invalid_body', 'The request body is not valid JSON.', {
    field: 'body',
    details: { reason: 'not_json' },
  });
}

/** A zod failure on a request part to invalid_body (body) or invalid_parameter (query, path). */
export function validationError(error: ZodError, target: string): DomainError {
  const issue = error.issues[0];
  const path = issue ? issue.path.map(String) : [];
  if (issue?.code === 'unrecognized_keys') path.push(issue.keys[0] as string);
  const field = path.join('.') || 'body';
  const isQuery = target === 'query' || target === 'param';
  const message =
    issue?.code === 'unrecognized_keys'
      ? `Unknown field \`${field}\`.`
      : issue?.code === 'invalid_type' && issue.input === undefined
        ? `\`${field}\` is required.`
        : `\`${field}\`: ${issue?.message ?? 'invalid value'}.`;
  return new DomainError(isQuery ? 'invalid_parameter' : 'invalid_body', message, { field });
}
