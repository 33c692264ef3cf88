import { createRoute, z } from '@hono/zod-openapi';
import { JUNK_JOB_STATUSES } from '../../domain/job-status';
import { LEAD_STATUSES } from '../../domain/leads';
import { ORDER_STATUSES } from '../../domain/order-status';
import { clean, DateString, Dollars, dataOf, jsonBody } from '../common';
import { DataEstimate, ESTIMATE_STATUSES } from '../data/estimates';
import { Lead } from '../data/leads';
import { errorResponses } from '../errors';
import { consoleSession } from './common';

import {
  ConsoleJob,
  ConsoleOrder,
  Customer,
  DayJob,
  DECIDE,
  Decision,
  IdParam,
  JobParam,
  listAnswer,
  Moved,
  NeedsAction,
  NoQuery,
  OrderParam,
  Paging,
  pageOf,
  READ,
  SessionParam,
  Stop,
  WRITE,
} from './office-shapes';

/**
 * The console's office (issue 15): Needs action, Dispatch, the order and job pages, leads, customers and
 * estimates. Owners and staff alike (office work). Every id or number of another company is 404.
 */

export const getNeedsAction = createRoute({
  method: 'get',
  path: '/needs-action',
  operationId: 'getNeedsAction',
  security: consoleSession,
  summary: 'What needs a person: held bookings, stuck sessions, new leads, webhook endpoints in trouble',
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
          needs_action: z
            .number()
            .int()
            .openapi({ description: 'held bookings + stuck sessions + endpoints in trouble' }),
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
  summary: "A day's deliveries, pickups and junk jobs with the moves each allows",
  request: {
    query: z.strictObject({ date: DateString.optional().openapi({ description: "default: the company's today" }) }),
  },
  responses: {
    ...dataOf(
      z
        .object({ date: z.string(), deliveries: z.array(Stop), pickups: z.array(Stop), jobs: z.array(DayJob) })
        .openapi('ConsoleDispatchDay'),
      'The day',
    ),
    ...errorResponses(READ),
  },
});

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
  request: { params: OrderParam, body: jsonBody(z.strictObject({ status: z.enum(ORDER_STATUSES) })) },
  responses: { ...dataOf(Moved, 'Moved'), ...errorResponses(WRITE) },
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

export const listConsoleLeads = createRoute({
  method: 'get',
  path: '/leads',
  operationId: 'listConsoleLeads',
  security: consoleSession,
  summary: 'Leads, newest first (status new: the badge)',
  request: {
    query: z.strictObject({
      status: z.enum(LEAD_STATUSES).optional(),
      q: clean(z.string().trim().min(1).max(100)).optional(),
      ...Paging,
    }),
  },
  responses: { ...listAnswer(pageOf(Lead, 'ConsoleLeadPage'), 'A page of leads'), ...errorResponses(READ) },
});

export const moveConsoleLead = createRoute({
  method: 'post',
  path: '/leads/{id}/move',
  operationId: 'moveConsoleLead',
  security: consoleSession,
  summary: 'Move a lead: contacted, converted (makes the customer) or discarded',
  request: { params: IdParam, body: jsonBody(z.strictObject({ to: z.enum(LEAD_STATUSES) })) },
  responses: {
    ...dataOf(Lead.extend({ previous_status: z.enum(LEAD_STATUSES) }), 'The lead'),
    ...errorResponses(WRITE),
  },
});

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
