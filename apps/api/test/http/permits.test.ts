import { describe, expect, inject, it } from 'vitest';
import { addDays, daysBetween } from '../../src/domain/dates';
import { payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { openFrom, permitCompany } from '../support/permits';

const targets = inject('targets');

/** A cents amount's 3% + $0.30 card fee (acme's), half up. */
const cardFee = (cents: number) => Math.floor((cents * 3) / 100 + 0.5) + 30;

// Street placement on the Booking API (docs/decisions/street-permits.md): what does not change for every
// existing caller, the permit's fee line and later first day on two companies, and the refusals.
describe.each(targets)('street placement on the Booking API on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, today } = target.fixtures;
  const raw = async (path: string, key: string, body: unknown) => {
    const res = await fetch(`${target.baseUrl}/booking/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };
  const rawGet = async (path: string, key: string) => {
    const res = await fetch(`${target.baseUrl}/booking/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, text: await res.text() };
  };

  it('without placement, or with private, answers byte for byte as a company without rules does', async () => {
    // Acme's config twice, with and without rules: nothing else in the suite touches either.
    const erie = await permitCompany(target, 'erie');
    const plain = await acmeTwin(target, 'Plain Roll-Off');
    const asked = { rental_days: 9, promo_code: 'TENOFF' };
    const before = await raw('/quote', plain.key, { size_id: plain.size, ...asked });
    expect(before.status).toBe(200);
    const mine = (t: string) => t.replaceAll(erie.size, plain.size);
    for (const extra of [{}, { placement: 'private' }, { placement: 'private', delivery_zip: '10002' }]) {
      const now = await raw('/quote', erie.key, { size_id: erie.size, ...asked, ...extra });
      expect(mine(now.text)).toBe(before.text);
    }
    expect(before.text).not.toMatch(/permit|placement/);
    // The calendar too, with and without a size.
    for (const q of ['', `&size_id=SIZE&rental_days=7`]) {
      const acmeDays = await rawGet(`/availability?from=${today}${q.replace('SIZE', plain.size)}`, plain.key);
      const erieDays = await rawGet(
        `/availability?from=${today}${q.replace('SIZE', erie.size)}&placement=private`,
        erie.key,
      );
      expect(mine(erieDays.text)).toBe(acmeDays.text);
    }
    // And the intent's amount.
    const body = (size: string) => ({
      size_id: size,
      rental_days: 7,
      delivery_date: openFrom(today, 2, 7),
      delivery_address: '12 Main St',
      delivery_city: 'New York',
      delivery_zip: '10002',
      customer: { name: 'Pat Doe', email: `pat.${Date.now()}@example.com`, phone: '+1 212 555 0199' },
      terms_accepted: true,
    });
    const without = await api.post('/intents', { key: plain.key, body: body(plain.size) });
    const priv = await api.post('/intents', { key: erie.key, body: { ...body(erie.size), placement: 'private' } });
    expect(without.status).toBe(200);
    expect(priv.body.data.amount).toEqual(without.body.data.amount);
    expect(Object.keys(priv.body.data).sort()).toEqual(Object.keys(without.body.data).sort());
  });

  it('erie: the street adds the permit line and moves the first day by 14 days', async () => {
    const erie = await permitCompany(target, 'erie');
    const company = await api.get('/company', { key: erie.key });
    expect(company.body.data.booking.placement).toEqual({ ask: true });
    expect((await api.get('/company', { key: acme.server })).body.data.booking).not.toHaveProperty('placement');

    const base = { size_id: erie.size, rental_days: 7 };
    const priv = (await api.post('/quote', { key: erie.key, body: base })).body.data;
    const street = await api.post('/quote', {
      key: erie.key,
      body: { ...base, placement: 'street', delivery_zip: '10002', delivery_city: 'New York' },
    });
    expect(street.status).toBe(200);
    const q = street.body.data;
    const total = priv.total_cents + 1_500; // $10 city + $5 handling, untaxed
    expect(q.lines).toEqual({ ...priv.lines, permit_fee: 15, subtotal: priv.lines.subtotal + 15 });
    expect(q).toMatchObject({
      placement: 'street',
      total_cents: total,
      processing_fee_cents: cardFee(total),
      gross_total_cents: total + cardFee(total),
    });
    expect(q.permit).toEqual({
      rule: 'Erie, CO',
      required: true,
      applies: 'company',
      lead_days: 14,
      earliest_delivery_date: addDays(today, 14),
      city_fee: 10,
      handling_fee: 5,
      covers_days: 7,
      extension_fee: 25,
      extensions: 0,
      taxable: false,
      instructions: 'A right-of-way permit from the town, applied for 14 days ahead.',
    });
    // Nine days need one more permit period: $25 more.
    const nine = await api.post('/quote', {
      key: erie.key,
      body: { size_id: erie.size, rental_days: 9, placement: 'street', delivery_zip: '10002' },
    });
    expect(nine.body.data.lines.permit_fee).toBe(40);
    expect(nine.body.data.permit.extensions).toBe(1);
    // Another ZIP of the company: the street is free there, and says so.
    const free = await api.post('/quote', {
      key: erie.key,
      body: { ...base, placement: 'street', delivery_zip: '10001' },
    });
    expect(free.body.data).toMatchObject({ placement: 'street', permit: null, total_cents: priv.total_cents });
    expect(free.body.data.lines.permit_fee).toBe(0);

    // The calendar greys the days before the permit's earliest, with the reason; min_date is the company's.
    const days = await api.get('/availability', {
      key: erie.key,
      query: { from: today, to: addDays(today, 20), placement: 'street', delivery_zip: '10002' },
    });
    expect(days.status).toBe(200);
    const closed = new Map<string, string>(days.body.data.closed.map((c: any) => [c.date, c.reason]));
    expect(days.body.data.min_date).toBe(addDays(today, 1));
    expect(days.body.data.permit.earliest_delivery_date).toBe(addDays(today, 14));
    for (let i = 1; i < 14; i++) {
      expect(['permit_lead_days', 'holiday_or_blackout', 'non_working_day']).toContain(closed.get(addDays(today, i)));
    }
    expect(
      closed.get(addDays(today, 2)) === 'permit_lead_days' || closed.get(addDays(today, 3)) === 'permit_lead_days',
    ).toBe(true);
    expect([...closed.values()].filter((r) => r === 'permit_lead_days').length).toBeGreaterThan(8);
    expect(closed.get(addDays(today, 14)) ?? 'open').not.toBe('permit_lead_days');

    // The intent: before the earliest is date_closed; on it, the amount is the street's quote.
    const intent = (delivery: string, extra: Record<string, unknown> = {}) =>
      api.post('/intents', {
        key: erie.key,
        body: {
          size_id: erie.size,
          rental_days: 7,
          delivery_date: delivery,
          delivery_address: '12 Main St',
          delivery_zip: '10002',
          placement: 'street',
          customer: { name: 'Pat Doe', email: `pat.${Date.now()}@example.com`, phone: '+1 212 555 0199' },
          terms_accepted: true,
          ...extra,
        },
      });
    const early = await intent(openFrom(today, 2, 7));
    expectError(early, 409, 'date_closed', 'delivery_date');
    expect(early.body.error.details).toEqual({
      reason: 'permit_lead_days',
      earliest_delivery_date: addDays(today, 14),
    });
    const onTime = await intent(openFrom(today, 14, 7));
    expect(onTime.status, JSON.stringify(onTime.body)).toBe(200);
    expect(onTime.body.data.amount).toMatchObject({ total_cents: total, gross_total_cents: total + cardFee(total) });
    expect(onTime.body.data).not.toHaveProperty('permit');
    // A client cannot bring its own fee or lead days: the body is strict, the rule the server's.
    expectError(await intent(openFrom(today, 14, 7), { permit_fee: 0 }), 400, 'invalid_body');
    expectError(await intent(openFrom(today, 14, 7), { lead_days: 0 }), 400, 'invalid_body');
  });

  it('dennison: the customer applies, the handling fee is taxed, and the street elsewhere is refused', async () => {
    const den = await permitCompany(target, 'dennison');
    const base = { size_id: den.size, rental_days: 7 };
    const priv = (await api.post('/quote', { key: den.key, body: base })).body.data;
    const street = await api.post('/quote', {
      key: den.key,
      body: { ...base, placement: 'street', delivery_zip: '10001', delivery_city: '  dennison ' },
    });
    expect(street.status).toBe(200);
    const q = street.body.data;
    // $2.50 handling only (the customer pays the city), taxed at 8.875%.
    const subtotal = Math.round(priv.lines.subtotal * 100) + 250;
    const tax = Math.floor((subtotal * 8875) / 100_000 + 0.5);
    expect(q.lines).toMatchObject({ permit_fee: 2.5, subtotal: subtotal / 100, tax: tax / 100 });
    expect(q.total_cents).toBe(subtotal + tax);
    expect(q.permit).toMatchObject({
      rule: 'Dennison, OH',
      applies: 'customer',
      lead_days: 3,
      earliest_delivery_date: addDays(today, 3),
      city_fee: 10,
      taxable: true,
    });
    const days = await api.get('/availability', {
      key: den.key,
      query: { from: today, placement: 'street', delivery_zip: '10001', delivery_city: 'Dennison' },
    });
    const lead = days.body.data.closed.filter((c: any) => c.reason === 'permit_lead_days').map((c: any) => c.date);
    expect(lead.every((d: string) => daysBetween(today, d) >= 1 && daysBetween(today, d) < 3)).toBe(true);
    expect(lead.length).toBeGreaterThan(0);

    // Not Dennison: the street is not taken there, on every operation.
    const notHere = { placement: 'street', delivery_zip: '10001', delivery_city: 'New York' };
    const refused = await api.post('/quote', { key: den.key, body: { ...base, ...notHere } });
    expectError(refused, 409, 'street_not_allowed', 'placement');
    expect(refused.body.error.details).toEqual({ rule: null });
    expectError(
      await api.get('/availability', { key: den.key, query: notHere }),
      409,
      'street_not_allowed',
      'placement',
    );
    const intent = await api.post('/intents', {
      key: den.key,
      body: {
        ...base,
        delivery_date: openFrom(today, 3, 7),
        delivery_address: '12 Main St',
        ...notHere,
        customer: { name: 'Pat Doe', email: `pat.${Date.now()}@example.com`, phone: '+1 212 555 0199' },
        terms_accepted: true,
      },
    });
    expectError(intent, 409, 'street_not_allowed', 'placement');
    // A driveway there is fine, and a street without its ZIP is a bad request.
    expect((await api.post('/quote', { key: den.key, body: { ...base, placement: 'private' } })).status).toBe(200);
    expectError(
      await api.post('/quote', { key: den.key, body: { ...base, placement: 'street' } }),
      400,
      'invalid_body',
      'delivery_zip',
    );
    expectError(
      await api.get('/availability', { key: den.key, query: { placement: 'street' } }),
      400,
      'invalid_parameter',
      'delivery_zip',
    );
  });

  it('a street booking is paid with its permit fee and confirmed', async () => {
    const erie = await permitCompany(target, 'erie');
    const intent = await api.post('/intents', {
      key: erie.key,
      body: {
        size_id: erie.size,
        rental_days: 7,
        delivery_date: openFrom(today, 15, 7),
        delivery_address: '9 Elm St',
        delivery_zip: '10002',
        placement: 'street',
        customer: { name: 'Sam Street', email: `sam.${Date.now()}@example.com`, phone: '+1 212 555 0198' },
        terms_accepted: true,
      },
    });
    expect(intent.status).toBe(200);
    expect((await payWithCard(target, intent.body.data)).status).toBe(200);
    const confirmed = await api.post('/confirm', {
      key: erie.key,
      body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
    });
    expect(confirmed.body.data.state).toBe('confirmed');
  });
});
