import type { Context } from 'hono';
import * as ops from '../../../contract/console/developers';
import type { Scope } from '../../../domain/scope';
import {
  presentBacklog,
  presentDelivery,
  presentDeliveryLog,
  presentEndpoint,
} from '../../../present/webhook-deliveries';
import {
  consoleDataApi,
  createConsoleDataKey,
  createConsoleKey,
  listConsoleKeys,
  requestConsoleDataApi,
  revokeConsoleKey,
} from '../../../use-cases/company/console-keys';
import {
  addConsoleEndpoint,
  enableWebhookEndpoint,
  listConsoleEndpoints,
  listEndpointDeliveries,
  removeConsoleEndpoint,
  resendDelivery,
  sendTestEvent,
} from '../../../use-cases/webhooks/deliveries';
import { sendAgainUndelivered } from '../../../use-cases/webhooks/send-again';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import type { ConsoleSurface } from './surface';

/**
 * The console's developer routes, for owners only: each is served with the owner role, which the shell
 * enforces (403 forbidden for staff, whatever the page shows); every use case takes the member's company.
 */
export function mountDevelopers(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { database } = deps;
  const now = () => deps.now?.() ?? new Date();
  const owner = (c: Context<ConsoleEnv>): Scope => c.get('scope');
  const route: ConsoleSurface['route'] = (operation, handler) => surface.route(operation, handler, { role: 'owner' });

  route(ops.listKeys, (c) => listConsoleKeys(database, owner(c), now()));
  route(ops.createKey, (c) => createConsoleKey(database, owner(c), c.req.valid('json'), now()));
  route(ops.revokeKey, (c) =>
    revokeConsoleKey(database, owner(c), c.req.valid('param').id, ['publishable', 'server'], now()),
  );

  route(ops.getPaymentCaps, (c) => deps.intentCaps.state(c.get('scope').catalog.company));
  route(ops.getDataApi, (c) => consoleDataApi(database, owner(c), now()));
  route(ops.requestDataApi, (c) => requestConsoleDataApi(database, owner(c), c.req.valid('json').use, now()));
  route(ops.createDataKey, (c) => createConsoleDataKey(database, owner(c), c.req.valid('json').label, now()));
  route(ops.revokeDataKey, (c) => revokeConsoleKey(database, owner(c), c.req.valid('param').id, ['data'], now()));

  route(ops.listWebhooks, async (c) => {
    const listed = await listConsoleEndpoints(database, owner(c), now());
    return { ...listed, endpoints: listed.endpoints.map((e) => ({ ...presentEndpoint(e), ...presentBacklog(e) })) };
  });
  route(ops.createWebhook, async (c) => {
    const added = await addConsoleEndpoint(database, owner(c), c.req.valid('json'));
    return { ...presentEndpoint(added.endpoint), secret: added.secret };
  });
  route(ops.removeWebhook, (c) => removeConsoleEndpoint(database, owner(c), c.req.valid('param').id));
  route(ops.enableWebhook, async (c) => {
    const enabled = await enableWebhookEndpoint(database, owner(c), c.req.valid('param').id, now());
    return { ...presentEndpoint(enabled), requeued: enabled.requeued };
  });
  route(ops.sendAgain, (c) => {
    const since = c.req.valid('json').since;
    return sendAgainUndelivered(database, owner(c), c.req.valid('param').id, {
      since: since ? new Date(since) : undefined,
      now: now(),
    });
  });

  route(ops.listDeliveries, async (c) =>
    presentDeliveryLog(
      await listEndpointDeliveries(database, owner(c), c.req.valid('param').id, c.req.valid('query').page),
    ),
  );
  route(ops.resendDelivery, async (c) => {
    const { id, delivery_id } = c.req.valid('param');
    const sent = await resendDelivery(database, owner(c), id, delivery_id, {
      now: now(),
      seen: c.req.valid('json').attempts,
      allowLocal: deps.allowLocalWebhooks,
    });
    return presentDelivery(sent.delivery, sent.attempts);
  });
  route(ops.sendTestEvent, async (c) => {
    const sent = await sendTestEvent(database, owner(c), c.req.valid('param').id, c.req.valid('json').event, {
      now: now(),
      allowLocal: deps.allowLocalWebhooks,
    });
    return presentDelivery(sent.delivery, sent.attempts);
  });
}
