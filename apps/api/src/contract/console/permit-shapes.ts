import { z } from '@hono/zod-openapi';
import { DateString, Dollars } from '../common';

/** The shapes of street permits in the console (docs/decisions/street-permits.md; operations: permits.ts). */

export const ConsolePermit = z
  .object({
    rule: z.string(),
    applies: z.enum(['company', 'customer']),
    status: z.enum(['needed', 'recorded', 'customer_applies', 'overridden']).openapi({
      description:
        'needed: the company applies and nothing is recorded (dispatch refuses out_for_delivery); overridden: an owner sent it out without one',
    }),
    apply_by: DateString.nullable(),
    fee: Dollars.openapi({ description: 'what the customer paid for it at booking' }),
    city_fee: Dollars,
    handling_fee: Dollars,
    covers_days: z.number().int().nullable(),
    extension_fee: Dollars,
    covered_through: DateString.nullable().openapi({
      description: 'the last day the fees paid cover; null: no expiry',
    }),
    instructions: z.string(),
    number: z.string().nullable(),
    starts_on: DateString.nullable(),
    ends_on: DateString.nullable(),
    scan: z
      .object({
        content_type: z.string(),
        width: z.number().int(),
        height: z.number().int(),
        url: z.string().openapi({ description: 'GET it with the session (the console proxies it)' }),
      })
      .nullable(),
    recorded_at: z.string().nullable(),
    override: z.object({ reason: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  })
  .openapi('ConsolePermit');

/** What ConsoleOrder gains. */
export const OrderPlacement = {
  placement: z.enum(['street', 'private']),
  permit: ConsolePermit.nullable().openapi({
    description: 'null unless the order sits on the street where a permit is needed',
  }),
};

export const PermitTask = z
  .object({
    kind: z.enum(['apply_for_permit', 'extend_permit']),
    order_number: z.number().int(),
    customer_name: z.string(),
    address: z.string(),
    delivery_date: DateString,
    pickup_date: DateString,
    rule: z.string(),
    apply_by: DateString.openapi({
      description: "apply_for_permit: delivery less the city's lead days; extend_permit: the recorded permit's ends_on",
    }),
    overdue: z.boolean(),
  })
  .openapi('ConsolePermitTask');
