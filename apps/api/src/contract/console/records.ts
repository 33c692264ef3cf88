import { createRoute, z } from '@hono/zod-openapi';
import { JUNK_JOB_STATUSES } from '../../domain/job-status';
import { ORDER_STATUSES } from '../../domain/order-status';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { ConsoleJob, ConsoleOrder, JobParam, Moved, NoQuery, OrderParam, READ, WRITE } from './office-shapes';

/** The console's order and job pages and their moves along the dispatch board. */

export const getConsoleOrder = createRoute({
  method: 'get',
  path: '/orders/{order_number}',
  operationId: 'getConsoleOrder',
  security: consoleSession,
  summary: 'An order with its customer, invoice, payment, attribution and timeline',
  request: { params: OrderParam, query: NoQuery },
  responses: { ...dataOf(ConsoleOrder, 'The order'), ...errorResponses(READ) },
});

export const getConsoleJob = createRoute({
  method: 'get',
  path: '/jobs/{job_number}',
  operationId: 'getConsoleJob',
  security: consoleSession,
  summary: 'A junk job with its customer, invoice, payment, attribution, photos and timeline',
  request: { params: JobParam, query: NoQuery },
  responses: { ...dataOf(ConsoleJob, 'The job'), ...errorResponses(READ) },
});

export const moveConsoleOrder = createRoute({
  method: 'post',
  path: '/orders/{order_number}/status',
  operationId: 'moveConsoleOrder',
  security: consoleSession,
  summary: "Move an order along the dispatch board (the Data API's order.status_changed goes out)",
  request: {
    params: OrderParam,
    body: jsonBody(
      z.strictObject({
        status: z.enum(ORDER_STATUSES),
        override_reason: clean(z.string().trim().min(1).max(500)).optional().openapi({
          description:
            'owners only (staff: 403 forbidden): send a street delivery out for delivery without its permit, for this reason (kept on the permit and in the audit); without it such a move is 409 permit_required',
        }),
      }),
    ),
  },
  responses: { ...dataOf(Moved, 'Moved'), ...errorResponses([...WRITE, 'permit_required']) },
});

export const moveConsoleJob = createRoute({
  method: 'post',
  path: '/jobs/{job_number}/status',
  operationId: 'moveConsoleJob',
  security: consoleSession,
  summary: "Move a junk job (the Data API's junk_job.status_changed goes out)",
  request: { params: JobParam, body: jsonBody(z.strictObject({ status: z.enum(JUNK_JOB_STATUSES) })) },
  responses: { ...dataOf(Moved, 'Moved'), ...errorResponses(WRITE) },
});
