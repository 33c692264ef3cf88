import { createRoute, z } from '@hono/zod-openapi';
import { clean, DateString, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { Driver } from './field-shapes';
import { listConsoleLeads, moveConsoleLead } from './leads';
import {
  DayJob,
  DECIDE,
  Decision,
  JobParam,
  NeedsAction,
  NoQuery,
  OrderParam,
  READ,
  SessionParam,
  Stop,
} from './office-shapes';
import { getConsoleCustomer, listConsoleCustomers, listConsoleEstimates } from './people';
import { getConsoleJob, getConsoleOrder, moveConsoleJob, moveConsoleOrder } from './records';

/**
 * The console's office: Needs action, the held bookings' decisions and Dispatch here; the order and job
 * pages (records.ts), leads (leads.ts), customers and estimates (people.ts). Owners and staff alike (office
 * work). Every id or number of another company is 404.
 */

export const getNeedsAction = createRoute({
  method: 'get',
  path: '/needs-action',
  operationId: 'getNeedsAction',
  security: consoleSession,
  summary:
    'What needs a person: held bookings, stuck sessions, new leads, webhook endpoints in trouble, street permits',
  request: { query: NoQuery },
  responses: { ...dataOf(NeedsAction, 'The queue'), ...errorResponses(READ) },
});

export const getNeedsActionCounts = createRoute({
  method: 'get',
  path: '/needs-action/counts',
  operationId: 'getNeedsActionCounts',
  security: consoleSession,
  summary: "The navigation's badges",
  request: { query: NoQuery },
  responses: {
    ...dataOf(
      z
        .object({
          needs_action: z.number().int().openapi({
            description:
              'held bookings + stuck sessions + endpoints in trouble + street permits to apply for or extend',
          }),
          new_leads: z.number().int(),
        })
        .openapi('ConsoleNavCounts'),
      'Counts',
    ),
    ...errorResponses(READ),
  },
});

const RejectBody = jsonBody(
  z.strictObject({
    reason: clean(z.string().trim().max(500)).optional().openapi({ description: 'kept in the audit, not sent' }),
  }),
);
const decided = { ...dataOf(Decision, 'Decided'), ...errorResponses(DECIDE) };
const APPROVE = 'the card is captured and booking.released goes out; a second approve is 409 state_conflict';
const REJECT = "its card's authorization is released, it is canceled and the customer is e-mailed";

export const approveOrder = createRoute({
  method: 'post',
  path: '/orders/{order_number}/approve',
  operationId: 'approveOrder',
  security: consoleSession,
  summary: `Approve a held order: ${APPROVE}`,
  request: { params: OrderParam },
  responses: decided,
});

export const rejectOrder = createRoute({
  method: 'post',
  path: '/orders/{order_number}/reject',
  operationId: 'rejectOrder',
  security: consoleSession,
  summary: `Reject a held order: ${REJECT}`,
  request: { params: OrderParam, body: RejectBody },
  responses: decided,
});

export const approveJob = createRoute({
  method: 'post',
  path: '/jobs/{job_number}/approve',
  operationId: 'approveJob',
  security: consoleSession,
  summary: `Approve a held junk job: ${APPROVE}`,
  request: { params: JobParam },
  responses: decided,
});

export const rejectJob = createRoute({
  method: 'post',
  path: '/jobs/{job_number}/reject',
  operationId: 'rejectJob',
  security: consoleSession,
  summary: `Reject a held junk job: ${REJECT}`,
  request: { params: JobParam, body: RejectBody },
  responses: decided,
});

export const createSessionOrder = createRoute({
  method: 'post',
  path: '/sessions/{session_id}/create-order',
  operationId: 'createSessionOrder',
  security: consoleSession,
  summary: 'Make the order (or job) of an authorized session now, as confirm would',
  request: { params: SessionParam },
  responses: {
    ...dataOf(
      z.object({
        session_id: z.string(),
        kind: z.enum(['dumpster', 'junk']),
        order_number: z.number().int().nullable(),
        job_number: z.number().int().nullable(),
        already: z.boolean(),
      }),
      'The order or job',
    ),
    ...errorResponses(DECIDE),
  },
});

export const getDispatch = createRoute({
  method: 'get',
  path: '/dispatch',
  operationId: 'getDispatch',
  security: consoleSession,
  summary: "A day's deliveries, pickups, swaps and junk jobs with the moves each allows",
  request: {
    query: z.strictObject({ date: DateString.optional().openapi({ description: "default: the company's today" }) }),
  },
  responses: {
    ...dataOf(
      z
        .object({
          date: z.string(),
          deliveries: z.array(Stop),
          pickups: z.array(Stop),
          swaps: z
            .array(Stop)
            .openapi({ description: "full cans taken and empty ones set this day (a customer's swap)" }),
          jobs: z.array(DayJob),
          drivers: z
            .array(Driver)
            .openapi({ description: "the company's members a stop can be given to, drivers first" }),
        })
        .openapi('ConsoleDispatchDay'),
      'The day',
    ),
    ...errorResponses(READ),
  },
});

export const officeOperations = [
  getNeedsAction,
  getNeedsActionCounts,
  approveOrder,
  rejectOrder,
  approveJob,
  rejectJob,
  createSessionOrder,
  getDispatch,
  getConsoleOrder,
  getConsoleJob,
  moveConsoleOrder,
  moveConsoleJob,
  listConsoleLeads,
  moveConsoleLead,
  listConsoleCustomers,
  getConsoleCustomer,
  listConsoleEstimates,
] as const;
