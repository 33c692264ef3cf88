import { OpenAPIHono } from '@hono/zod-openapi';
import { bookingOperations } from './booking';
import { CONSOLE_BASE, consoleOperations } from './console';
import { DATA_BASE, dataOperations } from './data';
import { dataWebhooks } from './data/webhooks';
import { EMBED_BASE, embedOperations } from './embed';
import { RENTAL_BASE, rentalOperations } from './rental';
import { bookingWebhooks } from './webhooks';

export const BOOKING_BASE = '/booking/v1';

type OpenAPIRegistry = OpenAPIHono['openAPIRegistry'];
type SecurityScheme = Parameters<OpenAPIRegistry['registerComponent']>[2];

/** What sets one surface's document apart from another's. */
type DocumentParts = {
  title: string;
  description: string;
  base: string;
  operations: readonly Parameters<OpenAPIRegistry['registerPath']>[0][];
  webhooks?: readonly Parameters<OpenAPIRegistry['registerWebhook']>[0][];
  security?: { name: string; scheme: SecurityScheme };
};

/** An OpenAPI 3.1 document, generated from the same operations the server registers. */
function openApiDocument(parts: DocumentParts) {
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  if (parts.security) registry.registerComponent('securitySchemes', parts.security.name, parts.security.scheme);
  for (const op of parts.operations) registry.registerPath(op);
  for (const webhook of parts.webhooks ?? []) registry.registerWebhook(webhook);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: parts.title, version: '1.0.0', description: parts.description },
    servers: [{ url: parts.base }],
  });
}

/** The Booking API's document. */
export function bookingDocument() {
  return openApiDocument({
    title: 'svc Booking API',
    description:
      'Sizes, materials, closed days, checks and server-computed quotes for online dumpster rental booking. ' +
      'Success bodies carry { data }; errors carry { error: { code, message, field?, details? } }: branch on code.',
    base: BOOKING_BASE,
    operations: bookingOperations,
    webhooks: bookingWebhooks,
    security: {
      name: 'bearerAuth',
      scheme: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A publishable key (svc_pk_live_…: browser pages on the key’s allowed domains) or a server key (svc_sk_booking_…: backends only).',
      },
    },
  });
}

/** The embed lookup's document: public, keyless, for our own pages (and the SDK's CompanyEmbed type). */
export function embedDocument() {
  return openApiDocument({
    title: 'svc embed lookups',
    description:
      'What the hosted booking page and the widget learn of a company from its slug: public, readable from any origin, never cached.',
    base: EMBED_BASE,
    operations: embedOperations,
  });
}

/** The My booking API's document: one booking, opened by its link's token (docs/decisions/my-booking.md). */
export function rentalDocument() {
  return openApiDocument({
    title: 'svc My booking',
    description:
      "A customer's own booking after it was made, opened by the private token of its My booking link: see it, and extend it, end it early or move its delivery, priced by the server and checked against the fleet. " +
      'Success bodies carry { data }; errors carry { error: { code, message, field?, details? } }.',
    base: RENTAL_BASE,
    operations: rentalOperations,
    security: {
      name: 'rentalToken',
      scheme: { type: 'http', scheme: 'bearer', description: 'The token of the My booking link (rtl_…).' },
    },
  });
}

/** The Data API's document (data spec sections 1 to 9), served at /data/v1/openapi.json. */
export function dataDocument() {
  return openApiDocument({
    title: 'svc Data API',
    description:
      "A company's own orders, customers, estimates, sizes, junk removal jobs and leads, lead intake and signed webhooks. " +
      'Money is in dollars. Lists carry { data, page, per_page, has_more }; one record { data }; errors { error: { code, message, field?, upgrade_url? } }: branch on code. ' +
      '60 requests a minute per key. Free plan: the first read of the day (company time) opens a 10-minute window, said in X-SVC-Window-Remaining; 200 new leads a day.',
    base: DATA_BASE,
    operations: dataOperations,
    webhooks: dataWebhooks,
    security: {
      name: 'dataKey',
      scheme: {
        type: 'http',
        scheme: 'bearer',
        description:
          "A Data API key (svc_live_…), shown once when created; it works only while the platform has approved the company's access. Server-side only: calls from a browser are refused.",
      },
    },
  });
}

/**
 * The console API's document (/console/v1): internal to our console app, which gets its typed client from
 * it (@svc/sdk/console); not part of the public SDK's documentation.
 */
export function consoleDocument() {
  return openApiDocument({
    title: 'svc console API',
    description:
      "What the company console calls for a signed-in owner or staff member: every call is scoped to the member's company. " +
      'Success bodies carry { data }; errors carry { error: { code, message, field? } }: branch on code.',
    base: CONSOLE_BASE,
    operations: consoleOperations,
    security: {
      name: 'consoleSession',
      scheme: {
        type: 'apiKey',
        in: 'cookie',
        name: 'svc-console.session_token',
        description:
          'The session cookie set by POST /session (HttpOnly, SameSite=Lax; `__Secure-` prefixed on https). Every write also sends X-SVC-CSRF, the value of the svc-console.csrf cookie, from the console’s own origin.',
      },
    },
  });
}
