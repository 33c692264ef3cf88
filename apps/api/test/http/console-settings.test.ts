import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';

const targets = inject('targets');

// The console's settings: the company config in sections, saved through `svc company apply`'s use case.
describe.each(targets)('console settings on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  let owner: ConsoleClient;
  let staff: ConsoleClient;
  let rival: ConsoleClient;
  let original: any;

  beforeAll(async () => {
    owner = await consoleAs(target, 'acme', 'owner');
    staff = await consoleAs(target, 'acme', 'staff');
    rival = await consoleAs(target, 'rival', 'owner');
    original = (await owner.get('/settings')).body.data.sections;
  });
  // Other files read acme's prices, rules and fees: what a test changed is put back.
  afterAll(async () => {
    for (const [section, values] of [
      ['sizes', original.sizes],
      ['rules', original.rules],
      ['card-fees', original.card_fees],
    ]) {
      expect((await owner.post(`/settings/${section}`, { body: values })).status).toBe(200);
    }
  });

  it("shows the company's config by section, with the booking page's preview link", async () => {
    const res = await owner.get('/settings');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ slug: 'acme', currency: 'USD', country: 'US' });
    expect(data.preview_url).toMatch(/\/book\?company=acme&preview=1$/);
    expect(data.sections.profile).toMatchObject({ name: 'Acme Roll-Off', timezone: 'America/New_York' });
    expect(data.sections.rules).toMatchObject({ online: true, non_working_weekdays: ['sunday'] });
    // A retired size is shown switched off, so saving the list keeps it.
    expect(data.sections.sizes.sizes.map((s: { key: string; active: boolean }) => [s.key, s.active])).toEqual([
      ['10yd', true],
      ['20yd', true],
      ['15yd', false],
    ]);
    expect(data.sections.sizes.sizes[0].prices).toMatchObject({ d7: 350, extra_day: 20 });
    expect(data.sections.card_fees).toEqual({ handling: 'customer_pays', percent: 3, fixed: 0.3 });
    expect(data.sections.junk.junk.loads.length).toBeGreaterThan(0);
    // Staff see everything but the card settings; another company sees its own.
    expect((await staff.get('/settings')).body.data.sections.card_fees).toBeNull();
    const theirs = (await rival.get('/settings')).body.data;
    expect(theirs).toMatchObject({ slug: 'rival', currency: 'CAD' });
    expect(JSON.stringify(theirs)).not.toContain('Acme');
  });

  it('a price saved in the console is on /booking/v1/sizes within a second', async () => {
    const sizes = structuredClone(original.sizes.sizes);
    sizes[0].prices.d7 = 361.25;
    const res = await owner.post('/settings/sizes', { body: { sizes } });
    expect(res.status).toBe(200);
    const saved = performance.now();
    expect(res.body.data.sections.sizes.sizes[0].prices.d7).toBe(361.25);
    const price = async () =>
      (await api.get('/sizes', { key: acme.publishable, origin: 'https://acme.example' })).body.data[0].prices.d7;
    await expect.poll(price, { timeout: 1000, interval: 50 }).toBe(361.25);
    expect(performance.now() - saved).toBeLessThan(1000);
  });

  it('a bad price is an invalid_body naming its form field; several problems are each listed', async () => {
    const sizes = structuredClone(original.sizes.sizes);
    sizes[0].prices.d7 = -5;
    expectError(await owner.post('/settings/sizes', { body: { sizes } }), 400, 'invalid_body', 'sizes.0.prices.d7');
    sizes[0].prices.d7 = 10.005;
    sizes[1].prices.extra_day = 'twenty';
    const both = await owner.post('/settings/sizes', { body: { sizes } });
    expectError(both, 400, 'invalid_body', 'sizes.0.prices.d7');
    expect(both.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'sizes.0.prices.d7',
      'sizes.1.prices.extra_day',
    ]);
    expectError(
      await owner.post('/settings/rules', { body: { max_advance_days: 0 } }),
      400,
      'invalid_body',
      'max_advance_days',
    );
    expectError(await owner.post('/settings/profile', { body: { slug: 'x' } }), 400, 'invalid_body', 'slug');
    // Nothing was saved.
    expect((await owner.get('/settings')).body.data.sections.rules.max_advance_days).toBe(
      original.rules.max_advance_days,
    );
  });

  it("junk's closed days, area, items not taken and fees round-trip; a closed day's missing reason is said at it", async () => {
    const junk = structuredClone(original.junk.junk);
    const extras = {
      blackout_dates: [{ date: '2031-03-04', reason: 'Truck in the shop' }],
      service_area: { zips: ['10001'] },
      not_accepted: [{ label: 'Paint', note: null }],
      extra_fees: [{ label: 'Stairs', amount: 25, note: 'per flight' }],
      terms: 'Crews take what is listed.',
    };
    try {
      const saved = await owner.post('/settings/junk', { body: { junk: { ...junk, ...extras } } });
      expect(saved.status).toBe(200);
      expect(saved.body.data.sections.junk.junk).toMatchObject(extras);
      // An empty reason: the sentence names what to write, at the reason's form field.
      const res = await owner.post('/settings/junk', {
        body: { junk: { ...junk, blackout_dates: [{ date: '2031-03-04', reason: '' }] } },
      });
      expectError(res, 400, 'invalid_body', 'junk.blackout_dates.0.reason');
      const closed = [...original.closed_days.closed_dates, { date: '2031-03-05', kind: 'blackout', reason: '' }];
      const refused = await owner.post('/settings/closed-days', { body: { closed_dates: closed } });
      expectError(refused, 400, 'invalid_body', `closed_dates.${closed.length - 1}.reason`);
      expect(refused.body.error.details.issues[0].message).toBe('say why the day is closed, like Christmas Day');
    } finally {
      expect((await owner.post('/settings/junk', { body: { junk } })).status).toBe(200);
    }
  });

  it('staff edit the booking rules but not the card fee handling (403, whatever the page shows)', async () => {
    const res = await staff.post('/settings/rules', { body: { min_notice_days: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data.sections.rules.min_notice_days).toBe(2);
    expect(res.body.data.sections.card_fees).toBeNull();
    expectError(await staff.post('/settings/card-fees', { body: { handling: 'company_absorbs' } }), 403, 'forbidden');
    const fees = await owner.post('/settings/card-fees', { body: { handling: 'company_absorbs' } });
    expect(fees.status).toBe(200);
    expect(fees.body.data.sections.card_fees).toEqual({ handling: 'company_absorbs' });
    expectError(
      await owner.post('/settings/card-fees', { body: { handling: 'customer_pays', percent: 12, fixed: 0 } }),
      400,
      'invalid_body',
      'percent',
    );
  });

  it('answers 404 for a section that does not exist, and needs a session', async () => {
    expectError(await owner.post('/settings/nope', { body: {} }), 404, 'not_found');
    const signedOut = apiClient(target.baseUrl, 'console');
    expectError(await signedOut.get('/settings'), 401, 'unauthorized');
  });
});
