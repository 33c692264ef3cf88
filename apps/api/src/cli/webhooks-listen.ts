import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/client';
import type { WebhookApi } from '../events/backoff';
import { verifySignature } from '../events/signature';
import { addWebhookEndpoint, removeWebhookEndpoint } from '../use-cases/webhooks/endpoints';
import { scopeOf } from './common';

type Delivered = { event: string; data: Record<string, unknown> };

/**
 * `svc webhooks listen <slug> [--api data]`: a local receiver for development, like `stripe listen`. It
 * registers an endpoint on loopback for the API's events (all of them unless --event names some), checks
 * each delivery's X-SVC-Signature with the endpoint's secret, prints the event, and removes the endpoint
 * when it stops (Ctrl-C, or after the first event with --once).
 */
export async function listen(
  database: Database,
  slug: string,
  options: { api: WebhookApi; events: string[]; port: number; once: boolean; json: boolean },
) {
  const scope = await scopeOf(database, slug);
  let endpointId = '';
  let secret = '';
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const valid = verifySignature(
        secret,
        body,
        String(req.headers['x-svc-signature'] ?? ''),
        Math.floor(Date.now() / 1000),
      );
      let event: Delivered;
      try {
        event = JSON.parse(body) as Delivered;
      } catch {
        res.writeHead(400).end();
        console.error('a request that is not a webhook delivery (not JSON): ignored');
        return;
      }
      res.writeHead(valid ? 200 : 400).end();
      if (options.json) console.log(JSON.stringify({ signature_valid: valid, ...event }));
      else
        console.log(
          `${valid ? 'signature ok ' : 'BAD SIGNATURE'}  ${event.event}  ${subject(event)}\n${JSON.stringify(event.data, null, 2)}`,
        );
      if (options.once) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc-webhooks`;
  const endpoint = await addWebhookEndpoint(database, scope, { url, api: options.api, events: options.events }, true);
  endpointId = endpoint.id;
  secret = endpoint.secret;
  const which = options.api === 'data' ? 'Data API' : 'booking';
  console.error(
    `listening for ${slug}'s ${which} events (${endpoint.events.join(', ')}) on ${url} (the platform must run with SVC_WEBHOOK_ALLOW_HTTP=1, as npm start does); Ctrl-C to stop`,
  );
  process.once('SIGINT', done);
  process.once('SIGTERM', done);
  await finished;
  server.close();
  await removeWebhookEndpoint(database, scope, endpointId);
  return { endpoint: endpointId, removed: true };
}

/** What an event is about, in a few words: "order #1001", "job #1002 (confirmed -> scheduled)", "lead …". */
function subject({ event, data }: Delivered): string {
  const moved = typeof data.previous_status === 'string' ? ` (${data.previous_status} -> ${data.status})` : '';
  if (event.startsWith('lead.')) return `lead ${data.id} (${data.status})`;
  if (typeof data.job_number === 'number') return `job #${data.job_number}${moved}`;
  if (typeof data.order_number === 'number') return `order #${data.order_number}${moved}`;
  return '';
}
