import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { Change, ChangeQuote, ChangeRequestBody, IdempotencyKey, RentalBooking } from '../rental';

// The rental after the booking, for a company's own site (docs/decisions/my-booking.md): the same reads and
// changes as the customer's My booking link, with a server key (a publishable key is refused: 403 forbidden).

const OrderNumber = z.coerce.number().int().min(1).max(2_147_483_647).openapi({ example: 1042 });
const orderParams = z.object({ order_number: OrderNumber });
const SERVER_ONLY = [...AUTH_ERRORS, 'forbidden', 'not_found', 'invalid_parameter'] as const;
const CHANGE_REFUSALS = ['invalid_body', 'change_not_allowed', 'size_sold_out', 'date_closed', 'date_past'] as const;

export const getOrder = createRoute({
  operationId: 'getOrder',
  method: 'get',
  path: '/orders/{order_number}',
  summary: 'One order as its customer sees it: days, status, what was paid, its changes and what may change now',
  security: bearer,
  request: { params: orderParams },
  responses: { ...dataOf(RentalBooking, 'The order'), ...errorResponses([...SERVER_ONLY]) },
});

export const quoteOrderChange = createRoute({
  operationId: 'quoteOrderChange',
  method: 'post',
  path: '/orders/{order_number}/changes/quote',
  summary: 'What a change (extend, end early, move the delivery) would make of the order and cost; nothing is written',
  security: bearer,
  request: { params: orderParams, body: jsonBody(ChangeRequestBody) },
  responses: { ...dataOf(ChangeQuote, 'The change priced'), ...errorResponses([...SERVER_ONLY, ...CHANGE_REFUSALS]) },
});

export const makeOrderChange = createRoute({
  operationId: 'makeOrderChange',
  method: 'post',
  path: '/orders/{order_number}/changes',
  summary: "Makes a change: free ones at once, paid ones charged to the customer's saved card (or requires_payment)",
  security: bearer,
  request: {
    params: orderParams,
    headers: z.object({ 'idempotency-key': IdempotencyKey }),
    body: jsonBody(ChangeRequestBody),
  },
  responses: {
    ...dataOf(Change, 'The change'),
    ...errorResponses([...SERVER_ONLY, ...CHANGE_REFUSALS, 'processing', 'payments_not_ready', 'upstream']),
  },
});

export const confirmOrderChange = createRoute({
  operationId: 'confirmOrderChange',
  method: 'post',
  path: '/orders/{order_number}/changes/{change_id}/confirm',
  summary: 'After the customer confirmed the card of a change waiting for payment: applies it',
  security: bearer,
  request: { params: orderParams.extend({ change_id: z.uuid() }) },
  responses: {
    ...dataOf(Change, 'The change'),
    ...errorResponses([...SERVER_ONLY, 'unconfirmed', 'change_not_allowed', 'size_sold_out', 'upstream']),
  },
});

export const orderChangeOperations = [getOrder, quoteOrderChange, makeOrderChange, confirmOrderChange];
