import type { Size } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { type Answers, EMPTY_ANSWERS } from './answers';
import { confirmedPageUrl, intentBody } from './requests';

const size = { id: '5b0f6d36-8f5c-4a4e-9d5e-0c6f1f0a2b11', label: '20 Yard Dumpster', yards: 20 } as Size;
const answers: Answers = {
  ...EMPTY_ANSWERS,
  sizeYards: 20,
  days: 10,
  date: '2026-12-01',
  address: ' 5 Main St ',
  city: 'Austin',
  zip: '78701',
  name: 'Mary Ann Smith',
  email: 'mary@example.com',
  phone: '512 555 0100',
  terms: true,
};

describe('the POST /intents body', () => {
  it('carries the answers, trimmed, with the customer as the API names it', () => {
    expect(intentBody(answers, size, false)).toEqual({
      size_id: size.id,
      rental_days: 10,
      delivery_date: '2026-12-01',
      delivery_address: '5 Main St',
      delivery_city: 'Austin',
      delivery_zip: '78701',
      customer: { name: 'Mary Ann Smith', email: 'mary@example.com', phone: '512 555 0100', type: 'residential' },
      terms_accepted: true,
    });
  });

  it('sends the material and its acknowledgement only when the company prices by material', () => {
    const withMaterial = { ...answers, material: 'concrete', ack: true, debris: 'ignored' };
    expect(intentBody(withMaterial, size, true)).toMatchObject({ material: 'concrete', material_acknowledged: true });
    expect(intentBody(withMaterial, size, true)).not.toHaveProperty('debris_type');
    expect(intentBody({ ...answers, debris: 'Roofing shingles' }, size, false)).toMatchObject({
      debris_type: 'Roofing shingles',
    });
  });

  it('a contractor with a company name; attribution only when there is some', () => {
    const body = intentBody({ ...answers, type: 'contractor', companyName: 'Smith Build' }, size, false, {});
    expect(body.customer).toMatchObject({ type: 'contractor', company_name: 'Smith Build' });
    expect(body).not.toHaveProperty('attribution');
    expect(intentBody(answers, size, false, { utm_source: 'google' })).toMatchObject({
      attribution: { utm_source: 'google' },
    });
  });
});

it("the 'booking confirmed page' gets the spec's parameters, keeping its own", () => {
  const url = new URL(confirmedPageUrl('https://acme.example/thanks?ref=ads', answers, '20 Yard Dumpster', 1042));
  expect(Object.fromEntries(url.searchParams)).toEqual({
    ref: 'ads',
    email: 'mary@example.com',
    phone: '512 555 0100',
    first_name: 'Mary',
    last_name: 'Ann Smith',
    dumpster_size: '20 Yard Dumpster',
    delivery_date: '2026-12-01',
    pickup_date: '2026-12-11',
    order_number: '1042',
  });
});
