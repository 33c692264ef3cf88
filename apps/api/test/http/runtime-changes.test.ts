import { describe, expect, inject, it } from 'vitest';
import { eventually, svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

// The CLI writes from another process while the server runs; the server's cached catalog and keys must
// follow at once (NOTIFY on PostgreSQL, the change epoch on PGlite).
describe.each(targets)('company changes reach the running $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline } = target.fixtures;

  it('a revoked key stops working', async () => {
    expect((await api.get('/sizes', { key: acme.serverToRevoke })).status).toBe(200);
    const keys: { id: string; label: string }[] = await svc(target, 'keys', 'list', 'acme');
    const toRevoke = keys.find((k) => k.label === 'to revoke');
    await svc(target, 'keys', 'revoke', 'acme', toRevoke?.id as string);
    await eventually(async () =>
      expectError(await api.get('/sizes', { key: acme.serverToRevoke }), 401, 'unauthorized'),
    );
  });

  it('a third active server key is refused', async () => {
    // acme has two active server keys again after the revoke above adds room for exactly one.
    await svc(target, 'keys', 'create', 'acme', '--kind', 'server', '--label', 'replacement');
    await expect(svc(target, 'keys', 'create', 'acme', '--kind', 'server')).rejects.toThrow(
      /at most 2 active server keys/,
    );
  });

  it('booking off and on shows in /check', async () => {
    await svc(target, 'booking', 'off', 'acme');
    await eventually(async () =>
      expect((await api.post('/check', { key: acme.server, body: {} })).body.data.booking_online).toBe(false),
    );
    await svc(target, 'booking', 'on', 'acme');
    await eventually(async () =>
      expect((await api.post('/check', { key: acme.server, body: {} })).body.data.booking_online).toBe(true),
    );
  });

  it('a deactivated company gets company_inactive until reactivated', async () => {
    await svc(target, 'company', 'deactivate', 'offline');
    await eventually(async () =>
      expectError(await api.get('/company', { key: offline.server }), 403, 'company_inactive'),
    );
    await svc(target, 'company', 'activate', 'offline');
    await eventually(async () => expect((await api.get('/company', { key: offline.server })).status).toBe(200));
  });

  it('503 booking_api_off while the platform switch is off', async () => {
    await svc(target, 'platform', 'booking-api', 'off');
    try {
      await eventually(async () => expectError(await api.get('/sizes', { key: acme.server }), 503, 'booking_api_off'));
      expectError(await api.post('/quote', { key: acme.server, body: {} }), 503, 'booking_api_off');
    } finally {
      await svc(target, 'platform', 'booking-api', 'on');
    }
    await eventually(async () => expect((await api.get('/sizes', { key: acme.server })).status).toBe(200));
  });
});
