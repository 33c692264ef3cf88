import { createRoute, z } from '@hono/zod-openapi';
import { bearer, DateString, dataOf } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';

/** GET /availability: closed delivery days in a range. */
const Availability = z
  .object({
    today: DateString,
    min_date: DateString,
    max_date: DateString,
    from: DateString,
    to: DateString,
    max_days: z.number().int(),
    closed: z.array(z.object({ date: DateString, reason: z.enum(['past', 'holiday_or_blackout', 'non_working_day']) })),
  })
  .openapi('Availability');

export const AvailabilityQuery = z.object({
  from: DateString.optional().openapi({ description: "default: today in the company's timezone" }),
  to: DateString.optional().openapi({ description: 'default: from + 59 days; at most from + 120 days' }),
});

export const getAvailability = createRoute({
  operationId: 'getAvailability',
  method: 'get',
  path: '/availability',
  summary: 'Closed delivery days in a date range',
  security: bearer,
  request: { query: AvailabilityQuery },
  responses: {
    ...dataOf(Availability, 'Closed days between from and to'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter']),
  },
});
