import { OpenAPIHono } from '@hono/zod-openapi';
import { bookingOperations } from './booking';
import { CONSOLE_BASE, consoleOperations } from './console';
import { DATA_BASE, dataOperations } from './data';
import { dataWebhooks } from './data/webhooks';
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

/** The Data API's OpenAPI 3.1 document (data spec sections 1 to 9), served at /data/v1/openapi.json. */
export function dataDocument() {
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'dataKey', {
    type: 'http',
    scheme: 'bearer',
    description:
      "A Data API key (svc_live_…), shown once when created; it works only while the platform has approved the company's access. Server-side only: calls from a browser are refused.",
  });
  for (const op of dataOperations) registry.registerPath(op);
  for (const webhook of dataWebhooks) registry.registerWebhook(webhook);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc Data API',
      version: '1.0.0',
      description:
        "A company's own orders, customers, estimates, sizes, junk removal jobs and leads, lead intake and signed webhooks. " +
        'Money is in dollars. Lists carry { data, page, per_page, has_more }; one record { data }; errors { error: { code, message, field?, upgrade_url? } }: branch on code. ' +
        '60 requests a minute per key. Free plan: the first read of the day (company time) opens a 10-minute window, said in X-SVC-Window-Remaining; 200 new leads a day.',
    },
    servers: [{ url: DATA_BASE }],
  });
}

/**
 * The console API's document (/console/v1): internal to our console app, which gets its typed client from
 * it (@svc/sdk/console); not part of the public SDK's documentation.
 */
export function consoleDocument() {
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'consoleSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'svc-console.session_token',
    description:
      'The session cookie set by POST /session (HttpOnly, SameSite=Lax; `__Secure-` prefixed on https). Every write also sends X-SVC-CSRF, the value of the svc-console.csrf cookie, from the console’s own origin.',
  });
  for (const op of consoleOperations) registry.registerPath(op);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'svc console API',
      version: '1.0.0',
      description:
        "What the company console calls for a signed-in owner or staff member: every call is scoped to the member's company. " +
        'Success bodies carry { data }; errors carry { error: { code, message, field? } }: branch on code.',
    },
    servers: [{ url: CONSOLE_BASE }],
  });
}
