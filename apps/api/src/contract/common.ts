import { z } from '@hono/zod-openapi';
import { isValidDate } from '../domain/dates';
import { ERROR_STATUS, type ErrorCode } from '../domain/errors';

export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(isValidDate, 'not a calendar date')
  .openapi({ format: 'date', example: '2026-12-01' });

export const Dollars = z.number().openapi({ description: 'US or Canadian dollars', example: 395 });
export const Cents = z.number().int().openapi({ description: 'integer cents', example: 39500 });

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      field: z.string().optional().openapi({ description: 'the request field or parameter at fault' }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi('Error');

/** Codes any authenticated Booking API call can answer. */
export const AUTH_ERRORS = [
  'unauthorized',
  'origin_required',
  'origin_not_allowed',
  'secret_in_browser',
  'company_inactive',
  'method_not_allowed',
  'rate_limited',
  'booking_api_off',
  'internal',
] as const satisfies readonly ErrorCode[];

/** OpenAPI responses for a list of error codes, grouped by status; each names the codes it carries. */
export function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: `Error: ${list.join(', ')}`,
        content: { 'application/json': { schema: ErrorBody } },
      },
    ]),
  );
}

/** The success envelope: { data }. */
export function dataOf<T extends z.ZodType>(schema: T, description: string) {
  return {
    200: {
      description,
      content: { 'application/json': { schema: z.object({ data: schema }) } },
    },
  };
}

export const bearer = [{ bearerAuth: [] }];

const utm = z.string().trim().min(1).max(200).optional();
/** Where the customer came from, stored on the order and sent in the booking webhooks (docs/decisions.md). */
export const Attribution = z
  .strictObject({
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_term: utm,
    utm_content: utm,
    referrer: z.string().trim().max(2000).optional().openapi({ description: "the landing page's document.referrer" }),
    landing_page: z.string().trim().max(2000).optional().openapi({ description: 'the page the booking started on' }),
  })
  .openapi('Attribution', {
    description:
      "The host page's utm_* parameters and referrer; the hosted page and the widget send them, an integrator may.",
  });
