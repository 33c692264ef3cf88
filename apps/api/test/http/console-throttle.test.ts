import { describe, expect, inject, it } from 'vitest';
import { expectError } from '../support/client';
import { consoleClient } from '../support/console';
import { runTag } from '../support/data';

// Sign-in throttling (http/console-throttle.ts): 10 failures per address, 50 per client address, in 15
// minutes. On the strict servers, where only the invitation limit's test signs in (as rival's and acme's
// owners); each test speaks from addresses of its own, and the account locked out is one no other test uses.
const strict = inject('strictTargets');

describe.each(strict)('console sign-in throttling on $name', (target) => {
  const { blocked: owner } = target.fixtures.console.rival;
  const tag = Math.floor(Math.random() * 200);
  const attempt = (email: string, password: string, ip: string) =>
    consoleClient(target).post('/session', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  it('10 failures for an address block it, the right password included; an unknown address alike', async () => {
    const unknown = `nobody.${runTag()}@example.com`;
    for (let i = 0; i < 10; i++) {
      expectError(await attempt(owner.email, `wrong-password-${i}`, `10.${tag}.1.${i}`), 401, 'unauthorized');
      expectError(await attempt(unknown, `wrong-password-${i}`, `10.${tag}.2.${i}`), 401, 'unauthorized');
    }
    const blocked = await attempt(owner.email, owner.password, `10.${tag}.3.1`);
    expectError(blocked, 429, 'rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    const blockedUnknown = await attempt(unknown, 'any-password-at-all', `10.${tag}.3.2`);
    expect(blockedUnknown.status).toBe(429);
    expect(blockedUnknown.body).toEqual(blocked.body);
  });

  it('40 parallel wrong passwords for one address from one client: at most 10 reach the password check', async () => {
    const email = `parallel.${runTag()}@example.com`;
    const ip = `10.${tag}.40.1`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(email, `guess-${i}`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - statuses.filter((s) => s === 401).length);
    for (const refused of answers.filter((a) => a.status === 429)) expectError(refused, 429, 'rate_limited');
  });

  it('50 failures from one client address block it for every account; other addresses still sign in', async () => {
    const ip = `10.${tag}.9.9`;
    const { staff } = target.fixtures.console.acme;
    for (let i = 0; i < 50; i++) {
      expectError(await attempt(`guess${i}.${runTag()}@example.com`, 'a-guessed-password', ip), 401, 'unauthorized');
    }
    expectError(await attempt(staff.email, staff.password, ip), 429, 'rate_limited');
    expect((await attempt(staff.email, staff.password, `10.${tag}.9.10`)).status).toBe(200);
  });

  it('a success clears the address count: failures before it do not add up after it', async () => {
    const { owner: acmeOwner } = target.fixtures.console.acme;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        expect((await attempt(acmeOwner.email, 'not-it-at-all', `10.${tag}.${20 + round}.${i}`)).status).toBe(401);
      }
      expect((await attempt(acmeOwner.email, acmeOwner.password, `10.${tag}.30.${round}`)).status).toBe(200);
    }
  });
});
