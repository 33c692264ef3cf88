import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifySignature } from '../../src/events/signature';
import { book } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';
import { receiver } from '../support/receiver';

const targets = inject('targets');

// The console's developer tools: owners only, secrets shown once, a delivery log that can resend.
describe.each(targets)('console developers on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const hook = receiver();
  let hookUrl = '';
  let owner: ConsoleClient;
  let staff: ConsoleClient;
  let rival: ConsoleClient;
  let endpoint: { id: string; secret: string };
  let failedDelivery = '';
  let keyId = '';
  let dataKeyId = '';

  beforeAll(async () => {
    hookUrl = await hook.start();
    owner = await consoleAs(target, 'acme', 'owner');
    staff = await consoleAs(target, 'acme', 'staff');
    rival = await consoleAs(target, 'rival', 'owner');
  });
  afterAll(async () => {
    // Other files add acme endpoints of their own (at most three): ours goes.
    if (endpoint) await owner.delete(`/webhooks/${endpoint.id}`);
    await hook.stop();
  });

  it('publishable keys: created with their domains, listed, revoked', async () => {
    const bad = await owner.post('/keys', { body: { kind: 'publishable', domains: [] } });
    expectError(bad, 400, 'invalid_body', 'domains');
    const created = await owner.post('/keys', {
      body: { kind: 'publishable', domains: ['console-test.acme.example', 'only-here.example'], label: 'console test' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      kind: 'publishable',
      allowed_domains: ['console-test.acme.example', 'only-here.example'],
    });
    keyId = created.body.data.id;
    const listed = (await owner.get('/keys')).body.data;
    expect(listed.max_server_keys).toBe(2);
    // The sites each key serves, and those only it lets in (the page warns before revoking it).
    expect(listed.keys.find((k: { id: string }) => k.id === keyId)).toMatchObject({
      status: 'active',
      serves: ['console-test.acme.example', 'only-here.example'],
      only_key_for: ['only-here.example'], // *.acme.example of the older key lets console-test in too
    });
    const older = listed.keys.find((k: any) => k.key === target.fixtures.acme.publishable);
    expect(older.serves).toContain('*.acme.example');
    expect(older.only_key_for).toContain('*.acme.example');
    expect(listed.keys.every((k: { kind: string }) => k.kind !== 'data')).toBe(true);
    const revoked = await owner.post(`/keys/${keyId}/revoke`, { body: {} });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: keyId, status: 'revoked' });
    const after = (await owner.get('/keys')).body.data.keys.find((k: { id: string }) => k.id === keyId);
    expect(after).toMatchObject({ status: 'revoked', serves: [], only_key_for: [] });
  });

  it('server keys: at most two active, each secret in its create answer only', async () => {
    // acme has its two (fixtures): a third is refused.
    expectError(await owner.post('/keys', { body: { kind: 'server' } }), 400, 'invalid_body', 'kind');
    const made: { id: string; key: string }[] = [];
    for (const label of ['first', 'second']) {
      const res = await rival.post('/keys', { body: { kind: 'server', label } });
      expect(res.status).toBe(200);
      expect(res.body.data.key).toMatch(/^svc_sk_/);
      made.push(res.body.data);
    }
    expectError(await rival.post('/keys', { body: { kind: 'server' } }), 400, 'invalid_body', 'kind');
    const listed = JSON.stringify((await rival.get('/keys')).body);
    for (const k of made) {
      expect(listed).toContain(k.id);
      expect(listed).not.toContain(k.key);
    }
    // The key works on the Booking API until it is revoked.
    expect((await api.get('/sizes', { key: made[0]?.key })).status).toBe(200);
    for (const k of made) expect((await rival.post(`/keys/${k.id}/revoke`, { body: {} })).status).toBe(200);
    await expect.poll(async () => (await api.get('/sizes', { key: made[0]?.key })).status, { timeout: 2000 }).toBe(401);
  });

  it('Data API: its access, keys shown once, revoked; asking again when approved is a conflict', async () => {
    const state = await owner.get('/data-api');
    expect(state.status).toBe(200);
    expect(state.body.data).toMatchObject({ access: 'approved', plan: 'paid' });
    expect(JSON.stringify(state.body)).not.toContain(target.fixtures.data.acme);
    expectError(
      await owner.post('/data-api/request', { body: { use: 'Orders into our own systems, again' } }),
      409,
      'state_conflict',
    );
    expectError(await owner.post('/data-api/request', { body: { use: 'short' } }), 400, 'invalid_body', 'use');
    const created = await owner.post('/data-api/keys', { body: { label: 'console' } });
    expect(created.status).toBe(200);
    expect(created.body.data.key).toMatch(/^svc_live_/);
    dataKeyId = created.body.data.id;
    const after = JSON.stringify((await owner.get('/data-api')).body);
    expect(after).toContain(dataKeyId);
    expect(after).not.toContain(created.body.data.key);
    // A data key is not revoked through /keys, nor a publishable one through /data-api/keys.
    expectError(await owner.post(`/keys/${dataKeyId}/revoke`, { body: {} }), 404, 'not_found');
    expectError(await owner.post(`/data-api/keys/${keyId}/revoke`, { body: {} }), 404, 'not_found');
    expect((await owner.post(`/data-api/keys/${dataKeyId}/revoke`, { body: {} })).body.data.status).toBe('revoked');
  });

  it('webhook endpoints: https or a local receiver, the secret once, never listed', async () => {
    expectError(
      await owner.post('/webhooks', { body: { url: 'http://hooks.acme.example/x' } }),
      400,
      'invalid_body',
      'url',
    );
    const created = await owner.post('/webhooks', {
      body: { url: hookUrl, events: ['booking.completed', 'booking.held'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      api: 'booking',
      enabled: true,
      events: ['booking.completed', 'booking.held'],
    });
    expect(created.body.data.secret).toMatch(/^svc_wh_/);
    endpoint = created.body.data;
    const listed = await owner.get('/webhooks');
    expect(listed.body.data.events.booking).toContain('booking.released');
    expect(listed.body.data.endpoints.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
  });

  it('a test event that fails is in the log, and its resend succeeds once the receiver answers', async () => {
    hook.answerWith((res) => res.writeHead(500).end('broken'));
    const test = await owner.post(`/webhooks/${endpoint.id}/test`, { body: { event: 'booking.held' } });
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({
      event: 'booking.held',
      test: true,
      status: 'failed',
      attempts: 1,
      last_response: { status_code: 500 },
    });
    failedDelivery = test.body.data.id;
    const got = hook.received.at(-1);
    expect(
      verifySignature(
        endpoint.secret,
        got?.body as string,
        got?.headers['x-svc-signature'] as string,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    expect(JSON.parse(got?.body as string)).toMatchObject({ event: 'booking.held', data: { order_number: 0 } });
    expectError(
      await owner.post(`/webhooks/${endpoint.id}/test`, { body: { event: 'order.created' } }),
      400,
      'invalid_body',
      'event',
    );

    hook.answerWith((res) => res.writeHead(200).end('ok'));
    const resent = await owner.post(`/webhooks/${endpoint.id}/deliveries/${failedDelivery}/resend`, {
      body: { attempts: 1 },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({
      status: 'delivered',
      attempts: 2,
      last_response: { status_code: 200 },
      attempt_log: [
        { status_code: 500, manual: true },
        { status_code: 200, manual: true },
      ],
    });
    // The same click again (the page still showed one attempt) sends nothing.
    const sent = hook.received.length;
    expectError(
      await owner.post(`/webhooks/${endpoint.id}/deliveries/${failedDelivery}/resend`, { body: { attempts: 1 } }),
      409,
      'state_conflict',
    );
    expect(hook.received).toHaveLength(sent);
  });

  it("a booking's event is delivered by the worker and logged with its answer", async () => {
    const { confirmed } = await book(api, target);
    const number = confirmed.body.data.order_number;
    const logged = async () => {
      const log = await owner.get(`/webhooks/${endpoint.id}/deliveries`, { query: { page: '1' } });
      return log.body.data.deliveries.find((d: any) => d.event === 'booking.completed' && d.status === 'delivered');
    };
    await expect.poll(logged, { timeout: 10_000 }).toBeDefined();
    const delivery = await logged();
    expect(delivery).toMatchObject({ test: false, attempts: 1, last_response: { status_code: 200 } });
    expect(delivery.attempt_log).toEqual([expect.objectContaining({ attempt: 1, manual: false, error: null })]);
    expect(hook.received.some((r) => JSON.parse(r.body).data.order_number === number)).toBe(true);
    const log = (await owner.get(`/webhooks/${endpoint.id}/deliveries`)).body;
    expect(log.data).toMatchObject({ page: 1, has_more: false, endpoint: { id: endpoint.id } });
    expect(JSON.stringify(log)).not.toContain(endpoint.secret);
  });

  it('send again: test events are not sent again, a bad time is refused, the list counts what waits', async () => {
    const listed = (await owner.get('/webhooks')).body.data.endpoints.find((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toMatchObject({ enabled: true, held: 0, undelivered: 0 });
    const again = await owner.post(`/webhooks/${endpoint.id}/send-again`, { body: {} });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ endpoint_id: endpoint.id, requeued: 0, since: expect.any(String) });
    expectError(
      await owner.post(`/webhooks/${endpoint.id}/send-again`, { body: { since: 'yesterday' } }),
      400,
      'invalid_body',
      'since',
    );
    expectError(
      await owner.post(`/webhooks/${endpoint.id}/send-again`, { body: { since: '2999-01-01T00:00:00Z' } }),
      400,
      'invalid_body',
      'since',
    );
    expectError(await owner.post('/webhooks/not-a-uuid/send-again', { body: {} }), 404, 'not_found');
  });

  it('staff get 403 on keys, Data API and webhooks', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/keys'],
      ['POST', '/keys', { kind: 'server' }],
      ['POST', `/keys/${keyId}/revoke`, {}],
      ['GET', '/data-api'],
      ['POST', '/data-api/request', { use: 'Orders into our own systems' }],
      ['POST', '/data-api/keys', {}],
      ['POST', `/data-api/keys/${dataKeyId}/revoke`, {}],
      ['GET', '/webhooks'],
      ['POST', '/webhooks', { url: hookUrl }],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/enable`, {}],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/webhooks/${endpoint.id}/deliveries/${failedDelivery}/resend`, {}],
      ['POST', `/webhooks/${endpoint.id}/test`, {}],
      ['POST', `/webhooks/${endpoint.id}/send-again`, {}],
    ];
    for (const [method, path, body] of paths) {
      expectError(await staff.call(method, path, body === undefined ? {} : { body }), 403, 'forbidden');
    }
  });

  it("another company's ids are 404 on every route", async () => {
    const paths: [string, string, unknown?][] = [
      ['POST', `/keys/${keyId}/revoke`, {}],
      ['POST', `/data-api/keys/${dataKeyId}/revoke`, {}],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/enable`, {}],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/webhooks/${endpoint.id}/deliveries/${failedDelivery}/resend`, {}],
      ['POST', `/webhooks/${endpoint.id}/test`, {}],
      ['POST', `/webhooks/${endpoint.id}/send-again`, {}],
    ];
    for (const [method, path, body] of paths) {
      expectError(await rival.call(method, path, body === undefined ? {} : { body }), 404, 'not_found');
    }
    // A delivery id this endpoint does not have, or that is no number; an endpoint id that is no id.
    for (const id of ['999999999', 'abc']) {
      expectError(await owner.post(`/webhooks/${endpoint.id}/deliveries/${id}/resend`, { body: {} }), 404, 'not_found');
    }
    expectError(await owner.get('/webhooks/not-a-uuid/deliveries'), 404, 'not_found');
    expect((await rival.get('/webhooks')).body.data.endpoints.map((e: { id: string }) => e.id)).not.toContain(
      endpoint.id,
    );
  });
});
