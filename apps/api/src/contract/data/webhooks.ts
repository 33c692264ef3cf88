import { z } from '@hono/zod-openapi';
import type { DataEventName } from '../../domain/events';
import { Dollars } from '../common';
import { DataJunkJob, JUNK_JOB_STATUSES } from './junk-jobs';
import { Lead } from './leads';
import { DataOrder, ORDER_STATUSES } from './orders';

/**
 * The Data API's webhooks (data spec section 6), declared like its operations so the document's `webhooks`
 * and the SDK's typed events come from one place. Body { event, created_at, data }, signed as the booking
 * webhooks are. Each carries the record as the Data API's reads show it, so a receiver needs no second call.
 */
const PaymentReceived = z
  .object({
    service: z.enum(['dumpster', 'junk']),
    order_number: z.number().int().nullable().openapi({ description: 'set for a dumpster order' }),
    job_number: z.number().int().nullable().openapi({ description: 'set for a junk removal job' }),
    amount: Dollars.openapi({ description: 'what was captured, card fee included' }),
    currency: z.enum(['USD', 'CAD']),
    customer_ref: z.uuid(),
    received_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PaymentReceived');

const event = <E extends DataEventName, D extends z.ZodType>(name: E, data: D, description: string) =>
  z
    .object({ event: z.literal(name), created_at: z.string().openapi({ format: 'date-time' }), data })
    .openapi(`DataEvent_${name.replace('.', '_')}`, { description });

/** One schema per event name of domain/events.ts: the type refuses a missing or unknown name. */
export const dataEvents = {
  'order.created': event(
    'order.created',
    DataOrder,
    'An order became visible to the Data API: booked and confirmed, or released from fraud review. Idempotency key: order_number.',
  ),
  'order.status_changed': event(
    'order.status_changed',
    DataOrder.extend({ previous_status: z.enum(ORDER_STATUSES) }),
    'The office moved an order to another status (previous_status is where it was). Idempotency key: X-SVC-Delivery, the same on every retry of one event to one endpoint.',
  ),
  'payment.received': event(
    'payment.received',
    PaymentReceived,
    'A card payment was captured. An order is recorded first (order.created says payment_status unpaid); this is how an integrator learns the money arrived. Never sent for no_charge. Idempotency key: order_number or job_number (one capture each).',
  ),
  'lead.created': event('lead.created', Lead, 'A new lead (a deduplicated push makes none). Idempotency key: id.'),
  'junk_job.created': event(
    'junk_job.created',
    DataJunkJob,
    'A junk removal job was booked and confirmed, or released from fraud review. Idempotency key: job_number.',
  ),
  'junk_job.status_changed': event(
    'junk_job.status_changed',
    DataJunkJob.extend({ previous_status: z.enum(JUNK_JOB_STATUSES) }),
    'The office moved a junk removal job to another status (previous_status is where it was). Idempotency key: X-SVC-Delivery, the same on every retry of one event to one endpoint.',
  ),
} satisfies Record<DataEventName, z.ZodType>;

export const dataWebhooks = Object.entries(dataEvents).map(([name, schema]) => ({
  method: 'post' as const,
  path: name,
  summary: `${name}, delivered to the company's Data API endpoints`,
  request: { body: { content: { 'application/json': { schema } }, required: true } },
  responses: {
    200: {
      description:
        'Any 2xx acknowledges the delivery; anything else (or no answer in 10 s) is retried with backoff, 5 attempts in all',
    },
  },
}));
