// What the visitors need to know before the load: the owner's and the drivers' sign-ins (the invitations the
// CLI sent, accepted through nginx, their passwords chosen here; the drivers' member ids as the dispatch board
// lists them), the company's sizes (with their tons included), its calendar and its junk loads.
import { randomBytes } from 'node:crypto';
import { applySetCookies } from '../test/support/cookies';
import { CONSOLE_ORIGIN } from './company';
import type { Http } from './load-http';
import { type ConsoleMember, type LoadSetup, loadSamplePhotos } from './load-world';

/** Accepts a console invitation through nginx with a password of its own: the member's password and session. */
async function accept(http: Http, link: string, name: string) {
  const token = new URL(link).searchParams.get('token') as string;
  const password = `soak-${randomBytes(9).toString('base64url')}`;
  const accepted = await http.call('console POST /invitations/accept', 'POST', '/console/v1/invitations/accept', {
    headers: { origin: CONSOLE_ORIGIN },
    json: { token, name, password },
  });
  if (accepted.status !== 200)
    throw new Error(`accepting ${name}'s invitation: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const cookies = new Map<string, string>();
  applySetCookies(cookies, accepted.headers);
  return { password, cookies };
}

export async function readLoadSetup(
  http: Http,
  {
    invited,
    drivers: invitedDrivers,
    server,
    dataKey,
    company,
    repoRoot,
  }: {
    invited: { link: string };
    drivers: { email: string; name: string; link: string }[];
    server: { key: string };
    dataKey: { key: string };
    company: { service_area: { zips: string[] } };
    repoRoot: string;
  },
): Promise<{ setup: LoadSetup; ownerPassword: string; driverPasswords: string[] }> {
  const { password: ownerPassword, cookies } = await accept(http, invited.link, 'Soak Owner');
  const signedIn = await Promise.all(
    invitedDrivers.map(async (d) => ({ ...d, ...(await accept(http, d.link, d.name)) })),
  );
  // The drivers' ids, as the office's dispatch board offers them to routes.
  const board = await http.call('setup', 'GET', '/console/v1/dispatch', {
    headers: {
      origin: CONSOLE_ORIGIN,
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  if (board.status !== 200)
    throw new Error(`reading the dispatch board: ${board.status} ${JSON.stringify(board.body)}`);
  const members = board.body.data.drivers as { id: string; name: string; role: string }[];
  const drivers: ConsoleMember[] = signedIn.map((d) => {
    const member = members.find((m) => m.name === d.name && m.role === 'driver');
    if (!member) throw new Error(`the dispatch board does not offer ${d.name}: ${JSON.stringify(members)}`);
    return { id: member.id, name: d.name, email: d.email, password: d.password, cookies: d.cookies };
  });
  const auth = { authorization: `Bearer ${server.key}` };
  const sizes = await http.call('setup', 'GET', '/booking/v1/sizes', { headers: auth });
  const calendar = await http.call('setup', 'GET', '/booking/v1/availability', { headers: auth });
  const junkConfig = await http.call('setup', 'GET', '/booking/v1/junk/config', { headers: auth });
  if (sizes.status !== 200 || calendar.status !== 200 || junkConfig.status !== 200) {
    throw new Error(
      `reading the company: sizes ${sizes.status}, availability ${calendar.status}, junk ${junkConfig.status}`,
    );
  }
  const setup: LoadSetup = {
    base: http.base,
    serverKey: server.key,
    dataKey: dataKey.key,
    consoleOrigin: CONSOLE_ORIGIN,
    owner: { email: 'owner@soak.example', password: ownerPassword, cookies },
    drivers,
    sizes: (sizes.body.data as { id: string; yards: number; label: string; included_tons: number }[]).map((s) => ({
      id: s.id,
      yards: s.yards,
      label: s.label,
      includedTons: s.included_tons,
    })),
    closedDays: new Set((calendar.body.data.closed as { date: string }[]).map((c) => c.date)),
    minDate: calendar.body.data.min_date,
    lastDate: calendar.body.data.to,
    zips: company.service_area.zips,
    loads: (junkConfig.body.data.loads as { load_fraction: string }[]).map((l) => l.load_fraction),
    photos: loadSamplePhotos(repoRoot),
  };
  return { setup, ownerPassword, driverPasswords: drivers.map((d) => d.password) };
}
