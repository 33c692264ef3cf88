import { createRoute, z } from '@hono/zod-openapi';
import { dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { Change, ChangeQuote, ChangeRequestBody, IdempotencyKey, RentalBooking } from '../rental';
import { consoleSession } from './common';
import { OrderParam, READ, WRITE } from './office-shapes';

/**
 * An order after its booking, from the office (docs/decisions/my-booking.md): what the customer sees on their
 * My booking page with its changes, the same changes made for a customer on the phone (charged to the card
 * saved at booking), and the customer's link sent again or stopped. Owners and staff alike.
 */
const CHANGE_REFUSALS = ['change_not_allowed', 'size_sold_out', 'date_closed', 'date_past'] as const;

export const getConsoleOrderRental = createRoute({
  method: 'get',
  path: '/orders/{order_number}/rental',
  operationId: 'getConsoleOrderRental',
  security: consoleSession,
  summary: 'The order as its My booking page shows it: days, what was paid, its changes (who, when, what, paid)',
  request: { params: OrderParam },
  responses: { ...dataOf(RentalBooking, 'The order after its booking'), ...errorResponses(READ) },
});

export const quoteConsoleOrderChange = createRoute({
  method: 'post',
  path: '/orders/{order_number}/changes/quote',
  operationId: 'quoteConsoleOrderChange',
  security: consoleSession,
  summary: 'What a change would make of the order and cost, checked against the fleet; nothing is written',
  request: { params: OrderParam, body: jsonBody(ChangeRequestBody) },
  responses: { ...dataOf(ChangeQuote, 'The change priced'), ...errorResponses([...WRITE, ...CHANGE_REFUSALS]) },
});

export const makeConsoleOrderChange = createRoute({
  method: 'post',
  path: '/orders/{order_number}/changes',
  operationId: 'makeConsoleOrderChange',
  security: consoleSession,
  summary: 'Makes a change for the customer: free ones at once, paid ones charged to the card saved at booking',
  request: {
    params: OrderParam,
    headers: z.object({ 'idempotency-key': IdempotencyKey }),
    body: jsonBody(ChangeRequestBody),
  },
  responses: {
    ...dataOf(Change, 'The change'),
    ...errorResponses([...WRITE, ...CHANGE_REFUSALS, 'processing', 'payments_not_ready', 'upstream']),
  },
});

const LinkSent = z
  .object({
    order_number: z.number().int(),
    revoked: z.number().int().openapi({ description: 'earlier links that stopped working' }),
    sent_to: z
      .string()
      .optional()
      .openapi({ description: 'the e-mail the new link went to (and a text to the phone)' }),
  })
  .openapi('ConsoleRentalLink');

export const sendRentalLink = createRoute({
  method: 'post',
  path: '/orders/{order_number}/rental-link',
  operationId: 'sendRentalLink',
  security: consoleSession,
  summary: 'Sends the customer a fresh My booking link by e-mail and text; every earlier link stops working',
  request: { params: OrderParam },
  responses: { ...dataOf(LinkSent, 'Sent'), ...errorResponses(WRITE) },
});

export const revokeRentalLinks = createRoute({
  method: 'delete',
  path: '/orders/{order_number}/rental-link',
  operationId: 'revokeRentalLinks',
  security: consoleSession,
  summary: 'Stops every My booking link of the order (none is sent)',
  request: { params: OrderParam },
  responses: { ...dataOf(LinkSent, 'Stopped'), ...errorResponses(WRITE) },
});

export const rentalOfficeOperations = [
  getConsoleOrderRental,
  quoteConsoleOrderChange,
  makeConsoleOrderChange,
  sendRentalLink,
  revokeRentalLinks,
];
