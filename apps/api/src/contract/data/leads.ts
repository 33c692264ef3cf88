import { createRoute, z } from '@hono/zod-openapi';
import { LEAD_STATUSES } from '../../domain/leads';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import {
  DATA_AUTH_ERRORS,
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

// GET and POST /v1/leads (data spec sections 2, 3 and 4).

/** Lengths are counted in characters as a person sees them (code points), after trimming. */
const text = (max: number) =>
  clean(z.string().trim())
    .refine((v) => [...v].length <= max, `at most ${max} characters`)
    .openapi({ maxLength: max });

export const LeadBody = z
  .strictObject({
    name: text(120).refine((v) => v.length > 0, 'a name is required'),
    phone: text(40)
      .refine((v) => v === '' || /\d/.test(v), 'a phone number has digits')
      .optional(),
    email: text(200)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'an e-mail address')
      .optional(),
    address: text(300).optional(),
    size_label: text(60).optional().openapi({ description: 'the size the person asked about, as they said it' }),
    note: text(2000).optional(),
  })
  .openapi('LeadRequest');

export const Lead = z
  .object({
    id: z.uuid(),
    status: z.enum(LEAD_STATUSES),
    name: z.string(),
    phone: z.string().nullable().openapi({
      description: 'normalized: digits, a leading + kept (null when none was sent)',
      example: '+12125550100',
    }),
    phone_normalized: z
      .string()
      .nullable()
      .openapi({ description: 'the same as phone (kept for clients written before phone was normalized)' }),
    email: z.string().nullable(),
    address: z.string().nullable(),
    size_label: z.string().nullable(),
    note: z.string().nullable(),
    source: z.enum(['api', 'office']),
    customer_ref: z.uuid().nullable().openapi({ description: 'the customer a converted lead became' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Lead');

const PushedLead = Lead.extend({
  existing: z.boolean().openapi({
    description: 'true when the same phone or e-mail was pushed in the last 10 minutes: this is that lead',
  }),
}).openapi('PushedLead');

export const LeadsQuery = z.strictObject({
  status: z.enum(LEAD_STATUSES).optional(),
  updated_since: UpdatedSince,
  q: Q,
  ...Paging,
});

export const listLeads = createRoute({
  method: 'get',
  path: '/leads',
  operationId: 'listLeads',
  summary: 'List leads, newest first, each with its status',
  security: dataBearer,
  request: { query: LeadsQuery },
  responses: { ...listResponse(listOf(Lead, 'LeadList'), 'A page of leads'), ...errorResponses(DATA_READ_ERRORS) },
});

export const getLead = createRoute({
  method: 'get',
  path: '/leads/{id}',
  operationId: 'getLead',
  summary: 'Read one lead by its id',
  security: dataBearer,
  request: { params: z.strictObject({ id: z.uuid() }), query: NoQuery },
  responses: { ...dataOf(Lead, 'The lead'), ...errorResponses(DATA_ONE_ERRORS) },
});

export const createLead = createRoute({
  method: 'post',
  path: '/leads',
  operationId: 'createLead',
  summary: 'Push a lead in (website form, CRM, funnel)',
  description:
    "Only name is required. The same phone or e-mail pushed within 10 minutes answers 200 with that lead and existing: true; otherwise 201 with a new lead. Send an Idempotency-Key header to make a retry after a lost answer safe even without phone or e-mail. Lead pushes do not use the free plan's daily window; the free plan takes 200 new leads a day.",
  security: dataBearer,
  request: {
    body: jsonBody(LeadBody),
    headers: z.object({
      'idempotency-key': z
        .string()
        .min(8)
        .max(64)
        .regex(/^[\x21-\x7e]+$/, 'printable ASCII')
        .optional()
        .openapi({
          description:
            'any unique string of 8 to 64 characters: a retry with the same key answers the lead the first push made',
        }),
    }),
  },
  responses: {
    200: {
      description:
        'The same phone or e-mail was pushed in the last 10 minutes (or the same Idempotency-Key): that lead',
      content: { 'application/json': { schema: z.object({ data: PushedLead }) } },
    },
    201: {
      description: 'A new lead, status new',
      content: { 'application/json': { schema: z.object({ data: PushedLead }) } },
    },
    ...errorResponses([...DATA_AUTH_ERRORS, 'invalid_body', 'lead_quota_exceeded', 'idempotency_conflict']),
  },
});
