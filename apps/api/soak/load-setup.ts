// What the visitors need to know before the load: the owner's sign-in (the invitation the CLI sent, accepted
// through nginx, its password chosen here), the company's sizes, its calendar and its junk loads.
import { randomBytes } from 'node:crypto';
import { applySetCookies } from '../test/support/cookies';
import { CONSOLE_ORIGIN } from './company';
import type { Http } from './load-http';
import { type LoadSetup, loadSamplePhotos } from './load-world';

export async function readLoadSetup(
  http: Http,
  {
    invited,
    server,
    dataKey,
    company,
    repoRoot,
  }: {
    invited: { link: string };
    server: { key: string };
    dataKey: { key: string };
    company: { service_area: { zips: string[] } };
    repoRoot: string;
  },
): Promise<{ setup: LoadSetup; ownerPassword: string }> {
  const token = new URL(invited.link).searchParams.get('token') as string;
  const ownerPassword = `soak-${randomBytes(9).toString('base64url')}`;
  const accepted = await http.call('console POST /invitations/accept', 'POST', '/console/v1/invitations/accept', {
    headers: { origin: CONSOLE_ORIGIN },
    json: { token, name: 'Soak Owner', password: ownerPassword },
  });
  if (accepted.status !== 200)
    throw new Error(`accepting the invitation: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const cookies = new Map<string, string>();
  applySetCookies(cookies, accepted.headers);
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
    sizes: (sizes.body.data as { id: string; yards: number }[]).map((s) => ({ id: s.id, yards: s.yards })),
    closedDays: new Set((calendar.body.data.closed as { date: string }[]).map((c) => c.date)),
    minDate: calendar.body.data.min_date,
    lastDate: calendar.body.data.to,
    zips: company.service_area.zips,
    loads: (junkConfig.body.data.loads as { load_fraction: string }[]).map((l) => l.load_fraction),
    photos: loadSamplePhotos(repoRoot),
  };
  return { setup, ownerPassword };
}
