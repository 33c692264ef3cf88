import { createRoute, z } from '@hono/zod-openapi';
import { LEAD_STATUSES } from '../../domain/leads';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { ConsoleLead, IdParam, listAnswer, Paging, pageOf, READ, WRITE } from './office-shapes';

/** The console's leads: a page of them, and the office's moves, each lead with the moves it allows. */

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
  responses: { ...listAnswer(pageOf(ConsoleLead, 'ConsoleLeadPage'), 'A page of leads'), ...errorResponses(READ) },
});

export const moveConsoleLead = createRoute({
  method: 'post',
  path: '/leads/{id}/move',
  operationId: 'moveConsoleLead',
  security: consoleSession,
  summary: 'Move a lead: contacted, converted (makes the customer) or discarded',
  request: { params: IdParam, body: jsonBody(z.strictObject({ to: z.enum(LEAD_STATUSES) })) },
  responses: {
    ...dataOf(ConsoleLead.extend({ previous_status: z.enum(LEAD_STATUSES) }), 'The lead'),
    ...errorResponses(WRITE),
  },
});
