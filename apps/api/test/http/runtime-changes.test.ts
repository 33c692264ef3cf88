import { describe, expect, inject, it } from 'vitest';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { eventually, svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { acmeConfig } from '../support/fixtures';
import { withTargetDb } from '../support/target-db';

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

  it('a new price and a new promo reach POST /quote for the very same body', async () => {
    // Quotes are kept per catalog version (present/catalog.ts): the same body must not answer the old price.
    const twin = await acmeTwin(target, 'Repriced Hauling');
    const body = { size_id: twin.size, rental_days: 7, promo_code: 'LATER' };
    const before = (await api.post('/quote', { key: twin.key, body })).body.data;
    expect(before.lines.base).toBe(350);
    expect(before.promo).toMatchObject({ ok: false, reason: 'not_found' });
    const base = acmeConfig(target.fixtures.today);
    await withTargetDb(target, (db) =>
      applyCompanyConfig(db, {
        ...base,
        slug: twin.slug,
        name: 'Repriced Hauling',
        sizes: base.sizes.map((s) => (s.key === '10yd' ? { ...s, prices: { ...s.prices, d7: 370 } } : s)),
        promo_codes: [...(base.promo_codes ?? []), { code: 'LATER', type: 'amount', amount: 20 }],
      }),
    );
    await eventually(async () => {
      const after = (await api.post('/quote', { key: twin.key, body })).body.data;
      expect(after.lines).toMatchObject({ base: 370, promo_discount: 20 });
      expect(after.promo).toMatchObject({ ok: true, code: 'LATER' });
    });
  });
});
