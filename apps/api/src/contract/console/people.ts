import { createRoute, z } from '@hono/zod-openapi';
import { clean, Dollars, dataOf } from '../common';
import { DataEstimate, ESTIMATE_STATUSES } from '../data/estimates';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { Customer, IdParam, listAnswer, NoQuery, Paging, pageOf, READ } from './office-shapes';

/** The console's customers and estimates (abandoned checkouts). */

const CustomerLine = Customer.extend({ orders: z.number().int(), jobs: z.number().int() }).openapi(
  'ConsoleCustomerLine',
);

export const listConsoleCustomers = createRoute({
  method: 'get',
  path: '/customers',
  operationId: 'listConsoleCustomers',
  security: consoleSession,
  summary: 'Customers, newest first; q matches a name, e-mail or phone',
  request: { query: z.strictObject({ q: clean(z.string().trim().min(1).max(100)).optional(), ...Paging }) },
  responses: {
    ...listAnswer(pageOf(CustomerLine, 'ConsoleCustomerPage'), 'A page of customers'),
    ...errorResponses(READ),
  },
});

export const getConsoleCustomer = createRoute({
  method: 'get',
  path: '/customers/{id}',
  operationId: 'getConsoleCustomer',
  security: consoleSession,
  summary: 'A customer with their orders and jobs',
  request: { params: IdParam, query: NoQuery },
  responses: {
    ...dataOf(
      Customer.extend({
        orders: z.array(
          z.object({
            order_number: z.number().int(),
            status: z.string(),
            size: z.string(),
            delivery_date: z.string(),
            gross_total: Dollars,
            currency: z.string(),
            created_at: z.string(),
          }),
        ),
        jobs: z.array(
          z.object({
            job_number: z.number().int(),
            status: z.string(),
            load: z.string(),
            job_date: z.string(),
            gross_total: Dollars,
            currency: z.string(),
            created_at: z.string(),
          }),
        ),
      }).openapi('ConsoleCustomerDetail'),
      'The customer',
    ),
    ...errorResponses(READ),
  },
});

export const listConsoleEstimates = createRoute({
  method: 'get',
  path: '/estimates',
  operationId: 'listConsoleEstimates',
  security: consoleSession,
  summary: 'Abandoned checkouts: priced, with contact details, never paid (the Data API’s estimates)',
  request: { query: z.strictObject({ status: z.enum(ESTIMATE_STATUSES).optional(), ...Paging }) },
  responses: {
    ...listAnswer(pageOf(DataEstimate, 'ConsoleEstimatePage'), 'A page of estimates'),
    ...errorResponses(READ),
  },
});
