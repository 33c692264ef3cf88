import { createRoute, z } from '@hono/zod-openapi';
import { dataOf } from '../common';
import { errorResponses } from '../errors';
import {
  CreatedRange,
  DATA_ONE_ERRORS,
  DATA_READ_ERRORS,
  dataBearer,
  listOf,
  listResponse,
  NoQuery,
  Paging,
  Q,
  UpdatedSince,
} from './common';

// GET /v1/customers and GET /v1/customers/{id} (data spec section 4; the fields are ours: docs/decisions/data-api-lists.md).

const Instant = z.string().openapi({ format: 'date-time' });

export const DataCustomer = z
  .object({
    id: z.uuid().openapi({ description: 'what orders, junk jobs and leads carry as customer_ref' }),
    name: z.string(),
    email: z.string().openapi({ description: 'lower case: one customer per e-mail address' }),
    phone: z.string().openapi({ description: 'as the customer typed it' }),
    type: z.enum(['residential', 'contractor']),
    company_name: z.string().nullable(),
    orders_count: z.number().int().openapi({ description: 'dumpster orders this API shows' }),
    jobs_count: z.number().int().openapi({ description: 'junk removal jobs this API shows' }),
    first_booking_at: Instant.nullable().openapi({ description: 'when the first of those orders and jobs was made' }),
    last_booking_at: Instant.nullable().openapi({ description: 'when the latest of those orders and jobs was made' }),
    created_at: Instant,
    updated_at: Instant.openapi({
      description: 'the last change to this customer, counts and booking times included',
    }),
  })
  .openapi('Customer');

export const CustomersQuery = z.strictObject({
  q: Q,
  updated_since: UpdatedSince,
  ...CreatedRange,
  ...Paging,
});

export const listCustomers = createRoute({
  method: 'get',
  path: '/customers',
  operationId: 'listCustomers',
  summary: 'List customers, newest first',
  description:
    'A customer appears once one of its orders or jobs does: one whose bookings are all under fraud review is left out until one is released.',
  security: dataBearer,
  request: { query: CustomersQuery },
  responses: {
    ...listResponse(listOf(DataCustomer, 'CustomerList'), 'A page of customers'),
    ...errorResponses(DATA_READ_ERRORS),
  },
});

export const getCustomer = createRoute({
  method: 'get',
  path: '/customers/{id}',
  operationId: 'getCustomer',
  summary: 'Read one customer by its id (customer_ref)',
  security: dataBearer,
  request: { params: z.strictObject({ id: z.uuid().openapi({ description: 'a customer_ref' }) }), query: NoQuery },
  responses: {
    ...dataOf(DataCustomer, 'The customer'),
    ...errorResponses(DATA_ONE_ERRORS),
  },
});
