import type { Context } from 'hono';
import * as ops from '../../../contract/console/developers';
import {
  consoleDataApi,
  createConsoleDataKey,
  createConsoleKey,
  listConsoleKeys,
  type Owner,
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
} from '../../../use-cases/office/webhook-deliveries';
import { type ConsoleDeps, type ConsoleEnv, requireOwner } from '../../console-env';
import type { ConsoleSurface } from './surface';

/**
 * The console's developer routes, for owners only: every handler starts with requireOwner (403 forbidden
 * for staff, whatever the page shows), and every use case takes the member's company.
 */
export function mountDevelopers(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { database } = deps;
  const now = () => deps.now?.() ?? new Date();
  const owner = (c: Context<ConsoleEnv>): Owner => {
    const member = c.get('member');
    requireOwner(member);
    return { companyId: member.companyId, slug: member.slug, userId: member.userId };
  };

  surface.route(ops.listKeys, (c) => listConsoleKeys(database, owner(c), now()));
  surface.route(ops.createKey, (c) => createConsoleKey(database, owner(c), c.req.valid('json'), now()));
  surface.route(ops.revokeKey, (c) =>
    revokeConsoleKey(database, owner(c), c.req.valid('param').id, ['publishable', 'server'], now()),
  );

  surface.route(ops.getDataApi, (c) => consoleDataApi(database, owner(c), now()));
  surface.route(ops.requestDataApi, (c) => requestConsoleDataApi(database, owner(c), c.req.valid('json').use, now()));
  surface.route(ops.createDataKey, (c) => createConsoleDataKey(database, owner(c), c.req.valid('json').label, now()));
  surface.route(ops.revokeDataKey, (c) =>
    revokeConsoleKey(database, owner(c), c.req.valid('param').id, ['data'], now()),
  );

  surface.route(ops.listWebhooks, (c) => listConsoleEndpoints(database, owner(c).companyId));
  surface.route(ops.createWebhook, (c) => addConsoleEndpoint(database, owner(c), c.req.valid('json')));
  surface.route(ops.removeWebhook, (c) => removeConsoleEndpoint(database, owner(c), c.req.valid('param').id));
  surface.route(ops.enableWebhook, (c) => enableWebhookEndpoint(database, owner(c).companyId, c.req.valid('param').id));

  surface.route(ops.listDeliveries, (c) =>
    listEndpointDeliveries(database, owner(c).companyId, c.req.valid('param').id, c.req.valid('query').page),
  );
  surface.route(ops.resendDelivery, (c) => {
    const { id, delivery_id } = c.req.valid('param');
    return resendDelivery(database, owner(c).companyId, id, delivery_id, {
      now: now(),
      seen: c.req.valid('json').attempts,
      allowLocal: deps.allowLocalWebhooks,
    });
  });
  surface.route(ops.sendTestEvent, (c) =>
    sendTestEvent(database, owner(c).companyId, c.req.valid('param').id, c.req.valid('json').event, {
      now: now(),
      allowLocal: deps.allowLocalWebhooks,
    }),
  );
}
