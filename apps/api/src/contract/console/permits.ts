import { createRoute, z } from '@hono/zod-openapi';
import { dataOf } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { OrderParam, READ, WRITE } from './office-shapes';
import { ConsolePermit } from './permit-shapes';

export { ConsolePermit, OrderPlacement, PermitTask } from './permit-shapes';

/** Street permits in the console (docs/decisions/street-permits.md): the order's block, Needs action, recording. */

export const recordOrderPermit = createRoute({
  method: 'post',
  path: '/orders/{order_number}/permit',
  operationId: 'recordOrderPermit',
  security: consoleSession,
  summary:
    "Record an order's street permit (multipart/form-data: number, starts_on, ends_on, then at most one file named scan); sent again, it replaces number and dates, and keeps the scan unless a new one is sent",
  request: { params: OrderParam },
  responses: {
    ...dataOf(ConsolePermit, 'The permit as recorded'),
    ...errorResponses([...WRITE, 'photo_too_large', 'photo_type', 'photo_rejected', 'rate_limited']),
  },
});

export const getOrderPermitScan = createRoute({
  method: 'get',
  path: '/orders/{order_number}/permit/scan',
  operationId: 'getOrderPermitScan',
  security: consoleSession,
  summary: "The scan of an order's street permit",
  request: { params: OrderParam },
  responses: {
    200: { description: 'The image', content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(READ),
  },
});

export const permitOperations = [recordOrderPermit, getOrderPermitScan];
