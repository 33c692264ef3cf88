import { createRoute, z } from '@hono/zod-openapi';
import { bearer, DateString, dataOf } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { PlacementAddress, StreetAnswer } from './permits';

/** GET /availability: closed delivery days in a range. */
export const Availability = z
  .object({
    today: DateString,
    min_date: DateString,
    max_date: DateString,
    from: DateString,
    to: DateString,
    max_days: z.number().int(),
    closed: z.array(
      z.object({
        date: DateString,
        reason: z.enum(['past', 'holiday_or_blackout', 'non_working_day', 'fleet_full', 'permit_lead_days']).openapi({
          description:
            "fleet_full: no can of the asked size is free for the whole rental from this day (only with size_id); permit_lead_days: before the street permit's earliest day (only with placement street)",
        }),
      }),
    ),
    fleet: z
      .object({
        size_id: z.uuid(),
        rental_days: z.number().int(),
        next_delivery_date: DateString.nullable().openapi({
          description:
            'the first bookable delivery day with a can free for the whole rental; null: none until max_date',
        }),
      })
      .optional()
      .openapi({ description: 'only with size_id and rental_days, for a size whose cans the company counts' }),
    ...StreetAnswer,
  })
  .openapi('Availability');

export const AvailabilityQuery = z.object({
  from: DateString.optional().openapi({ description: "default: today in the company's timezone" }),
  to: DateString.optional().openapi({ description: 'default: from + 59 days; at most from + 120 days' }),
  size_id: z
    .uuid()
    .optional()
    .openapi({ description: 'with rental_days: also close the days on which no can of this size is free' }),
  rental_days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .openapi({ description: 'the rental length to fit, with size_id' }),
  ...PlacementAddress,
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
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter', 'not_found', 'street_not_allowed']),
  },
});
