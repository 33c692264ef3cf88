import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../db/client';
import { verifySignature } from '../events/signature';
import { addWebhookEndpoint, removeWebhookEndpoint } from '../use-cases/office/orders';

/**
 * `svc webhooks listen <slug>`: a local receiver for development, like `stripe listen`. It registers an
 * endpoint on loopback, checks each delivery's X-SVC-Signature with the endpoint's secret, prints the
 * event, and removes the endpoint when it stops (Ctrl-C, or after the first event with --once).
 */
export async function listen(
  database: Database,
  slug: string,
  options: { port: number; once: boolean; json: boolean },
) {
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
      res.writeHead(valid ? 200 : 400).end();
      const event = JSON.parse(body) as {
        event: string;
        data: { service?: string; order_number?: number; job_number?: number };
      };
      const what =
        event.data.service === 'junk' ? `job #${event.data.job_number}` : `order #${event.data.order_number ?? '?'}`;
      if (options.json) console.log(JSON.stringify({ signature_valid: valid, ...event }));
      else
        console.log(
          `${valid ? 'signature ok ' : 'BAD SIGNATURE'}  ${event.event}  ${what}\n${JSON.stringify(event.data, null, 2)}`,
        );
      if (options.once) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc-webhooks`;
  const endpoint = await addWebhookEndpoint(database, slug, url, [], true);
  endpointId = endpoint.id;
  secret = endpoint.secret;
  console.error(
    `listening for ${slug}'s booking events on ${url} (the platform must run with SVC_WEBHOOK_ALLOW_HTTP=1, as npm start does); Ctrl-C to stop`,
  );
  process.once('SIGINT', done);
  process.once('SIGTERM', done);
  await finished;
  server.close();
  await removeWebhookEndpoint(database, slug, endpointId);
  return { endpoint: endpointId, removed: true };
}
