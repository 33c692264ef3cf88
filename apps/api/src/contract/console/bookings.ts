import { createRoute, z } from '@hono/zod-openapi';
import { BOOKING_CHANNELS, DASHBOARD_PERIODS } from '../../domain/dashboard';
import { JUNK_JOB_STATUSES } from '../../domain/job-status';
import { HELD_FOR_REVIEW, ORDER_STATUSES } from '../../domain/order-status';
import { PAYMENT_STATUSES } from '../../domain/payment-status';
import { clean, DateString, Dollars, dataOf } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { listAnswer, Paging, pageOf, READ } from './office-shapes';

/**
 * The office's Orders and Junk jobs lists, their CSV export and the dashboard (docs/decisions/office-lists.md). Owners and staff alike; only the member's company's bookings.
 */

const filters = (statuses: readonly [string, ...string[]], service: string) => ({
  q: clean(z.string().trim().min(1).max(100)).optional().openapi({
    description:
      'a number (1042 or #1042), or at least 3 characters of a street, customer name or e-mail, or of a phone in any format',
  }),
  status: z.enum(statuses).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  channel: z.enum(BOOKING_CHANNELS).optional().openapi({ description: 'how it was booked' }),
  dates: z
    .enum(['service', 'booked'])
    .optional()
    .openapi({ description: `what from and to bound: the ${service} (service, the default) or the day booked` }),
  from: DateString.optional().openapi({ description: 'first day, included (company-local)' }),
  to: DateString.optional().openapi({ description: 'last day, included (company-local)' }),
});

// Held bookings are in the office's lists too: their status is a filter like any other.
export const OrdersFilter = z.strictObject(filters([HELD_FOR_REVIEW, ...ORDER_STATUSES], 'delivery date'));
export const JobsFilter = z.strictObject(filters([HELD_FOR_REVIEW, ...JUNK_JOB_STATUSES], 'job date'));

const Line = {
  status: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  booked_at: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  address: z.string().openapi({ description: 'the street address on one line' }),
  booking_channel: z.string(),
  gross_total: Dollars.openapi({ description: 'what the customer was charged, card fee included' }),
  currency: z.string(),
};

export const ConsoleOrderLine = z
  .object({
    order_number: z.number().int(),
    delivery_date: z.string(),
    pickup_date: z.string(),
    size: z.string(),
    ...Line,
  })
  .openapi('ConsoleOrderLine');

export const ConsoleJobLine = z
  .object({
    job_number: z.number().int(),
    job_date: z.string(),
    window: z.string().openapi({ example: '08:00-12:00' }),
    load: z.string(),
    ...Line,
  })
  .openapi('ConsoleJobLine');

export const listConsoleOrders = createRoute({
  method: 'get',
  path: '/orders',
  operationId: 'listConsoleOrders',
  security: consoleSession,
  summary: 'Every order of the company, newest first, filtered and searched',
  request: { query: OrdersFilter.extend(Paging) },
  responses: {
    ...listAnswer(pageOf(ConsoleOrderLine, 'ConsoleOrderPage'), 'A page of orders'),
    ...errorResponses(READ),
  },
});

export const listConsoleJobs = createRoute({
  method: 'get',
  path: '/jobs',
  operationId: 'listConsoleJobs',
  security: consoleSession,
  summary: 'Every junk job of the company, newest first, filtered and searched',
  request: { query: JobsFilter.extend(Paging) },
  responses: {
    ...listAnswer(pageOf(ConsoleJobLine, 'ConsoleJobPage'), 'A page of junk jobs'),
    ...errorResponses(READ),
  },
});

const csv = (description: string) => ({
  200: {
    description: `${description}: text/csv, a header line then a line per row, streamed`,
    content: { 'text/csv': { schema: z.string() } },
  },
});

export const exportConsoleOrders = createRoute({
  method: 'get',
  path: '/exports/orders.csv',
  operationId: 'exportConsoleOrders',
  security: consoleSession,
  summary: 'The filtered orders list as CSV (every page), for the bookkeeper',
  request: { query: OrdersFilter },
  responses: { ...csv('The orders'), ...errorResponses(READ) },
});

export const exportConsoleJobs = createRoute({
  method: 'get',
  path: '/exports/jobs.csv',
  operationId: 'exportConsoleJobs',
  security: consoleSession,
  summary: 'The filtered junk jobs list as CSV (every page), for the bookkeeper',
  request: { query: JobsFilter },
  responses: { ...csv('The junk jobs'), ...errorResponses(READ) },
});

const PerChannel = z.object({ link: z.number(), widget: z.number(), api: z.number() });

export const ConsoleDashboard = z
  .object({
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        bookings: PerChannel.openapi({ description: 'orders and jobs booked that day, by channel' }),
        revenue: PerChannel.openapi({ description: 'their gross totals in dollars, by channel' }),
      }),
    ),
    totals: z.object({
      bookings: z.number().int(),
      orders: z.number().int(),
      jobs: z.number().int(),
      held: z.number().int().openapi({ description: 'held for review when booked' }),
      revenue: Dollars,
      average_booking: Dollars.nullable(),
      held_rate: z.number().nullable().openapi({ description: 'held / bookings, 0 to 1' }),
    }),
    sources: z.array(z.object({ source: z.string().nullable(), bookings: z.number().int(), revenue: Dollars })),
    estimates: z.object({
      total: z.number().int().openapi({ description: 'checkouts priced with contact details and not paid' }),
      converted: z.number().int().openapi({ description: 'of those, how many booked since' }),
      conversion_rate: z.number().nullable(),
    }),
    field: z
      .object({
        date: z.string().openapi({ description: "the company's today" }),
        tickets: z.number().int().openapi({ description: 'weigh tickets entered today' }),
        tons: z.number().openapi({ description: 'their net tons' }),
        overage_charged: Dollars.openapi({ description: 'overage charged today (gross)' }),
        overage_waiting: Dollars.openapi({ description: 'overage noticed, held or owed, not yet charged (gross)' }),
      })
      .openapi({ description: "the field's day: the scale's tons and the overage they bring" }),
  })
  .openapi('ConsoleDashboard');

export const getConsoleDashboard = createRoute({
  method: 'get',
  path: '/dashboard',
  operationId: 'getConsoleDashboard',
  security: consoleSession,
  summary: "The business at a glance: the last 30 or 90 days' bookings, revenue, sources and estimates",
  request: {
    query: z.strictObject({
      days: z.enum(DASHBOARD_PERIODS).default('30').openapi({ description: 'the period: 30 or 90 days' }),
    }),
  },
  responses: { ...dataOf(ConsoleDashboard, 'The figures'), ...errorResponses(READ) },
});

export const bookingOperations = [
  listConsoleOrders,
  listConsoleJobs,
  exportConsoleOrders,
  exportConsoleJobs,
  getConsoleDashboard,
] as const;
