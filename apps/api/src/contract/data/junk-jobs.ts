import { createRoute, z } from '@hono/zod-openapi';
import { JUNK_JOB_STATUSES } from '../../domain/job-status';
import { PAYMENT_STATUSES } from '../../domain/payment-status';
import { DateString, Dollars, dataOf, ShownAddressWithLine2 } from '../common';
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
  UpdatedSince,
} from './common';

// GET /v1/junk-jobs and GET /v1/junk-jobs/{job_number} (data spec section 4; its fields are ours: docs/decisions/data-api-lists.md).

/** A job's statuses after booking (its moves: domain/job-status.ts); pending_risk_review is never shown. */
export { JUNK_JOB_STATUSES };

export const DataJunkJob = z
  .object({
    job_number: z.number().int().openapi({ description: 'the job number the company sees in its app' }),
    status: z.enum(JUNK_JOB_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    job_date: DateString,
    time_window: z.object({ start: z.string(), end: z.string() }).openapi({ description: 'arrival window, HH:MM' }),
    load_fraction: z.string().openapi({ example: '1/2' }),
    load_label: z.string(),
    address: ShownAddressWithLine2,
    notes: z.string().nullable().openapi({ description: 'what the customer said is to be hauled, and where' }),
    photos: z.number().int().openapi({ description: 'photos the customer added' }),
    total_price: Dollars,
    currency: z.enum(['USD', 'CAD']),
    booking_channel: z.enum(['api', 'link', 'widget']),
    customer_ref: z.uuid(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('JunkJob');

export const JunkJobsQuery = z.strictObject({
  status: z.enum(JUNK_JOB_STATUSES).optional(),
  ...CreatedRange,
  updated_since: UpdatedSince,
  ...Paging,
});

export const listJunkJobs = createRoute({
  method: 'get',
  path: '/junk-jobs',
  operationId: 'listJunkJobs',
  summary: 'List junk removal jobs, newest first',
  description: 'Jobs under fraud review are left out until released.',
  security: dataBearer,
  request: { query: JunkJobsQuery },
  responses: {
    ...listResponse(listOf(DataJunkJob, 'JunkJobList'), 'A page of junk removal jobs'),
    ...errorResponses(DATA_READ_ERRORS),
  },
});

export const getJunkJob = createRoute({
  method: 'get',
  path: '/junk-jobs/{job_number}',
  operationId: 'getJunkJob',
  summary: 'Read one junk removal job by its number',
  security: dataBearer,
  request: {
    query: NoQuery,
    params: z.strictObject({
      job_number: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ example: 1001 }),
    }),
  },
  responses: {
    ...dataOf(DataJunkJob, 'The job'),
    ...errorResponses(DATA_ONE_ERRORS),
  },
});
