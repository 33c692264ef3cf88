/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Size } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { replacementKey } from '../engine/client';
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

describe('replacementKey: a refused key is looked up again once', () => {
  /** A company lookup on a real local server, answering whatever key the test sets. */
  async function lookupServer(answer: () => { status: number; key?: string }) {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.url} ${req.headers['cache-control'] ?? ''}`);
      const { status, key } = answer();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(status === 200 ? { data: { slug: 'demo', publishable_key: key ?? null } } : { error: {} }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { base, seen, close: () => new Promise((r) => server.close(r)) };
  }

  it.each([
    ['a new key', { status: 200, key: 'svc_pk_live_new' }, 'svc_pk_live_new'],
    ['the same key', { status: 200, key: 'svc_pk_live_old' }, null],
    ['no key at all', { status: 200 }, null],
    ['an unknown company', { status: 404 }, null],
    ['a failing lookup', { status: 500 }, null],
  ])('%s', async (_name, answer, expected) => {
    const lookup = await lookupServer(() => answer);
    try {
      expect(await replacementKey(lookup.base, 'demo', 'svc_pk_live_old')).toBe(expected);
      expect(lookup.seen).toHaveLength(1);
      expect(lookup.seen[0]).toMatch(/^\/embed\/v1\/companies\/demo/);
    } finally {
      await lookup.close();
    }
  });
});
