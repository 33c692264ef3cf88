import { OpenAPIHono } from '@hono/zod-openapi';
import { bookingOperations } from './booking';
import { EMBED_BASE, embedOperations } from './embed';
import { bookingWebhooks } from './webhooks';

export const BOOKING_BASE = '/booking/v1';

/** The Booking API's OpenAPI 3.1 document, generated from the same operations the server registers. */
export function bookingDocument() {
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A publishable key (svc_pk_live_…: browser pages on the key’s allowed domains) or a server key (svc_sk_booking_…: backends only).',
  });
  for (const op of bookingOperations) registry.registerPath(op);
  for (const webhook of bookingWebhooks) registry.registerWebhook(webhook);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc Booking API',
      version: '1.0.0',
      description:
        'Sizes, materials, closed days, checks and server-computed quotes for online dumpster rental booking. ' +
        'Success bodies carry { data }; errors carry { error: { code, message, field?, details? } }: branch on code.',
    },
    servers: [{ url: BOOKING_BASE }],
  });
}

/** The embed lookup's document: public, keyless, for our own pages (and the SDK's CompanyEmbed type). */
export function embedDocument() {
  const app = new OpenAPIHono();
  for (const op of embedOperations) app.openAPIRegistry.registerPath(op);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc embed lookups',
      version: '1.0.0',
      description:
        'What the hosted booking page and the widget learn of a company from its slug: public, readable from any origin, never cached.',
    },
    servers: [{ url: EMBED_BASE }],
  });
}
