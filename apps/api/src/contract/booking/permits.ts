import { z } from '@hono/zod-openapi';
import { clean, DateString, Dollars } from '../common';

/** Street placement on the Booking API (docs/decisions/street-permits.md). */

export const Placement = z.enum(['street', 'private']).openapi({
  description:
    "where the can will sit: on the street (the company's permit rules for the address apply) or a driveway or private property (the default)",
});

/** The address fields a quote or calendar reads the street's rule from (an intent uses its own). */
export const PlacementAddress = {
  placement: Placement.optional(),
  delivery_zip: clean(z.string().trim().min(1).max(20))
    .optional()
    .openapi({ description: 'the delivery ZIP or postal code: required with placement street' }),
  delivery_city: clean(z.string().trim().max(100))
    .optional()
    .openapi({ description: 'the delivery city, for rules that name cities' }),
};

export const PermitTerms = z
  .object({
    rule: z.string().openapi({ description: 'the rule that applies, e.g. "Erie, CO"' }),
    required: z.literal(true),
    applies: z.enum(['company', 'customer']).openapi({
      description:
        'company: the company applies (its fee is in permit_fee); customer: the customer applies and pays the city',
    }),
    lead_days: z.number().int(),
    earliest_delivery_date: DateString,
    city_fee: Dollars,
    handling_fee: Dollars,
    covers_days: z.number().int().nullable().openapi({ description: 'rental days one permit covers; null: no expiry' }),
    extension_fee: Dollars,
    extensions: z.number().int().openapi({ description: 'further covers_days periods this rental needs' }),
    taxable: z.boolean(),
    instructions: z.string().openapi({ description: 'what the city requires, to show the customer' }),
  })
  .openapi('PermitTerms');

/** The keys a quote or calendar gains with placement street (and only then). */
export const StreetAnswer = {
  placement: z.literal('street').optional().openapi({ description: 'only when placement street was asked' }),
  permit: PermitTerms.nullable()
    .optional()
    .openapi({ description: 'only with placement street: the permit the street needs there; null: none' }),
};
