import { createRoute, z } from '@hono/zod-openapi';
import { FAILURE_REASONS } from '../domain/field-stops';
import { Dollars, dataOf } from './common';
import { errorResponses } from './errors';
import { rentalBearer, TOKEN_ERRORS } from './rental-common';

/**
 * What the field made the customer owe after the booking, on the My booking page (docs/decisions/drivers-day.md):
 * an overage from the landfill's weigh ticket or a wasted trip, itemized, charged to the saved card after the
 * company's notice; a declined one is paid here with a card.
 */
export const RentalCharge = z
  .object({
    id: z.uuid(),
    kind: z.enum(['overage', 'wasted_trip']),
    status: z.enum(['noticed', 'held', 'charging', 'charged', 'declined', 'paid', 'waived']).openapi({
      description:
        'noticed: charged to the saved card at charge_after; declined: owed, pay it here (POST …/pay); charged, paid, waived: settled',
    }),
    ticket: z
      .object({
        net_tons: z.number(),
        allowance_tons: z.number(),
        over_tons: z.number(),
        mode: z.enum(['per_ton', 'flat']),
        rate: Dollars.nullable().openapi({ description: 'per ton over (flat: the one overweight fee)' }),
        photo: z.boolean().openapi({ description: 'the ticket photo: GET …/charges/{id}/ticket-photo' }),
      })
      .nullable(),
    stop_kind: z
      .enum(['delivery', 'pickup', 'swap', 'junk'])
      .openapi({ description: 'the stop it came of: a pickup or swap weighed, a visit that could not be completed' }),
    failure: z.enum(FAILURE_REASONS).nullable(),
    amount: Dollars,
    tax: Dollars,
    processing_fee: Dollars,
    gross_total: Dollars,
    currency: z.enum(['USD', 'CAD']),
    charge_after: z.string().openapi({ format: 'date-time' }),
    charged_at: z.string().nullable().openapi({ format: 'date-time' }),
    note: z.string().nullable().openapi({ description: "the company's note on an adjusted or waived amount" }),
  })
  .openapi('RentalCharge');

const ChargeParam = z.object({ charge_id: z.uuid() });

export const RentalChargePayment = z
  .object({
    charge: RentalCharge,
    client_secret: z
      .string()
      .nullable()
      .openapi({ description: 'confirm it with the processor, then POST …/confirm; null once paid' }),
  })
  .openapi('RentalChargePayment');

export const getRentalChargePhoto = createRoute({
  method: 'get',
  path: '/charges/{charge_id}/ticket-photo',
  operationId: 'getRentalChargePhoto',
  summary: "The weigh ticket's photo of an overage",
  security: rentalBearer,
  request: { params: ChargeParam },
  responses: {
    200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses([...TOKEN_ERRORS]),
  },
});

export const payRentalCharge = createRoute({
  method: 'post',
  path: '/charges/{charge_id}/pay',
  operationId: 'payRentalCharge',
  summary: 'Pays an owed (declined) charge with a card: answers the client_secret the page confirms',
  security: rentalBearer,
  request: { params: ChargeParam },
  responses: {
    ...dataOf(RentalChargePayment, 'The payment to confirm'),
    ...errorResponses([...TOKEN_ERRORS, 'state_conflict', 'payments_not_ready', 'upstream']),
  },
});

export const confirmRentalCharge = createRoute({
  method: 'post',
  path: '/charges/{charge_id}/confirm',
  operationId: 'confirmRentalCharge',
  summary: 'After the page confirmed the card: records the charge paid',
  security: rentalBearer,
  request: { params: ChargeParam },
  responses: {
    ...dataOf(RentalChargePayment, 'The charge'),
    ...errorResponses([...TOKEN_ERRORS, 'unconfirmed', 'state_conflict', 'upstream']),
  },
});

export const rentalChargeOperations = [getRentalChargePhoto, payRentalCharge, confirmRentalCharge] as const;
