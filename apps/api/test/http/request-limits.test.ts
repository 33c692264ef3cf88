import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

// What reaches the key check and the body parser: Origins no browser sends, oversized headers and bodies.
describe.each(targets)('request limits on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  const key = acme.server;

  describe('origins no browser sends', () => {
    it.each([
      ['credentials before an allowed host', 'https://evil.com@acme.example'],
      ['an upper-case host', 'https://ACME.example'],
      ['a default port spelled out', 'https://acme.example:443'],
      ['a trailing slash', 'https://acme.example/'],
      ['a hex loopback address for the hosted page', 'http://0x7f.0.0.1:3001'],
      ['a decimal loopback address for the hosted page', 'http://2130706433:3001'],
    ])('%s is refused and not echoed', async (_name, origin) => {
      const res = await api.get('/company', { key: acme.publishable, origin });
      expectError(res, 403, 'origin_not_allowed');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('the canonical origin still works', async () => {
      const res = await api.get('/company', { key: acme.publishable, origin: 'https://acme.example' });
      expect(res.status).toBe(200);
    });
  });

  it('an Authorization header over 16 KB answers the error envelope', async () => {
    const res = await api.get('/company', { headers: { authorization: `Bearer ${'x'.repeat(20_000)}` } });
    expectError(res, 401, 'unauthorized');
  });

  describe('bodies are read no further than the limit', () => {
    /**
     * A chunked body that sends 64 KB and then never ends, as a slow attacker would: only a server that
     * stops reading at its limit can answer. (node:http, because fetch waits for its own body to end.)
     */
    const endless = (pathname: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = request(`${target.baseUrl}${pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode as number, body: JSON.parse(text) });
          });
        });
        req.on('error', reject);
        for (let i = 0; i < 8; i++) req.write('x'.repeat(8 * 1024));
        setTimeout(() => {
          req.destroy();
          reject(new Error('no answer while the body was still coming'));
        }, 10_000);
      });

    it('POST /intents answers too_large while the body is still coming', async () => {
      const res = await endless('/booking/v1/intents', { authorization: `Bearer ${key}` });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_body', details: { reason: 'too_large' } });
    });

    it('the sandbox card endpoint does the same', async () => {
      const res = await endless('/sandbox/v1/payment_intents/pi_x/confirm', {});
      expect(res.status).toBe(413);
    });
  });
});
