import type { Database } from '../db/client';
import type { WebhookApi } from '../events/backoff';
import { presentBacklog, presentEndpoint } from '../present/webhook-deliveries';
import { enableWebhookEndpoint, listConsoleEndpoints } from '../use-cases/webhooks/deliveries';
import { addWebhookEndpoint, listWebhookEndpoints, removeWebhookEndpoint } from '../use-cases/webhooks/endpoints';
import { sendAgainUndelivered } from '../use-cases/webhooks/send-again';
import { type Answer, need, scopeOf, table, UsageError } from './common';
import { listen } from './webhooks-listen';

/**
 * svc webhooks add|list|remove|enable|send-again|listen: a company's endpoints, for the Booking API or the
 * Data API; enable and send-again are the console's (the same use cases).
 */
export async function webhooksCommand(
  database: Database,
  action: string | undefined,
  rest: string[],
  values: { api?: string; event?: string[]; port?: string; once?: boolean; json?: boolean; since?: string },
  allowLocalWebhooks: boolean,
): Promise<Answer> {
  const slug = () => need(rest[0], 'slug');
  const scope = () => scopeOf(database, slug());
  switch (action) {
    case 'add': {
      const company = slug();
      const endpoint = { url: need(rest[1], 'url'), api: apiOf(values.api), events: values.event ?? [] };
      const result = await addWebhookEndpoint(database, await scopeOf(database, company), endpoint, allowLocalWebhooks);
      return {
        text: `${result.api} endpoint ${result.id} for ${result.events.join(', ')}\n\n  signing secret: ${result.secret}\n\nCopy it now: it will not be shown again.`,
        json: result,
      };
    }
    case 'list': {
      const listed = await listConsoleEndpoints(database, await scope());
      const rows = (await listWebhookEndpoints(database, await scope())).map((r) => ({
        ...r,
        ...presentBacklog(listed.endpoints.find((e) => e.id === r.id) ?? { held: 0, undelivered: 0 }),
      }));
      return { text: table(rows.map((r) => ({ ...r, events: r.events.join(' ') }))), json: rows };
    }
    case 'enable': {
      const company = slug();
      const id = need(rest[1], 'endpoint id');
      const result = await enableWebhookEndpoint(database, await scopeOf(database, company), id);
      const json = { ...presentEndpoint(result), requeued: result.requeued };
      return { text: `${id} is on; ${result.requeued} kept events queued to send`, json };
    }
    case 'send-again': {
      const company = slug();
      const id = need(rest[1], 'endpoint id');
      const since = values.since === undefined ? undefined : new Date(values.since);
      const now = new Date();
      const result = await sendAgainUndelivered(database, await scopeOf(database, company), id, { since, now });
      return { text: `${result.requeued} undelivered events since ${result.since} queued to send again`, json: result };
    }
    case 'remove': {
      const company = slug();
      const id = need(rest[1], 'endpoint id');
      const result = await removeWebhookEndpoint(database, await scopeOf(database, company), id);
      return { text: `removed ${result.id}`, json: result };
    }
    case 'listen': {
      const result = await listen(database, slug(), {
        api: apiOf(values.api),
        events: values.event ?? [],
        port: Number(values.port ?? 0),
        once: values.once ?? false,
        json: values.json ?? false,
      });
      return { text: 'stopped; endpoint removed', json: result };
    }
    default:
      throw new UsageError(`unknown command "webhooks ${action ?? ''}"; see npm run svc -- --help`);
  }
}

function apiOf(value: string | undefined): WebhookApi {
  if (value === undefined || value === 'booking') return 'booking';
  if (value === 'data') return 'data';
  throw new UsageError('--api is booking or data');
}
