import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifySignature } from '../../src/events/signature';
import { book } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, assertWebhookContract, expectSampleTwin } from '../support/client';

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
    assertWebhookContract(got.body);
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'booking.completed',
      data: {
        order_number: number,
        status: 'confirmed',
        booking_channel: 'api',
        order_id: confirmed.body.data.order_id,
      },
    });
    expectSampleTwin('booking.completed', JSON.parse(got.body).data);
  });

  it('svc webhooks listen prints a verified event and removes its endpoint', async () => {
    const cli = spawn(process.execPath, ['dist/cli.js', 'webhooks', 'listen', 'acme', '--once', '--json'], {
      env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: '', ...target.env },
    });
    let out = '';
    let err = '';
    cli.stdout.on('data', (d) => (out += d));
    cli.stderr.on('data', (d) => (err += d));
    await expect.poll(() => err, { timeout: 15_000 }).toContain('listening for acme');
    const { confirmed } = await book(api, target);
    const code = await new Promise((r) => cli.once('exit', r));
    expect(code).toBe(0);
    // One line per event, then the command's own result (pretty-printed).
    const [first, ...rest] = out.trim().split('\n');
    const event = JSON.parse(first as string);
    const result = JSON.parse(rest.join('\n'));
    expect(event).toMatchObject({
      signature_valid: true,
      event: 'booking.completed',
      data: { order_number: confirmed.body.data.order_number },
    });
    expect(result).toMatchObject({ removed: true });
    const endpoints: any[] = await svc(target, 'webhooks', 'list', 'acme');
    expect(endpoints.find((e) => e.id === result.endpoint)).toBeUndefined();
  });
});

// Webhook targets (docs/decisions/money-path.md): the operator's CLI refuses webhook targets that are not public http(s) receivers,
// even in local mode (SVC_WEBHOOK_ALLOW_HTTP=1, as npm start and this suite run), which relaxes loopback only.
describe('svc webhooks add refuses private targets', () => {
  const target = targets[0] as (typeof targets)[number];
  it.each([
    ['https://169.254.169.254/latest/meta-data', /private/],
    ['https://10.0.0.1/hooks', /private/],
    ['https://192.168.1.1/hooks', /private/],
    ['https://[::ffff:a9fe:a9fe]/hooks', /private/],
    ['https://0.0.0.0/hooks', /private/],
    ['http://0xa9fea9fe/hooks', /private/],
    ['https://user:pass@hooks.acme.example/x', /user name or password/],
    ['gopher://hooks.acme.example/x', /https/],
  ])('%s', async (url, reason) => {
    await expect(svc(target, 'webhooks', 'add', 'acme', url)).rejects.toThrow(reason);
  });

  it('takes a loopback receiver in local mode, and removes it', async () => {
    const added = await svc(target, 'webhooks', 'add', 'acme', 'http://127.0.0.1:9/local-receiver');
    expect(added.url).toBe('http://127.0.0.1:9/local-receiver');
    await svc(target, 'webhooks', 'remove', 'acme', added.id);
  });
});
