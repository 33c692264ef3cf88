import { describe, expect, it } from 'vitest';
import { visitorHeaders } from './preload';

const token = 'x'.repeat(64);

describe('whom the page server says a call is for', () => {
  it('nobody, with no trusted proxy in front: a browser can write X-Forwarded-For itself', () => {
    expect(visitorHeaders('203.0.113.77', 0, token)).toEqual({});
    expect(visitorHeaders('203.0.113.77', Number('not a number'), token)).toEqual({});
  });

  it('nobody, without the platform token', () => {
    expect(visitorHeaders('203.0.113.77', 1, undefined)).toEqual({});
    expect(visitorHeaders('203.0.113.77', 1, '')).toEqual({});
  });

  it('the entry the trusted proxies wrote: the right-most `hops`, never what the browser put before them', () => {
    const header = '198.51.100.1, 203.0.113.77';
    expect(visitorHeaders(header, 1, token)).toEqual({ 'X-SVC-Proxy-Token': token, 'X-SVC-Client-IP': '203.0.113.77' });
    expect(visitorHeaders('10.0.0.9, 198.51.100.1, 203.0.113.77', 2, token)['X-SVC-Client-IP']).toBe('198.51.100.1');
    // Fewer entries than proxies: the first one there is.
    expect(visitorHeaders('203.0.113.77', 3, token)['X-SVC-Client-IP']).toBe('203.0.113.77');
  });

  it('nobody when no proxy wrote the header', () => {
    expect(visitorHeaders(null, 1, token)).toEqual({});
    expect(visitorHeaders(' , ', 1, token)).toEqual({});
  });
});
