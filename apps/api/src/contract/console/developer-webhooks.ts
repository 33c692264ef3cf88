import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { BOOKING_EVENTS, DATA_EVENTS } from '../../domain/events';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { Empty, IdParam, OWNER_READ, OWNER_WRITE, ownerOnly } from './owner';

// The console's webhook endpoints with their delivery log, for owners only: the endpoint secret is in the
// answer that creates it and in no other.

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    api: z.enum(['booking', 'data']),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z
      .boolean()
      .openapi({ description: 'false once switched off after 20 failures in a row (about an hour of failing)' }),
    consecutive_failures: z.number().int(),
    disabled_at: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WebhookEndpoint');

export const ListedWebhookEndpoint = WebhookEndpoint.extend({
  held: z.number().int().openapi({ description: 'events kept while it is switched off, sent when it is switched on' }),
  undelivered: z.number().int().openapi({
    description: 'deliveries of the last 7 days given up or held (test events aside): what send-again sends',
  }),
}).openapi('ListedWebhookEndpoint');

export const WebhookEndpoints = z
  .object({
    endpoints: z.array(ListedWebhookEndpoint),
    events: z.object({ booking: z.array(z.enum(BOOKING_EVENTS)), data: z.array(z.enum(DATA_EVENTS)) }),
    max_per_api: z.number().int(),
  })
  .openapi('WebhookEndpoints');

export const CreateEndpointBody = z
  .strictObject({
    url: clean(z.string().trim().min(1).max(2000)),
    api: z.enum(['booking', 'data']).default('booking'),
    events: z
      .array(z.string())
      .max(20)
      .optional()
      .openapi({ description: 'events of its API; all of them when none is chosen' }),
  })
  .openapi('CreateWebhookEndpoint');

export const listWebhooks = createRoute({
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhookEndpoints',
  summary: 'Webhook endpoints (never their secrets) and the events each API sends',
  description: ownerOnly,
  security: consoleSession,
  responses: { ...dataOf(WebhookEndpoints, 'The endpoints'), ...errorResponses([...OWNER_READ]) },
});

export const createWebhook = createRoute({
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhookEndpoint',
  summary: 'Add a webhook endpoint: https, at most three per API, its events chosen',
  description: `Its signing secret (svc_wh_…) is in this answer only. ${ownerOnly}`,
  security: consoleSession,
  request: { body: jsonBody(CreateEndpointBody) },
  responses: {
    ...dataOf(WebhookEndpoint.extend({ secret: z.string() }).openapi('CreatedWebhookEndpoint'), 'The endpoint'),
    ...errorResponses([...OWNER_WRITE]),
  },
});

export const removeWebhook = createRoute({
  method: 'delete',
  path: '/webhooks/{id}',
  operationId: 'removeWebhookEndpoint',
  summary: 'Remove a webhook endpoint and its delivery log',
  description: ownerOnly,
  security: consoleSession,
  request: { params: IdParam },
  responses: {
    ...dataOf(z.object({ id: z.string(), removed: z.literal(true) }), 'Removed'),
    ...errorResponses([...OWNER_WRITE, 'not_found']),
  },
});

export const enableWebhook = createRoute({
  method: 'post',
  path: '/webhooks/{id}/enable',
  operationId: 'enableWebhookEndpoint',
  summary: 'Switch a switched-off endpoint back on (its failures forgotten) and send the events it kept',
  description: `Its held deliveries go back in the queue with fresh attempts (\`requeued\`: how many). An endpoint that is on is answered as it is. ${ownerOnly}`,
  security: consoleSession,
  request: { params: IdParam, body: jsonBody(Empty) },
  responses: {
    ...dataOf(WebhookEndpoint.extend({ requeued: z.number().int() }).openapi('EnabledWebhookEndpoint'), 'The endpoint'),
    ...errorResponses([...OWNER_WRITE, 'not_found']),
  },
});

export const sendAgain = createRoute({
  method: 'post',
  path: '/webhooks/{id}/send-again',
  operationId: 'sendWebhookDeliveriesAgain',
  summary: "Send an endpoint's undelivered deliveries (given up or held) again, with fresh attempts",
  description:
    'Deliveries created since `since` (default: 7 days ago) whose attempts ran out, or that were held, go back in the queue (test events aside). ' +
    "409 state_conflict while the endpoint is switched off (switching it on sends what it kept). A second call sends nothing twice: the first one's deliveries are no longer undelivered. " +
    ownerOnly,
  security: consoleSession,
  request: {
    params: IdParam,
    body: jsonBody(
      z
        .strictObject({
          since: z.iso.datetime({ offset: true }).optional().openapi({ description: 'default: 7 days ago' }),
        })
        .openapi('SendAgain'),
    ),
  },
  responses: {
    ...dataOf(
      z
        .object({
          endpoint_id: z.string(),
          since: z.string().openapi({ format: 'date-time' }),
          requeued: z.number().int().openapi({ description: 'deliveries put back in the queue' }),
        })
        .openapi('SentAgain'),
      'What was put back in the queue',
    ),
    ...errorResponses([...OWNER_WRITE, 'not_found', 'state_conflict']),
  },
});

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    at: z.string().openapi({ format: 'date-time' }),
    status_code: z.number().int().nullable().openapi({ description: 'null: no answer (error says why)' }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    manual: z.boolean().openapi({ description: 'a resend or test event started in the console' }),
  })
  .openapi('WebhookAttempt');

export const WebhookDelivery = z
  .object({
    id: z.string().openapi({ description: 'also sent as X-SVC-Delivery' }),
    event: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    status: z.enum(['delivered', 'retrying', 'failed', 'held']).openapi({
      description: 'held: kept while the endpoint is switched off, sent when it is switched back on',
    }),
    attempts: z.number().int(),
    test: z.boolean().openapi({ description: 'a test event sent from the console' }),
    next_attempt_at: z.string().nullable().openapi({ description: 'when retrying: the next scheduled attempt' }),
    last_response: z
      .object({
        status_code: z.number().int().nullable(),
        at: z.string(),
        duration_ms: z.number().int(),
        error: z.string().nullable(),
      })
      .nullable(),
    attempt_log: z.array(WebhookAttempt),
  })
  .openapi('WebhookDelivery');

export const listDeliveries = createRoute({
  method: 'get',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "An endpoint's deliveries, newest first, each with every attempt",
  description: ownerOnly,
  security: consoleSession,
  request: {
    params: IdParam,
    query: z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  },
  responses: {
    ...dataOf(
      z
        .object({
          endpoint: WebhookEndpoint,
          deliveries: z.array(WebhookDelivery),
          page: z.number().int(),
          per_page: z.number().int(),
          has_more: z.boolean(),
        })
        .openapi('WebhookDeliveries'),
      'A page of the delivery log',
    ),
    ...errorResponses([...OWNER_READ, 'invalid_parameter', 'not_found']),
  },
});

export const resendDelivery = createRoute({
  method: 'post',
  path: '/webhooks/{id}/deliveries/{delivery_id}/resend',
  operationId: 'resendWebhookDelivery',
  summary: 'Send a delivery again now (also to a switched-off endpoint), logged as a manual attempt',
  description:
    '`attempts` is the count the page showed: if the delivery was attempted since, 409 state_conflict and nothing is sent (a double click sends once). ' +
    ownerOnly,
  security: consoleSession,
  request: {
    params: IdParam.extend({ delivery_id: z.string().openapi({ param: { name: 'delivery_id', in: 'path' } }) }),
    body: jsonBody(z.strictObject({ attempts: z.number().int().min(0).optional() }).openapi('ResendDelivery')),
  },
  responses: {
    ...dataOf(WebhookDelivery, 'The delivery after the attempt (it may have failed again: see last_response)'),
    ...errorResponses([...OWNER_WRITE, 'not_found', 'state_conflict']),
  },
});

export const sendTestEvent = createRoute({
  method: 'post',
  path: '/webhooks/{id}/test',
  operationId: 'sendWebhookTestEvent',
  summary: 'Send a signed sample of one of the endpoint’s events, logged as a delivery',
  description: `The sample has the real event's shape, with zero numbers and ids no record has. ${ownerOnly}`,
  security: consoleSession,
  request: {
    params: IdParam,
    body: jsonBody(
      z
        .strictObject({
          event: z.string().optional().openapi({ description: "one of the endpoint's events; its first if none" }),
        })
        .openapi('SendTestEvent'),
    ),
  },
  responses: {
    ...dataOf(WebhookDelivery, 'The test delivery after its attempt'),
    ...errorResponses([...OWNER_WRITE, 'not_found']),
  },
});

export const webhookOperations: readonly RouteConfig[] = [
  listWebhooks,
  createWebhook,
  removeWebhook,
  enableWebhook,
  sendAgain,
  listDeliveries,
  resendDelivery,
  sendTestEvent,
];
