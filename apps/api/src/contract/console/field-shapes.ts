import { z } from '@hono/zod-openapi';
import { FAILURE_REASONS } from '../../domain/field-stops';

/** The shapes the dispatch board and the driver's day share (operations: field.ts, office.ts). */

export const StopKey = z.string().min(1).max(80).openapi({
  description: 'what the stop is for: delivery:<order id>, pickup:<order id>, swap:<change id>, junk:<job id>',
});
export const FieldState = z.enum(['assigned', 'on_the_way', 'done', 'failed']);
export const Reason = z.enum(FAILURE_REASONS);

/** Where a stop is on the routes, on every stop of the dispatch board. */
export const StopRoute = z
  .object({
    stop: StopKey,
    driver_id: z.string().nullable(),
    driver_name: z.string().nullable(),
    position: z.number().int().nullable().openapi({ description: "its place on the driver's route, from 1" }),
    field_state: z.enum(['unassigned', 'assigned', 'on_the_way', 'done', 'failed']),
    state_at: z.string().nullable(),
    failure: Reason.nullable(),
    overdue: z
      .boolean()
      .openapi({ description: 'not done and its day (a junk job: its window) is over in the company’s time' }),
  })
  .openapi('ConsoleStopRoute');

export const Driver = z
  .object({ id: z.string(), name: z.string(), role: z.enum(['owner', 'staff', 'driver']) })
  .openapi('ConsoleDriver');
