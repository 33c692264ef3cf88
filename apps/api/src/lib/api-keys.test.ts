import { describe, expect, it } from 'vitest';
import {
  canonicalOrigin,
  displayKey,
  domainsServed,
  entryCovered,
  fingerprint,
  generateKey,
  keyKind,
  normalizeDomain,
  originAllowed,
} from './api-keys';

describe('api keys', () => {
  it('generates keys with their prefix and recognizes the kind', () => {
    const pk = generateKey('publishable');
    const sk = generateKey('server');
    expect(pk).toMatch(/^svc_pk_live_[A-Za-z0-9_-]{32}$/);
    expect(sk).toMatch(/^svc_sk_booking_[A-Za-z0-9_-]{32}$/);
    expect(keyKind(pk)).toBe('publishable');
    expect(keyKind(sk)).toBe('server');
    expect(keyKind(generateKey('data'))).toBe('data');
    expect(keyKind('sk_live_123')).toBeNull();
    expect(generateKey('server')).not.toBe(sk);
    expect(fingerprint(sk)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayKey(sk)).toBe(`svc_sk_booking_…${sk.slice(-4)}`);
  });

  it.each([
    ['Example.com', 'example.com'],
    ['https://shop.example.com/booking', 'shop.example.com'],
    ['*.example.com', '*.example.com'],
    ['localhost:3000', 'localhost:3000'],
    ['not a domain', null],
    ['', null],
  ])('normalizes the domain %s', (entry, expected) => {
    expect(normalizeDomain(entry)).toBe(expected);
  });

  it.each([
    ['https://example.com', ['example.com'], true],
    ['https://www.example.com', ['example.com'], false],
    ['https://www.example.com', ['*.example.com'], true],
    ['https://example.com', ['*.example.com'], false],
    ['http://example.com', ['example.com'], false], // https only outside local development
    ['http://localhost:5173', ['localhost'], true],
    ['http://localhost:5173', ['localhost:3000'], false],
    ['http://localhost:3000', ['localhost:3000'], true],
    ['https://evilexample.com', ['example.com'], false],
    ['https://example.com.evil.io', ['example.com'], false],
    ['null', ['example.com'], false],
  ])('origin %s with %j: %s', (origin, domains, expected) => {
    expect(originAllowed(origin, domains)).toBe(expected);
  });
});

describe('canonicalOrigin', () => {
  it.each([
    ['https://acme.example', true],
    ['http://localhost:3001', true],
    ['http://[::1]:3000', true],
    ['https://evil.com@acme.example', false],
    ['https://ACME.example', false],
    ['https://acme.example:443', false],
    ['https://acme.example/', false],
    ['http://0x7f.0.0.1:3001', false],
    ['http://2130706433:3001', false],
    ['null', false],
  ])('%s: %s', (origin, ok) => {
    expect(canonicalOrigin(origin) !== null).toBe(ok);
  });
});

describe('entryCovered and domainsServed: which key serves which site', () => {
  it.each([
    ['shop.example.com', ['shop.example.com'], true],
    ['shop.example.com', ['*.example.com'], true],
    ['*.shop.example.com', ['*.example.com'], true],
    ['example.com', ['*.example.com'], false],
    ['localhost:3000', ['localhost'], true],
    ['localhost', ['localhost:3000'], false],
    ['localhost:3000', ['localhost:4000'], false],
    ['a.example', ['b.example', 'aa.example'], false],
  ])('%s covered by %j: %s', (entry, domains, covered) => {
    expect(entryCovered(entry, domains)).toBe(covered);
  });

  it('the newest key that lets a site in serves it; a site only one key lets in is that key alone', () => {
    const served = domainsServed([
      { id: 'new', allowedDomains: ['two.example', 'both.example'] },
      { id: 'old', allowedDomains: ['one.example', 'both.example', 'shop.wide.example'] },
      { id: 'oldest', allowedDomains: ['*.wide.example'] },
    ]);
    expect(served.get('new')).toEqual({ serves: ['two.example', 'both.example'], onlyKeyFor: ['two.example'] });
    expect(served.get('old')).toEqual({ serves: ['one.example', 'shop.wide.example'], onlyKeyFor: ['one.example'] });
    expect(served.get('oldest')).toEqual({ serves: ['*.wide.example'], onlyKeyFor: ['*.wide.example'] });
  });
});
