import { createRoute, z } from '@hono/zod-openapi';
import { FLEET_DAYS } from '../../domain/fleet';
import { DateString, dataOf } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { READ } from './office-shapes';

// The console's Fleet page (docs/decisions/fleet.md): per counted size, cans out against cans owned
// day by day, the full days and the cans in repair. Owners and staff read it; owners change the counts in
// the settings' fleet section (POST /settings/fleet).

const FleetSize = z
  .object({
    size_id: z.uuid(),
    key: z.string(),
    label: z.string(),
    cans: z.number().int(),
    turnaround_days: z.number().int(),
    days: z.array(
      z.object({
        date: DateString,
        out: z.number().int().openapi({ description: 'with customers (delivery through pickup plus turnaround)' }),
        in_repair: z.number().int(),
        free: z.number().int(),
      }),
    ),
    full_days: z.array(DateString).openapi({ description: 'days with no can free' }),
    out_of_service: z.array(
      z.object({ from: DateString, to: DateString, cans: z.number().int(), note: z.string().nullable() }),
    ),
  })
  .openapi('ConsoleFleetSize');

export const getFleet = createRoute({
  method: 'get',
  path: '/fleet',
  operationId: 'getFleet',
  security: consoleSession,
  summary: `The counted sizes' cans out, in repair and free per day, for ${FLEET_DAYS} days`,
  request: {
    query: z.strictObject({ from: DateString.optional().openapi({ description: "default: the company's today" }) }),
  },
  responses: {
    ...dataOf(
      z
        .object({
          from: DateString,
          to: DateString,
          sizes: z.array(FleetSize).openapi({ description: 'empty: the company counts no cans' }),
          untracked: z.array(z.object({ size_id: z.uuid(), label: z.string() })),
        })
        .openapi('ConsoleFleet'),
      'The fleet',
    ),
    ...errorResponses(READ),
  },
});

export const fleetOperations = [getFleet] as const;
