import { z } from '@hono/zod-openapi';
import type { ErrorCode } from '../../domain/errors';
import { LEAD_STATUSES } from '../../domain/leads';
import { Dollars } from '../common';
import { Lead } from '../data/leads';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS } from './common';
import { StopRoute } from './field-shapes';
import { OrderPlacement, PermitTask } from './permit-shapes';

/** The shapes of the console's office answers and parameters (operations: office.ts). */
export const READ = [...CONSOLE_ERRORS, 'not_found', 'invalid_parameter'] as const satisfies readonly ErrorCode[];
export const WRITE = [
  ...CONSOLE_WRITE_ERRORS,
  'not_found',
  'invalid_parameter',
  'state_conflict',
] as const satisfies readonly ErrorCode[];
export const DECIDE = [...WRITE, 'upstream'] as const satisfies readonly ErrorCode[];

export const Number_ = z.coerce.number().int().min(1).max(2_147_483_647);
export const OrderParam = z.strictObject({ order_number: Number_.openapi({ example: 1042 }) });
export const JobParam = z.strictObject({ job_number: Number_.openapi({ example: 1001 }) });
export const IdParam = z.strictObject({ id: z.string().min(1).max(64) });
export const SessionParam = z.strictObject({ session_id: z.string().min(1).max(64) });
export const NoQuery = z.strictObject({});

export const OFFICE_MAX_PER_PAGE = 100;
export const Paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(OFFICE_MAX_PER_PAGE).default(25),
};
export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({ data: z.array(item), page: z.number().int(), per_page: z.number().int(), has_more: z.boolean() })
    .openapi(name);
export const listAnswer = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
});

export const Held = z
  .object({
    kind: z.enum(['order', 'job']),
    number: z.number().int(),
    customer_name: z.string(),
    customer_email: z.string(),
    what: z.string(),
    amount: Dollars,
    currency: z.string(),
    created_at: z.string(),
  })
  .openapi('ConsoleHeld');

export const StuckSession = z
  .object({
    session_id: z.string(),
    reference: z.string().openapi({ description: 'what the customer was told to quote (BK-XXXX-XXXX)' }),
    kind: z.enum(['dumpster', 'junk']),
    customer_name: z.string(),
    customer_email: z.string(),
    customer_phone: z.string(),
    amount: Dollars,
    currency: z.string(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ConsoleStuckSession');

export const TroubledEndpoint = z
  .object({
    id: z.string(),
    api: z.enum(['booking', 'data']),
    url: z.string(),
    enabled: z.boolean(),
    consecutive_failures: z.number().int(),
    disabled_at: z.string().nullable(),
  })
  .openapi('ConsoleTroubledEndpoint');

/** A lead as the console shows it: the Data API's lead with the statuses the office may move it to. */
export const ConsoleLead = Lead.extend({
  moves: z.array(z.enum(LEAD_STATUSES)).openapi({ description: 'the statuses the office may move it to now' }),
}).openapi('ConsoleLead');

export const NeedsAction = z
  .object({
    held: z.array(Held).openapi({ description: 'orders and jobs held for fraud review, oldest first' }),
    unconfirmed_sessions: z.array(StuckSession).openapi({
      description: 'authorized cards without an order after 15 minutes (the recovery worker could not make it)',
    }),
    new_leads: z.array(ConsoleLead),
    webhook_endpoints: z
      .array(TroubledEndpoint)
      .openapi({ description: 'switched off, or failing since their last success' }),
    permits: z.array(PermitTask).openapi({
      description: 'street permits the company applies for: to apply for, or to extend; oldest apply_by first',
    }),
  })
  .openapi('ConsoleNeedsAction');

export const Decision = z
  .object({ number: z.number().int(), status: z.string(), previous_status: z.string(), payment_status: z.string() })
  .openapi('ConsoleDecision');

export const Stop = z
  .object({
    kind: z.enum(['delivery', 'pickup', 'swap']),
    order_number: z.number().int(),
    status: z.string(),
    moves: z.array(z.string()),
    size: z.string(),
    customer_name: z.string(),
    customer_phone: z.string(),
    address: z.string(),
    last_can: z.boolean().openapi({
      description:
        'a delivery of a counted size on a day when it leaves no can of that size free (docs/decisions/fleet.md)',
    }),
    route: StopRoute,
  })
  .openapi('ConsoleStop');
export const DayJob = z
  .object({
    job_number: z.number().int(),
    status: z.string(),
    moves: z.array(z.string()),
    window: z.object({ start: z.string(), end: z.string() }),
    load: z.string(),
    customer_name: z.string(),
    customer_phone: z.string(),
    address: z.string(),
    route: StopRoute,
  })
  .openapi('ConsoleDayJob');

export const Customer = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    type: z.enum(['residential', 'contractor']),
    company_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ConsoleCustomer');

export const Invoice = z
  .object({
    lines: z.array(z.object({ label: z.string(), amount: Dollars })),
    total: Dollars,
    processing_fee: Dollars,
    gross_total: Dollars,
    currency: z.string(),
  })
  .openapi('ConsoleInvoice');

export const RecordCommon = {
  customer: Customer.nullable(),
  address: z
    .object({ text: z.string().openapi({ description: 'the address on one line' }) })
    .catchall(z.unknown())
    .openapi({ description: 'as booked (line1, city, zip…), with `text`' }),
  payment: z.object({
    status: z.string(),
    invoice_status: z.string().nullable(),
    authorization: z.enum(['authorized', 'captured', 'canceled']).nullable(),
    amount: Dollars.nullable(),
    currency: z.string(),
    processor: z.string().nullable(),
    payment_intent: z.string().nullable().openapi({ description: "the processor's id, masked" }),
    session_id: z.string().nullable(),
  }),
  attribution: z
    .record(z.string(), z.string())
    .nullable()
    .openapi({ description: 'utm_*, referrer, landing_page as booked' }),
  booking_channel: z.string(),
  risk_review: z.boolean(),
  invoice: Invoice,
  timeline: z.array(
    z.object({
      at: z.string(),
      what: z.string(),
      source: z.enum(['record', 'webhook', 'email', 'sms', 'console']),
      detail: z.string().nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  moves: z.array(z.string()),
};

export const ConsoleOrder = z
  .object({
    order_number: z.number().int(),
    status: z.string(),
    size: z.string(),
    material: z.string().nullable(),
    rental_days: z.number().int(),
    delivery_date: z.string(),
    pickup_date: z.string(),
    ...RecordCommon,
    ...OrderPlacement,
  })
  .openapi('ConsoleOrder');

export const ConsoleJob = z
  .object({
    job_number: z.number().int(),
    status: z.string(),
    load: z.string(),
    job_date: z.string(),
    window: z.object({ start: z.string(), end: z.string() }),
    notes: z.string().nullable(),
    photos: z
      .array(
        z.object({
          id: z.string(),
          content_type: z.string(),
          bytes: z.number().int(),
          width: z.number().int(),
          height: z.number().int(),
          created_at: z.string(),
        }),
      )
      .openapi({ description: 'listed only: the console has no endpoint serving the images yet' }),
    ...RecordCommon,
  })
  .openapi('ConsoleJob');

export const Moved = z
  .object({
    number: z.number().int(),
    status: z.string(),
    previous_status: z.string(),
    moves: z.array(z.string()),
    updated_at: z.string(),
  })
  .openapi('ConsoleMoved');
