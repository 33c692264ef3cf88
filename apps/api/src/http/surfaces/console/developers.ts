import type { Context } from 'hono';
import * as ops from '../../../contract/console/developers';
import { insertAudit } from '../../../db/repositories/company-config';
import { BOOKING_EVENTS, DATA_EVENTS } from '../../../domain/events';
import { presentEndpoint } from '../../../present/webhook-deliveries';
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
  enableWebhookEndpoint,
  endpointOf,
  listEndpointDeliveries,
  resendDelivery,
  sendTestEvent,
} from '../../../use-cases/office/webhook-deliveries';
import {
  addWebhookEndpoint,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  removeWebhookEndpoint,
} from '../../../use-cases/office/webhooks';
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

  surface.route(ops.listWebhooks, async (c) => {
    const { slug } = owner(c);
    const listed = await listWebhookEndpoints(database, slug);
    const endpoints = await Promise.all(
      listed.map(async (e) => presentEndpoint(await endpointOf(database, c.get('member').companyId, e.id))),
    );
    return {
      endpoints,
      events: { booking: [...BOOKING_EVENTS], data: [...DATA_EVENTS] },
      max_per_api: MAX_WEBHOOK_ENDPOINTS,
    };
  });
  surface.route(ops.createWebhook, async (c) => {
    const who = owner(c);
    const created = await addWebhookEndpoint(database, who.slug, c.req.valid('json'));
    await insertAudit(database.db, { ...who, action: 'webhook.created', subject: `endpoint:${created.id}` });
    return { ...presentEndpoint(await endpointOf(database, who.companyId, created.id)), secret: created.secret };
  });
  surface.route(ops.removeWebhook, async (c) => {
    const who = owner(c);
    const removed = await removeWebhookEndpoint(database, who.slug, c.req.valid('param').id);
    await insertAudit(database.db, { ...who, action: 'webhook.removed', subject: `endpoint:${removed.id}` });
    return { id: removed.id, removed: true as const };
  });
  surface.route(ops.enableWebhook, (c) => enableWebhookEndpoint(database, owner(c).companyId, c.req.valid('param').id));

  surface.route(ops.listDeliveries, (c) =>
    listEndpointDeliveries(database, owner(c).companyId, c.req.valid('param').id, c.req.valid('query').page),
  );
  surface.route(ops.resendDelivery, (c) => {
    const { id, delivery_id } = c.req.valid('param');
    return resendDelivery(database, owner(c).companyId, id, delivery_id, {
      now: now(),
      seen: c.req.valid('json').attempts,
    });
  });
  surface.route(ops.sendTestEvent, (c) =>
    sendTestEvent(database, owner(c).companyId, c.req.valid('param').id, c.req.valid('json').event, { now: now() }),
  );
}
