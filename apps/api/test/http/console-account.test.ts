import { describe, expect, inject, it } from 'vitest';
import { expectError } from '../support/client';
import { CONSOLE_ORIGIN, consoleAs, consoleClient, signIn } from '../support/console';

const targets = inject('targets');

describe.each(targets)('console accounts on $name', (target) => {
  const { acme, sleepy } = target.fixtures.console;

  it('signs in: the member and company, an HttpOnly session cookie and a readable CSRF cookie', async () => {
    const client = consoleClient(target);
    const res = await client.post('/session', { body: { email: acme.owner.email, password: acme.owner.password } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: acme.owner.name,
      email: acme.owner.email,
      role: 'owner',
      company: { slug: 'acme', name: 'Acme Roll-Off' },
    });
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('svc-console.session_token='));
    const csrf = cookies.find((c) => c.startsWith('svc-console.csrf='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(csrf).toMatch(/SameSite=Lax/i);
    expect(csrf).not.toMatch(/HttpOnly/i);
    const me = await client.get('/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(res.body.data);
  });

  it('the e-mail is matched whatever its case; staff sign in as staff', async () => {
    const { res } = await signIn(target, acme.staff.email.toUpperCase(), acme.staff.password);
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('staff');
  });

  it('a wrong password and an unknown e-mail answer exactly the same', async () => {
    const wrong = (await signIn(target, acme.owner.email, 'not-the-password-at-all')).res;
    const unknown = (await signIn(target, 'nobody-here@acme.example', 'not-the-password-at-all')).res;
    expectError(wrong, 401, 'unauthorized');
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('a company switched off cannot sign in', async () => {
    expectError((await signIn(target, sleepy.owner.email, sleepy.owner.password)).res, 403, 'company_inactive');
  });

  it('401 unauthorized without a session cookie, or with one that is made up', async () => {
    expectError(await consoleClient(target).get('/me'), 401, 'unauthorized');
    const forged = await consoleClient(target).get('/me', {
      headers: { cookie: 'svc-console.session_token=abc.def' },
    });
    expectError(forged, 401, 'unauthorized');
  });

  it('a sign-in from another origin, or with no origin at all, is refused', async () => {
    const body = { email: acme.owner.email, password: acme.owner.password };
    expectError(
      await consoleClient(target).post('/session', { body, origin: 'https://evil.example' }),
      403,
      'csrf_rejected',
    );
    // Without Origin, only Fetch Metadata saying same-origin is believed.
    const bare = await consoleClient(target).post('/session', { body, origin: '', headers: {} });
    expectError(bare, 403, 'csrf_rejected');
    const sameOrigin = await consoleClient(target).post('/session', {
      body,
      origin: '',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('a write without the console Origin or the CSRF token is 403 csrf_rejected', async () => {
    const client = await consoleAs(target, 'acme', 'owner');
    // Another site's page: the browser sends its Origin and the cookies, not the token.
    expectError(await client.delete('/session', { origin: 'https://evil.example' }), 403, 'csrf_rejected');
    expectError(await client.delete('/session', { headers: { 'x-svc-csrf': '' } }), 403, 'csrf_rejected');
    // A token of another session does not verify, even when the header matches the cookie.
    const other = await consoleAs(target, 'acme', 'owner');
    const token = decodeURIComponent(other.cookies.get('svc-console.csrf') as string);
    const session = client.cookies.get('svc-console.session_token');
    const replayed = await consoleClient(target).delete('/session', {
      headers: { cookie: `svc-console.session_token=${session}; svc-console.csrf=${token}`, 'x-svc-csrf': token },
    });
    expectError(replayed, 403, 'csrf_rejected');
    // The session survived every refused write.
    expect((await client.get('/me')).status).toBe(200);
  });

  it('signing out ends the session: its old cookie is 401 after', async () => {
    const client = await consoleAs(target, 'acme', 'staff');
    const cookie = `svc-console.session_token=${client.cookies.get('svc-console.session_token')}`;
    const out = await client.delete('/session');
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ signed_out: true });
    expect(client.cookies.has('svc-console.session_token')).toBe(false);
    expectError(await consoleClient(target).get('/me', { headers: { cookie } }), 401, 'unauthorized');
  });

  it('serves its document, and answers 405 for a method it does not take', async () => {
    const res = await fetch(`${target.baseUrl}/console/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect((await res.json()).info.title).toBe('svc console API');
    const client = await consoleAs(target, 'acme', 'owner');
    expectError(await client.call('PUT', '/me'), 405, 'method_not_allowed');
    expect(CONSOLE_ORIGIN).toBe('http://localhost:3002');
  });
});
