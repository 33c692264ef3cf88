import { describe, expect, inject, it } from 'vitest';
import { svc } from '../support/cli';
import { type ApiResponse, expectError } from '../support/client';
import { consoleAs, consoleClient, signIn } from '../support/console';
import { consoleMail, countConsoleMail } from '../support/console-mail';
import { runTag } from '../support/data';

const targets = inject('targets');
const strict = inject('strictTargets');
const PASSWORD = 'a-long-enough-password';

describe.each(targets)('console invitations and password reset on $name', (target) => {
  const { acme } = target.fixtures.console;

  /** An owner invites an address; the link comes from the e-mail in the outbox. */
  async function invite(email: string, role: 'owner' | 'staff' = 'staff') {
    const owner = await consoleAs(target, 'acme', 'owner');
    const res = await owner.post('/members/invitations', { body: { email, role } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ email, role, expires_at: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('token');
    const mail = await consoleMail(target, 'console.invitation', email);
    expect(mail?.link).toMatch(/^http:\/\/localhost:3002\/accept-invitation\?token=/);
    return mail?.token as string;
  }

  async function member(tag: string) {
    const email = `member.${tag}@example.com`;
    const token = await invite(email);
    const accepted = await consoleClient(target).post('/invitations/accept', {
      body: { token, name: `Member ${tag}`, password: PASSWORD },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return email;
  }

  it('an owner invites; the link shows the invitation; accepting makes the account and signs in', async () => {
    const email = `invited.${runTag()}@example.com`;
    const token = await invite(email);
    const shown = await consoleClient(target).get(`/invitations/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      company: { slug: 'acme', name: 'Acme Roll-Off' },
      email,
      role: 'staff',
      expires_at: expect.any(String),
    });
    const days = (Date.parse(shown.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const client = consoleClient(target);
    const short = await client.post('/invitations/accept', { body: { token, name: 'New Person', password: 'short' } });
    expectError(short, 400, 'invalid_body', 'password');
    const res = await client.post('/invitations/accept', { body: { token, name: 'New Person', password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      name: 'New Person',
      email,
      role: 'staff',
      company: { slug: 'acme', name: 'Acme Roll-Off' },
    });
    expect((await client.get('/me')).body.data.email).toBe(email);
    // A second click on the same link makes nothing more.
    const again = await consoleClient(target).post('/invitations/accept', {
      body: { token, name: 'Someone Else', password: PASSWORD },
    });
    expectError(again, 409, 'state_conflict');
    expectError(await consoleClient(target).get(`/invitations/${token}`), 409, 'state_conflict');
    expect((await signIn(target, email, PASSWORD)).res.status).toBe(200);
  });

  it('a made-up or replaced invitation link is 404; an address with an account cannot be invited', async () => {
    expectError(await consoleClient(target).get('/invitations/not-a-real-token'), 404, 'not_found');
    const email = `twice.${runTag()}@example.com`;
    const first = await invite(email);
    const second = await invite(email);
    expectError(await consoleClient(target).get(`/invitations/${first}`), 404, 'not_found');
    expect((await consoleClient(target).get(`/invitations/${second}`)).status).toBe(200);
    const owner = await consoleAs(target, 'acme', 'owner');
    const taken = await owner.post('/members/invitations', { body: { email: acme.staff.email, role: 'staff' } });
    expectError(taken, 409, 'state_conflict', 'email');
  });

  it('staff cannot invite or list members (403 forbidden); owners list only their own company', async () => {
    const staff = await consoleAs(target, 'acme', 'staff');
    const email = `by-staff.${runTag()}@example.com`;
    expectError(await staff.post('/members/invitations', { body: { email, role: 'owner' } }), 403, 'forbidden');
    expect(await countConsoleMail(target, 'console.invitation', email)).toBe(0);
    expectError(await staff.get('/members'), 403, 'forbidden');

    const list = await (await consoleAs(target, 'acme', 'owner')).get('/members');
    expect(list.status).toBe(200);
    const emails = list.body.data.members.map((m: { email: string }) => m.email);
    expect(emails).toEqual(expect.arrayContaining([acme.owner.email, acme.staff.email]));
    expect(emails).not.toContain(target.fixtures.console.rival.owner.email);
    const rival = await (await consoleAs(target, 'rival', 'owner')).get('/members');
    const rivals = rival.body.data.members.map((m: { email: string }) => m.email);
    expect(rivals).toContain(target.fixtures.console.rival.owner.email);
    expect(rivals).not.toContain(acme.owner.email);
    expect(rivals).not.toContain(acme.staff.email);
  });

  it('svc users invite makes an owner: the printed link is the e-mailed one; svc users list shows them', async () => {
    const email = `cli.${runTag()}@example.com`;
    const invited = await svc(target, 'users', 'invite', 'rival', email.toUpperCase(), '--role', 'owner');
    expect(invited).toMatchObject({ email, role: 'owner' });
    expect((await consoleMail(target, 'console.invitation', email))?.link).toBe(invited.link);
    const token = new URL(invited.link).searchParams.get('token');
    const client = consoleClient(target);
    const res = await client.post('/invitations/accept', { body: { token, name: 'Cli Owner', password: PASSWORD } });
    expect(res.body.data).toMatchObject({ email, role: 'owner', company: { slug: 'rival' } });
    // An owner of rival now: may list members, and sees only rival's.
    expect((await client.get('/members')).body.data.members.map((m: { email: string }) => m.email)).toContain(email);
    const listed = await svc(target, 'users', 'list', 'rival');
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'owner' })]));
  });

  it('forgot password answers the same whether the account exists; the e-mailed link resets it', async () => {
    const email = await member(runTag());
    const other = await signIn(target, email, PASSWORD);
    expect(other.res.status).toBe(200);

    const known = await consoleClient(target).post('/password/forgot', { body: { email } });
    const unknown = await consoleClient(target).post('/password/forgot', {
      body: { email: `nobody.${runTag()}@example.com` },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await consoleMail(target, 'console.password_reset', email);
    expect(mail?.link).toMatch(/^http:\/\/localhost:3002\/reset-password\?token=/);

    const client = consoleClient(target);
    const weak = await client.post('/password/reset', { body: { token: mail?.token, password: 'too-short' } });
    expectError(weak, 400, 'invalid_body', 'password');
    const newPassword = 'the-new-password-42';
    const reset = await client.post('/password/reset', { body: { token: mail?.token, password: newPassword } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    // Every session of the account ended; the old password no longer works, the new one does.
    expectError(await other.client.get('/me'), 401, 'unauthorized');
    expectError((await signIn(target, email, PASSWORD)).res, 401, 'unauthorized');
    expect((await signIn(target, email, newPassword)).res.status).toBe(200);
    // The link works once.
    const replay = await client.post('/password/reset', {
      body: { token: mail?.token, password: 'yet-another-pw-99' },
    });
    expectError(replay, 400, 'invalid_body', 'token');
  });

  it('an owner revokes an open invitation: its link stops working; staff 403, another company 404', async () => {
    const email = `revoked.${runTag()}@example.com`;
    const token = await invite(email, 'owner');
    const owner = await consoleAs(target, 'acme', 'owner');
    const listed = (await owner.get('/members')).body.data.invitations;
    const open = listed.find((i: { email: string }) => i.email === email);
    expect(open).toEqual({
      id: expect.any(String),
      email,
      role: 'owner',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });

    const rival = await consoleAs(target, 'rival', 'owner');
    expectError(await rival.delete(`/members/invitations/${open.id}`), 404, 'not_found');
    expect((await rival.get('/members')).body.data.invitations.map((i: { email: string }) => i.email)).not.toContain(
      email,
    );
    const staff = await consoleAs(target, 'acme', 'staff');
    expectError(await staff.delete(`/members/invitations/${open.id}`), 403, 'forbidden');
    expect((await consoleClient(target).get(`/invitations/${token}`)).status).toBe(200);

    const revoked = await owner.delete(`/members/invitations/${open.id}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.data).toEqual({ id: open.id, revoked: true });
    expectError(await consoleClient(target).get(`/invitations/${token}`), 404, 'not_found');
    const accept = await consoleClient(target).post('/invitations/accept', {
      body: { token, name: 'Too Late', password: PASSWORD },
    });
    expectError(accept, 404, 'not_found');
    const after = (await owner.get('/members')).body.data.invitations.map((i: { id: string }) => i.id);
    expect(after).not.toContain(open.id);
    expectError(await owner.delete(`/members/invitations/${open.id}`), 404, 'not_found');
    expectError(await owner.delete('/members/invitations/not-an-id'), 404, 'not_found');
  });

  it("an owner changes a member's role and removes them: their session ends at once, the address can come back", async () => {
    const tag = runTag();
    const email = await member(tag);
    const { client: them, res: signedIn } = await signIn(target, email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const owner = await consoleAs(target, 'acme', 'owner');
    const id = (await owner.get('/members')).body.data.members.find((m: { email: string }) => m.email === email)?.id;
    expect(id).toEqual(expect.any(String));

    // Staff may do neither; another company's owner does not find them; a forged write is refused.
    const staff = await consoleAs(target, 'acme', 'staff');
    expectError(await staff.patch(`/members/${id}`, { body: { role: 'owner' } }), 403, 'forbidden');
    expectError(await staff.delete(`/members/${id}`), 403, 'forbidden');
    const rival = await consoleAs(target, 'rival', 'owner');
    expectError(await rival.patch(`/members/${id}`, { body: { role: 'owner' } }), 404, 'not_found', 'id');
    expectError(await rival.delete(`/members/${id}`), 404, 'not_found', 'id');
    expectError(await owner.delete(`/members/${id}`, { headers: { 'x-svc-csrf': 'forged' } }), 403, 'csrf_rejected');
    expectError(await owner.patch(`/members/${id}`, { body: { role: 'admin' } }), 400, 'invalid_body', 'role');
    expect((await them.get('/me')).body.data.role).toBe('staff');

    // Owner, and back: the member's next request has the new role.
    const promoted = await owner.patch(`/members/${id}`, { body: { role: 'owner' } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.data).toEqual({ id, role: 'owner' });
    expect((await them.get('/me')).body.data.role).toBe('owner');
    expect((await them.get('/members')).status).toBe(200);
    // An owner changes neither their own role nor removes themselves.
    const self = await them.patch(`/members/${id}`, { body: { role: 'staff' } });
    expectError(self, 409, 'state_conflict', 'id');
    expect(self.body.error.message).toBe('You cannot change your own role; another owner can.');
    expectError(await them.delete(`/members/${id}`), 409, 'state_conflict', 'id');
    expect((await owner.patch(`/members/${id}`, { body: { role: 'staff' } })).body.data).toEqual({ id, role: 'staff' });
    expectError(await them.get('/members'), 403, 'forbidden');

    const removed = await owner.delete(`/members/${id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data).toEqual({ id, removed: true });
    expectError(await them.get('/me'), 401, 'unauthorized');
    expect((await signIn(target, email, PASSWORD)).res.status).toBe(401);
    const members = (await owner.get('/members')).body.data.members.map((m: { email: string }) => m.email);
    expect(members).not.toContain(email);
    expectError(await owner.delete(`/members/${id}`), 404, 'not_found', 'id');
    expectError(await owner.delete('/members/not-an-id'), 404, 'not_found', 'id');
    // The address can be invited again.
    expect(await invite(email)).toEqual(expect.any(String));
  });
});

// Invitations per company (http/console-throttle.ts): 20 an hour. On the strict servers, where nothing else
// invites; rival's count runs out, acme's is its own.
describe.each(strict)('console invitation limit on $name', (target) => {
  it('past 20 invitations an hour a company gets 429 rate_limited and no e-mail; another company still invites', async () => {
    const rival = await consoleAs(target, 'rival', 'owner');
    let sent = 0;
    let refused: ApiResponse | undefined;
    for (let i = 0; i < 21 && !refused; i++) {
      const res = await rival.post('/members/invitations', {
        body: { email: `limit${i}.${runTag()}@example.com`, role: 'staff' },
      });
      if (res.status === 429) refused = res;
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        sent++;
      }
    }
    expect(sent).toBeLessThanOrEqual(20);
    expect(refused, 'no 429 within 21 invitations').toBeDefined();
    expectError(refused as NonNullable<typeof refused>, 429, 'rate_limited');
    expect(refused?.body.error.message).toMatch(/invitations in the last hour/);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    const email = `over.${runTag()}@example.com`;
    expectError(await rival.post('/members/invitations', { body: { email, role: 'staff' } }), 429, 'rate_limited');
    expect(await countConsoleMail(target, 'console.invitation', email)).toBe(0);

    const acme = await consoleAs(target, 'acme', 'owner');
    const other = await acme.post('/members/invitations', {
      body: { email: `acme.${runTag()}@example.com`, role: 'staff' },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });
});
