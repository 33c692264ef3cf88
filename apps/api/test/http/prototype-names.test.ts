import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../src/lib/paths';
import { type Api, type ApiResponse, apiClient, type CallOptions } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';

// Bodies named after Object.prototype's members: a check written with `in` reads them as known fields
// (the settings answered 500). Every write of every surface gets each one, and answers a 4xx with a field
// or its normal answer, never a 500, and writes nothing it refuses.
const targets = inject('targets');

const HOSTILE: [string, string][] = [
  ['constructor', '{"constructor":1}'],
  ['toString', '{"toString":1}'],
  ['__proto__', '{"__proto__":{}}'],
  ['hasOwnProperty', '{"hasOwnProperty":{"x":1}}'],
  ['nested __proto__', '{"customer":{"__proto__":{"name":"x"}},"__proto__":{"admin":true}}'],
];

/** Every write operation of a document (method and path template). */
function writes(api: Api): [string, string][] {
  const file = path.join(repoRoot(), `packages/sdk/openapi/${api}.json`);
  const document = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([template, item]) =>
    ['post', 'put', 'patch', 'delete']
      .filter((m) => item[m])
      .map((m) => [m.toUpperCase(), template] as [string, string])
      // Signing out would end the session the rest of the table uses.
      .filter(([m, p]) => !(api === 'console' && m === 'DELETE' && p === '/session')),
  );
}

/** A path template's parameters filled with values no record has. */
const fill = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name.endsWith('_number') ? '999999' : name === 'session_id' ? 'ses_nobody_here' : crypto.randomUUID(),
  );

describe.each(targets)('prototype names in bodies on $name', (target) => {
  const { acme, data } = target.fixtures;
  let owner: ConsoleClient;
  beforeAll(async () => {
    owner = await consoleAs(target, 'acme', 'owner');
  });
  const send: Record<
    Exclude<Api, 'rental' | 'embed'>,
    (method: string, p: string, o: CallOptions) => Promise<ApiResponse>
  > = {
    booking: (m, p, o) => apiClient(target.baseUrl).call(m, p, { key: acme.server, ...o }),
    data: (m, p, o) => apiClient(target.baseUrl, 'data').call(m, p, { key: data.acme, ...o }),
    console: (m, p, o) => owner.call(m, p, o),
  };

  for (const api of ['booking', 'data', 'console'] as const) {
    it.each(writes(api))(`${api} %s %s: never a 500`, async (method, template) => {
      for (const [name, raw] of HOSTILE) {
        const res = await send[api](method, fill(template), { raw, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400 && res.status !== 404 && res.status !== 405) {
          expect(typeof res.body.error.field, `${name}: ${JSON.stringify(res.body)}`).toBe('string');
        }
      }
    });
  }

  it('a settings section refused for a prototype name changes nothing', async () => {
    const before = (await owner.get('/settings')).body.data;
    for (const [, raw] of HOSTILE) {
      await owner.post('/settings/profile', { raw, headers: { 'content-type': 'application/json' } });
    }
    expect((await owner.get('/settings')).body.data).toEqual(before);
  });
});
