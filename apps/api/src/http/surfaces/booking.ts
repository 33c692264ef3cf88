import type { Context } from 'hono';
import * as ops from '../../contract/booking';
import { BOOKING_BASE, bookingDocument } from '../../contract/document';
import type { Db } from '../../db/client';
import type { Registry } from '../../db/registry';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import type { CatalogScope } from '../../domain/scope';
import { isHostedOrigin, originAllowed, pageMayUseKey } from '../../lib/api-keys';
import type { PhotoStore } from '../../photos/store';
import { presentCheck, presentCompany, presentMaterials, presentQuote, presentSize } from '../../present/catalog';
import { presentAvailability } from '../../present/permits';
import { presentIntent, presentSession } from '../../present/sessions';
import { checkBooking, quoteRental } from '../../use-cases/catalog/dumpster';
import { sizesWithFleet } from '../../use-cases/catalog/fleet';
import { confirmOrder } from '../../use-cases/orders/confirm-order';
import { createIntent } from '../../use-cases/orders/create-intent';
import { availabilityWithPlacement } from '../../use-cases/permits/availability';
import type { Caller, Channel, ProcessorFor } from '../../use-cases/shared/payments';
import { getSession } from '../../use-cases/shared/sessions';
import { allowOrigin, forbidOrigin } from '../cors';
import { createIntentCaps, type IntentCaps } from '../intent-caps';
import { type BookingEnv, keyGate, type LiveKey } from '../key-gate';
import { createSurface } from '../shell';
import { orderChangeRoutes } from './booking-rentals';
import { junkRoutes } from './junk';

export type BookingDeps = {
  registry: Registry;
  db: Db;
  processorFor: ProcessorFor;
  /** The client's address, for the per-IP limit (docs/decisions/rate-limits.md). */
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
  const surface = createSurface<BookingEnv>({
    name: 'the Booking API',
    surface: 'booking',
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
    document: bookingDocument,
  });
  const { app, route } = surface;

  app.use(
    '*',
    keyGate<BookingEnv>({
      registry,
      now,
      kinds: ['publishable', 'server'],
      noKey: 'No API key. Send it as `Authorization: Bearer <key>`.',
      wrongKind: 'This is not a Booking API key: use a svc_pk_live_ or svc_sk_booking_ key.',
      before: async () => refuseSwitchedOff(await registry.bookingApiEnabled()),
      rate: {
        perMinute: deps.ratePerMinute ?? 120,
        per: 'a minute',
        prefix: 'booking',
        redis: deps.redis,
        clientIp: deps.clientIp,
      },
      admit: async (c, key) => {
        c.set('channel', callerChannel(c, key, deps.hostedBaseUrl));
        return activeCatalog(await registry.catalog(key.companyId));
      },
      afterKey: surface.readBody,
    }),
  );

  const scope = (c: Context<BookingEnv>) => c.get('scope');
  const catalog = (c: Context<BookingEnv>) => scope(c).catalog;
  const today = (c: Context<BookingEnv>) => todayIn(catalog(c).company.timezone, now());
  const caps = deps.intentCaps ?? createIntentCaps({ redis: deps.redis });
  const links = { hostedBaseUrl: deps.hostedBaseUrl };
  const orders = { db: deps.db, processorFor: deps.processorFor, admit: caps.admit, now, links };
  // Pages are capped per address; a backend's server key speaks for many customers (http/intent-caps.ts).
  const caller = (c: Context<BookingEnv>): Caller => {
    const keyKind = keyKindOf(scope(c));
    return { keyKind, channel: c.get('channel'), ip: keyKind === 'publishable' ? deps.clientIp(c) : null };
  };
  // A confirm told of a declined card counts it against the visitor, as the sandbox's card form does.
  const countDecline = (c: Context<BookingEnv>) => async (err: unknown) => {
    if (err instanceof DomainError && err.code === 'unconfirmed' && err.details?.decline_code) {
      await caps.declined(scope(c).companyId, caller(c).ip);
    }
    throw err;
  };

  route(ops.getCompany, (c) => presentCompany(catalog(c), deps.hostedBaseUrl, today(c)));
  const at = (c: Context<BookingEnv>) => ({ today: today(c), now: now() });
  route(ops.listSizes, async (c) => (await sizesWithFleet(deps.db, scope(c), at(c))).map(presentSize));
  route(ops.getMaterials, (c) => presentMaterials(catalog(c)));
  route(ops.getAvailability, async (c) =>
    presentAvailability(await availabilityWithPlacement(deps.db, scope(c), c.req.valid('query'), at(c))),
  );
  route(ops.check, (c) => presentCheck(checkBooking(scope(c), c.req.valid('json'), today(c))));
  route(ops.quote, (c) => presentQuote(catalog(c), quoteRental(scope(c), c.req.valid('json'), today(c))));
  route(ops.createIntent, async (c) =>
    presentIntent(catalog(c), await createIntent(orders, scope(c), c.req.valid('json'), today(c), caller(c))),
  );
  route(ops.confirm, (c) => confirmOrder(orders, scope(c), c.req.valid('json')).catch(countDecline(c)));
  route(ops.getSession, async (c) =>
    presentSession(await getSession(deps.db, scope(c), c.req.valid('param').session_id)),
  );
  orderChangeRoutes(surface, { db: deps.db, processorFor: deps.processorFor, now, links });
  junkRoutes(surface, {
    ...orders,
    photos: deps.photos,
    hostedBaseUrl: deps.hostedBaseUrl,
    caller,
    countDecline,
    clientIp: deps.clientIp,
  });
  return app;
}

/** The Booking API's key kinds (the gate takes no other). */
function keyKindOf(scope: CatalogScope): Caller['keyKind'] {
  return scope.actor.kind === 'key' && scope.actor.keyKind === 'publishable' ? 'publishable' : 'server';
}

function refuseSwitchedOff(enabled: boolean) {
  if (!enabled) {
    throw new DomainError(
      'booking_api_off',
      'The Booking API is switched off platform-wide for maintenance. Retry later.',
    );
  }
}

function activeCatalog(catalog: Catalog | null): Catalog {
  if (!catalog?.company.active) {
    throw new DomainError('company_inactive', 'The company behind this key is not active.');
  }
  return catalog;
}

/** Where a key may be used from: a publishable key from its pages only, a server key never from a browser. */
function callerChannel(c: Context, key: LiveKey, hostedBaseUrl: string): Channel {
  const origin = c.req.header('origin');
  if (key.kind === 'publishable') {
    if (origin === undefined) {
      throw new DomainError(
        'origin_required',
        'A publishable key works only from a web page on an allowed domain (no Origin header was sent). Use a server key from a backend.',
      );
    }
    const hosted = isHostedOrigin(origin, hostedBaseUrl);
    if (!hosted && !originAllowed(origin, key.allowedDomains)) {
      // The shell let the page read answers because some company allows it; this key's company does not.
      forbidOrigin(c);
      throw new DomainError('origin_not_allowed', `${origin} is not an allowed domain of this key.`);
    }
    allowOrigin(c, origin);
    // Attribution only, never a permission: docs/decisions/booking-channel.md.
    return hosted ? 'link' : c.req.header('x-svc-channel') === 'widget' ? 'widget' : 'api';
  }
  if (origin !== undefined || c.req.header('sec-fetch-site') !== undefined) {
    throw new DomainError(
      'secret_in_browser',
      'A server key was sent from a web browser. Revoke it now and use a publishable key in web pages.',
    );
  }
  return 'api';
}
