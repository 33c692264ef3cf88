import type { Context } from 'hono';
import * as ops from '../../contract/booking';
import { BOOKING_BASE, bookingDocument } from '../../contract/document';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { pageMayUseKey } from '../../lib/api-keys';
import type { PhotoStore } from '../../photos/store';
import { presentCheck, presentCompany, presentMaterials, presentQuote, presentSize } from '../../present/catalog';
import { presentIntent, presentSession } from '../../present/orders';
import { confirmOrder } from '../../use-cases/dumpster/confirm-order';
import { createIntent } from '../../use-cases/dumpster/create-intent';
import { availabilityFor, sizesWithFleet } from '../../use-cases/dumpster/fleet';
import { checkBooking, quoteRental } from '../../use-cases/dumpster/read-catalog';
import type { ProcessorFor } from '../../use-cases/shared/payments';
import { getSession } from '../../use-cases/shared/sessions';
import { createIntentCaps, type IntentCaps } from '../intent-caps';
import { type KeyEnv, keyGate } from '../key-gate';
import { createSurface } from '../shell';
import { junkRoutes } from './junk';

export type BookingDeps = {
  registry: Registry;
  db: Db;
  processorFor: ProcessorFor;
  /** The client's address, for the per-IP limit (see docs/decisions.md). */
  clientIp: (c: Context) => string;
  /** The hosted booking pages: their origin may use any company's publishable key (channel 'link'). */
  hostedBaseUrl: string;
  /** Requests per minute per key and per IP (spec: 120). */
  ratePerMinute?: number;
  redis?: unknown;
  /** Payment intents per hour per page address and per company (default: counted in this process). */
  intentCaps?: IntentCaps;
  now?: () => Date;
  /** Where junk photos are kept (photos/store.ts). */
  photos: PhotoStore;
};

export const MAX_BODY_BYTES = 16 * 1024;

/** The Booking API (/booking/v1): publishable keys from allowed pages, server keys from backends. */
export function createBookingSurface(deps: BookingDeps) {
  const { registry } = deps;
  const now = deps.now ?? (() => new Date());
  const surface = createSurface<KeyEnv>({
    name: 'the Booking API',
    base: BOOKING_BASE,
    operations: ops.bookingOperations,
    methods: ['GET', 'POST'],
    maxBodyBytes: MAX_BODY_BYTES,
    cors: {
      kind: 'pages',
      mayUse: async (origin) => pageMayUseKey(origin, await registry.allowedDomains(), deps.hostedBaseUrl),
      methods: 'GET, POST',
      headers: 'Authorization, Content-Type, X-SVC-Channel',
    },
  });
  const { app, route } = surface;

  // The document is public: registered before the key gate.
  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(bookingDocument());
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });

  app.use(
    '*',
    keyGate({
      registry,
      kinds: ['publishable', 'server'],
      wrongKind: 'This is not a Booking API key: use a svc_pk_live_ or svc_sk_booking_ key.',
      enabled: () => registry.bookingApiEnabled(),
      switchedOff: () =>
        new DomainError(
          'booking_api_off',
          'The Booking API is switched off platform-wide for maintenance. Retry later.',
        ),
      ratePerMinute: deps.ratePerMinute ?? 120,
      redis: deps.redis,
      prefix: 'booking',
      clientIp: deps.clientIp,
      hostedBaseUrl: deps.hostedBaseUrl,
      now,
      afterKey: surface.readBody,
    }),
  );

  const catalog = (c: Context<KeyEnv>) => c.get('catalog');
  const today = (c: Context<KeyEnv>) => todayIn(catalog(c).company.timezone, now());
  const caps = deps.intentCaps ?? createIntentCaps({ redis: deps.redis });
  const orders = { db: deps.db, processorFor: deps.processorFor, admit: caps.admit, now };
  // Pages are capped per address; a backend's server key speaks for many customers (docs/decisions.md).
  const caller = (c: Context<KeyEnv>) => ({
    channel: c.get('channel'),
    ip: c.get('keyKind') === 'publishable' ? deps.clientIp(c) : null,
  });

  route(ops.getCompany, (c) => presentCompany(catalog(c), deps.hostedBaseUrl, today(c)));
  const at = (c: Context<KeyEnv>) => ({ today: today(c), now: now() });
  route(ops.listSizes, async (c) => (await sizesWithFleet(deps.db, catalog(c), at(c))).map(presentSize));
  route(ops.getMaterials, (c) => presentMaterials(catalog(c)));
  route(ops.getAvailability, (c) => availabilityFor(deps.db, catalog(c), c.req.valid('query'), at(c)));
  route(ops.check, (c) => presentCheck(checkBooking(catalog(c), c.req.valid('json'), today(c))));
  route(ops.quote, (c) => presentQuote(catalog(c), quoteRental(catalog(c), c.req.valid('json'), today(c))));
  route(ops.createIntent, async (c) =>
    presentIntent(catalog(c), await createIntent(orders, catalog(c), c.req.valid('json'), today(c), caller(c))),
  );
  route(ops.confirm, (c) => confirmOrder(orders, catalog(c), c.req.valid('json')));
  route(ops.getSession, async (c) =>
    presentSession(await getSession(deps.db, catalog(c), c.req.valid('param').session_id)),
  );
  junkRoutes(surface, {
    ...orders,
    photos: deps.photos,
    hostedBaseUrl: deps.hostedBaseUrl,
    caller,
    clientIp: deps.clientIp,
  });
  return app;
}
