import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_STATUS } from '../../contract/errors';
import type { Queryable } from '../../db/client';
import { SANDBOX_BASE, sandboxRoutes, stripeError } from '../../payments/sandbox-api';
import { createSurface, type Envelope } from '../shell';

const MAX_BODY_BYTES = 16 * 1024;

/** The sandbox answers as Stripe's API does, so pages handle both processors alike. */
const stripeEnvelope: Envelope = {
  error: (c, err) => c.json(stripeError(err.code, err.message), ERROR_STATUS[err.code] as 400),
  notFound: (c) =>
    c.json(stripeError('resource_missing', `Unrecognized request URL (${c.req.method} ${c.req.path}).`), 404),
};

/**
 * The sandbox processor (/sandbox/v1), standing where Stripe's servers stand: like Stripe's API, callable
 * from any page (the client secret is what authorizes a confirm); bodies read no further than 16 KB.
 */
export function createSandboxSurface(
  db: Queryable,
  options: { now?: () => Date; onDecline?: (companyId: string, c: Context) => Promise<void> } = {},
) {
  const { app } = createSurface({
    name: 'the sandbox processor',
    surface: 'sandbox',
    base: SANDBOX_BASE,
    operations: [],
    methods: ['GET', 'POST'],
    maxBodyBytes: MAX_BODY_BYTES,
    cors: { kind: 'any', methods: 'GET, POST', headers: 'Content-Type' },
    envelope: stripeEnvelope,
  });
  app.use(
    '/payment_intents/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(stripeError('parameter_invalid', 'The request body is larger than 16 KB.'), 413),
    }),
  );
  sandboxRoutes(app as never, db, options.now ?? (() => new Date()), options.onDecline);
  return app;
}
