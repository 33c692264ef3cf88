import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { BOOKING_EVENTS, DATA_EVENTS } from '../../domain/events';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { CONSOLE_ERRORS, CONSOLE_WRITE_ERRORS, consoleSession } from './common';

// The console's developer tools, for owners only (staff: 403 forbidden): keys, Data API access and its keys,
// webhook endpoints with their delivery log. A secret (server key, Data API key, endpoint secret) is in the
// answer that creates it and in no other answer.

const OWNER_READ = [...CONSOLE_ERRORS, 'forbidden'] as const;
const OWNER_WRITE = [...CONSOLE_WRITE_ERRORS, 'forbidden'] as const;
const ownerOnly = 'Owners only: staff get 403 forbidden.';
const Empty = z.strictObject({}).openapi('Empty');
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

export const ApiKey = z
  .object({
    id: z.string(),
    kind: z.enum(['publishable', 'server', 'data']),
    key: z
      .string()
      .openapi({ description: 'a publishable key whole (it is public); a secret key only as svc_…••••abcd' }),
    label: z.string(),
    allowed_domains: z.array(z.string()),
    status: z.enum(['active', 'revoked', 'expired']),
    created_at: z.string().openapi({ format: 'date-time' }),
    expires_at: z.string().nullable().openapi({ format: 'date-time' }),
    revoked_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('ApiKey');

export const CreatedKey = z
  .object({
    id: z.string(),
    kind: z.enum(['publishable', 'server', 'data']),
    key: z.string().openapi({ description: 'the whole key: shown in this answer only, never again' }),
    display: z.string(),
    allowed_domains: z.array(z.string()),
    expires_at: z.string().nullable(),
  })
  .openapi('CreatedKey');

export const ListedKey = ApiKey.extend({
  serves: z.array(z.string()).openapi({
    description:
      'an active publishable key: its allowed domains whose pages get this key from the company lookup (no newer key lets them in)',
  }),
  only_key_for: z.array(z.string()).openapi({
    description:
      'an active publishable key: its allowed domains no other active key lets in (revoking it stops the widget there)',
  }),
}).openapi('ListedKey');

export const Keys = z
  .object({ keys: z.array(ListedKey), max_server_keys: z.number().int() })
  .openapi('Keys', { description: 'Publishable and server keys, oldest first (Data API keys are under /data-api).' });

export const CreateKeyBody = z
  .strictObject({
    kind: z.enum(['publishable', 'server']),
    domains: z
      .array(clean(z.string().trim().min(1).max(253)))
      .max(20)
      .optional()
      .openapi({ description: 'a publishable key: the domains whose pages may use it (example.com, *.example.com)' }),
    label: clean(z.string().trim().max(80)).optional(),
  })
  .openapi('CreateKey');

export const listKeys = createRoute({
  method: 'get',
  path: '/keys',
  operationId: 'listKeys',
  summary: 'Publishable and server keys',
  description: ownerOnly,
  security: consoleSession,
  responses: { ...dataOf(Keys, 'The keys'), ...errorResponses([...OWNER_READ]) },
});

export const createKey = createRoute({
  method: 'post',
  path: '/keys',
  operationId: 'createKey',
  summary: 'Create a publishable key (with its allowed domains) or a server key (at most two active)',
  description: `The whole key is in this answer only. ${ownerOnly}`,
  security: consoleSession,
  request: { body: jsonBody(CreateKeyBody) },
  responses: { ...dataOf(CreatedKey, 'The new key, shown once'), ...errorResponses([...OWNER_WRITE]) },
});

export const revokeKey = createRoute({
  method: 'post',
  path: '/keys/{id}/revoke',
  operationId: 'revokeKey',
  summary: 'Revoke a publishable or server key: refused from then on, on every instance',
  description: ownerOnly,
  security: consoleSession,
  request: { params: IdParam, body: jsonBody(Empty) },
  responses: { ...dataOf(ApiKey, 'The revoked key'), ...errorResponses([...OWNER_WRITE, 'not_found']) },
});

export const DataApiState = z
  .object({
    access: z.enum(['none', 'requested', 'approved', 'revoked']),
    use: z.string().nullable().openapi({ description: 'what the company said it will use the Data API for' }),
    requested_at: z.string().nullable(),
    decided_at: z.string().nullable(),
    enabled: z.boolean(),
    plan: z.enum(['free', 'paid']),
    keys: z.array(ApiKey),
  })
  .openapi('DataApiState');

export const getDataApi = createRoute({
  method: 'get',
  path: '/data-api',
  operationId: 'getDataApi',
  summary: "The company's Data API access as the platform decided it, and its Data API keys",
  description: ownerOnly,
  security: consoleSession,
  responses: { ...dataOf(DataApiState, 'The Data API access'), ...errorResponses([...OWNER_READ]) },
});

export const requestDataApi = createRoute({
  method: 'post',
  path: '/data-api/request',
  operationId: 'requestDataApi',
  summary: 'Ask the platform for Data API access, saying what it is for',
  description: ownerOnly,
  security: consoleSession,
  request: {
    body: jsonBody(
      z
        .strictObject({
          use: clean(z.string().trim().min(10, 'say in a sentence what the Data API will be used for').max(2000)),
        })
        .openapi('RequestDataApi'),
    ),
  },
  responses: {
    ...dataOf(DataApiState, 'Asked: the platform decides'),
    ...errorResponses([...OWNER_WRITE, 'state_conflict']),
  },
});

export const createDataKey = createRoute({
  method: 'post',
  path: '/data-api/keys',
  operationId: 'createDataKey',
  summary: 'Create a Data API key (once access is approved)',
  description: `The whole key is in this answer only. ${ownerOnly}`,
  security: consoleSession,
  request: {
    body: jsonBody(z.strictObject({ label: clean(z.string().trim().max(80)).optional() }).openapi('CreateDataKey')),
  },
  responses: {
    ...dataOf(CreatedKey, 'The new key, shown once'),
    ...errorResponses([...OWNER_WRITE, 'state_conflict']),
  },
});

export const revokeDataKey = createRoute({
  method: 'post',
  path: '/data-api/keys/{id}/revoke',
  operationId: 'revokeDataKey',
  summary: 'Revoke a Data API key',
  description: ownerOnly,
  security: consoleSession,
  request: { params: IdParam, body: jsonBody(Empty) },
  responses: { ...dataOf(ApiKey, 'The revoked key'), ...errorResponses([...OWNER_WRITE, 'not_found']) },
});

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    api: z.enum(['booking', 'data']),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean().openapi({ description: 'false once switched off after 20 failures in a row' }),
    consecutive_failures: z.number().int(),
    disabled_at: z.string().nullable(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('WebhookEndpoint');

export const WebhookEndpoints = z
  .object({
    endpoints: z.array(WebhookEndpoint),
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
  summary: 'Switch a switched-off endpoint back on (its failures forgotten)',
  description: ownerOnly,
  security: consoleSession,
  request: { params: IdParam, body: jsonBody(Empty) },
  responses: { ...dataOf(WebhookEndpoint, 'The endpoint'), ...errorResponses([...OWNER_WRITE, 'not_found']) },
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
    status: z.enum(['delivered', 'retrying', 'failed']),
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

export const developerOperations: readonly RouteConfig[] = [
  listKeys,
  createKey,
  revokeKey,
  getDataApi,
  requestDataApi,
  createDataKey,
  revokeDataKey,
  listWebhooks,
  createWebhook,
  removeWebhook,
  enableWebhook,
  listDeliveries,
  resendDelivery,
  sendTestEvent,
];
