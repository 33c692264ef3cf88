import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifySignature } from '../../src/events/signature';
import { book } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient } from '../support/client';

const targets = inject('targets');

// The running server's outbox worker delivers booking events to the company's endpoint, signed.
describe.each(targets)('booking webhooks from $name', (target) => {
  const api = apiClient(target.baseUrl);
  const received: { body: string; signature: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-svc-signature']) });
      res.writeHead(200).end();
    });
  });
  let secret = '';

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc-hooks`;
    secret = (await svc(target, 'webhooks', 'add', 'acme', url, '--event', 'booking.completed')).secret;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('booking.completed reaches the receiver, and its signature checks out', async () => {
    const { confirmed } = await book(api, target);
    const number = confirmed.body.data.order_number;
    await expect
      .poll(() => received.find((r) => JSON.parse(r.body).data.order_number === number), { timeout: 10_000 })
      .toBeDefined();
    const got = received.find((r) => JSON.parse(r.body).data.order_number === number) as {
      body: string;
      signature: string;
    };
    expect(verifySignature(secret, got.body, got.signature, Math.floor(Date.now() / 1000))).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'booking.completed',
      data: {
        order_number: number,
        status: 'confirmed',
        booking_channel: 'api',
        order_id: confirmed.body.data.order_id,
      },
    });
  });
});
