import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../domain/order-status';
import { PAYMENT_STATUSES } from '../../domain/payment-status';
import { DateString, Dollars, dataOf, ShownAddress } from '../common';
import { errorResponses } from '../errors';
import { CreatedRange, DATA_READ_ERRORS, dataBearer, listOf, listResponse, NoQuery, Paging } from './common';

// GET /v1/orders and GET /v1/orders/{order_number} (data spec sections 2 and 4).

export { ORDER_STATUSES };

export const DataOrder = z
  .object({
    order_number: z.number().int().openapi({ description: 'the same number the company sees in its app' }),
    status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES).openapi({
      description:
        'no_charge: the order has no billing phase (no invoice, nothing owed, never a payment.received); a final state, not a balance',
    }),
    delivery_date: DateString,
    pickup_date: DateString,
    rental_days: z.number().int(),
    address: ShownAddress,
    size: z.string().openapi({ description: 'the dumpster size label', example: '20 Yard' }),
    debris_type: z.string().nullable(),
    total_price: Dollars.openapi({ description: 'what the company invoices, in dollars' }),
    base_price: Dollars.openapi({ description: 'the rental before extra days, fees, discounts and tax' }),
    landfill_cost: Dollars.nullable().openapi({ description: 'known once the load is weighed' }),
    net_weight_tons: z.number().nullable(),
    currency: z.enum(['USD', 'CAD']),
    customer_ref: z.uuid().openapi({ description: 'the customer id: joinable against GET /v1/customers' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    completed_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('Order');

export const OrdersQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  ...CreatedRange,
  ...Paging,
});

export const listOrders = createRoute({
  method: 'get',
  path: '/orders',
  operationId: 'listOrders',
  summary: 'List orders, newest first',
  description:
    'Orders under fraud review are left out until released; demo data never appears. Request pages while has_more is true; per_page=100 makes the fewest calls.',
  security: dataBearer,
  request: { query: OrdersQuery },
  responses: {
    ...listResponse(listOf(DataOrder, 'OrderList'), 'A page of orders'),
    ...errorResponses(DATA_READ_ERRORS),
  },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/orders/{order_number}',
  operationId: 'getOrder',
  summary: 'Read one order by its number',
  security: dataBearer,
  request: {
    query: NoQuery,
    params: z.strictObject({
      order_number: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ example: 1001 }),
    }),
  },
  responses: {
    ...dataOf(DataOrder, 'The order'),
    ...errorResponses([...DATA_READ_ERRORS, 'not_found']),
  },
});
