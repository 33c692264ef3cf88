import { describe, expect, it } from 'vitest';
import { urlPath } from './url-path';

describe('urlPath', () => {
  it('is the path new URL gives for every shape of request URL', () => {
    const urls = [
      'http://127.0.0.1:3000/booking/v1/sizes',
      'http://localhost/booking/v1/sizes?company=demo&x=1',
      'https://api.example.com/data/v1/orders?page=2#top',
      'http://h/booking/v1/quote#frag?not-a-query',
      'http://h',
      'http://h/',
      'http://h?x=1',
      'http://h/embed/v1/companies/a%20b',
      'http://user:pw@h:8080/readyz',
      new Request('http://h/booking/v1/../data/v1/orders').url,
    ];
    for (const url of urls) expect(urlPath(url), url).toBe(new URL(url).pathname);
  });
});
