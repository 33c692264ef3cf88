import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { clean, dataOf, jsonBody } from '../common';
import { errorResponses } from '../errors';
import { consoleSession } from './common';
import { webhookOperations } from './developer-webhooks';
import { Empty, IdParam, OWNER_READ, OWNER_WRITE, ownerOnly } from './owner';

export * from './developer-webhooks';

// The console's developer tools, for owners only (staff: 403 forbidden): keys, Data API access and its keys;
// webhook endpoints with their delivery log in developer-webhooks.ts. A secret (server key, Data API key, endpoint secret) is in the
// answer that creates it and in no other answer.

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

export const PaymentCaps = z
  .object({
    declined_cards: z.number().int().openapi({ description: 'declined cards seen this hour (all visitors)' }),
    card_testing: z.boolean().openapi({
      description: 'true while declined_cards is at the limit: a visitor with a declined card opens no new payment',
    }),
    visitors_refused: z
      .number()
      .int()
      .openapi({ description: 'payments refused to visitors over their caps this hour' }),
    server_key_intents: z
      .number()
      .int()
      .openapi({ description: "payments opened with the company's server keys this hour" }),
    limits: z.object({
      intents_per_ip_per_hour: z.number().int(),
      declines_per_ip_per_hour: z.number().int(),
      declines_per_hour: z.number().int(),
      intents_per_hour: z.number().int(),
    }),
  })
  .openapi('PaymentCaps');

export const getPaymentCaps = createRoute({
  method: 'get',
  path: '/payment-caps',
  operationId: 'getPaymentCaps',
  summary: 'The caps against card testing this hour: declined cards, visitors refused, server keys',
  description: `Counted on every instance (Redis when configured). ${ownerOnly}`,
  security: consoleSession,
  responses: { ...dataOf(PaymentCaps, 'The payment caps this hour'), ...errorResponses([...OWNER_READ]) },
});

export const developerOperations: readonly RouteConfig[] = [
  getPaymentCaps,
  listKeys,
  createKey,
  revokeKey,
  getDataApi,
  requestDataApi,
  createDataKey,
  revokeDataKey,
  ...webhookOperations,
];
