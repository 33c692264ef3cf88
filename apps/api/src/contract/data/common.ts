import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../../domain/errors';
import { clean, DateString } from '../common';

/**
 * What every Data API operation shares (data spec sections 4, 7, 8): paging, the list envelope and the
 * errors any call can answer.
 */
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 1_000_000;

/** page and per_page, as every list takes them; unknown query parameters are refused by each list's object. */
export const Paging = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .default(1)
    .openapi({ description: 'page number, from 1', example: 1 }),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PER_PAGE)
    .default(25)
    .openapi({ description: `items per page, at most ${MAX_PER_PAGE}`, example: 25 }),
};

/** A one-record read takes no query parameter: any is refused, as a list refuses the ones it does not know. */
export const NoQuery = z.strictObject({});

/** from and to on created_at, in the company's timezone, both included. */
export const CreatedRange = {
  from: DateString.optional().openapi({ description: 'created on or after this day (company time)' }),
  to: DateString.optional().openapi({ description: 'created on or before this day (company time)' }),
};

/** An instant with its offset; years our timestamps can hold (a year 0 is no instant PostgreSQL takes). */
export const UpdatedSince = z
  .string()
  .datetime({ offset: true })
  .refine((v) => {
    const t = Date.parse(v);
    return t >= Date.UTC(1970, 0, 1) && t < Date.UTC(3000, 0, 1);
  }, 'an instant between 1970 and 2999')
  .optional()
  .openapi({ description: 'only items changed at or after this instant (ISO 8601), to sync incrementally' });

/** Free text, matched case-insensitively against the item's names, e-mail and phone digits. */
export const Q = clean(z.string().trim().min(1).max(100)).optional().openapi({
  description:
    'search: part of a name or e-mail (case-insensitive), or part of a phone number (3 digits or more, any punctuation)',
});

/** The list envelope of every GET list: { data, page, per_page, has_more }. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      page: z.number().int(),
      per_page: z.number().int(),
      has_more: z.boolean().openapi({ description: 'request page + 1 while this is true' }),
    })
    .openapi(name);
}

/** Codes any authenticated Data API call can answer. */
export const DATA_AUTH_ERRORS = [
  'unauthorized',
  'secret_in_browser',
  'company_inactive',
  'access_disabled',
  'method_not_allowed',
  'rate_limited',
  'internal',
] as const satisfies readonly ErrorCode[];

/** Reads also answer the free plan's window and bad query parameters. */
export const DATA_READ_ERRORS = [...DATA_AUTH_ERRORS, 'daily_window_ended', 'invalid_parameter'] as const;

/** A one-record read's answer: { data }, or 404 not_found for a record this company does not show. */
export const DATA_ONE_ERRORS = [...DATA_READ_ERRORS, 'not_found'] as const;

export const dataBearer = [{ dataKey: [] }];

/** A list's 200 answer. */
export function listResponse<T extends z.ZodType>(schema: T, description: string) {
  return { 200: { description, content: { 'application/json': { schema } } } };
}
