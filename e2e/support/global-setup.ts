import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyWebhook } from '@svc/sdk';
import { freePort, repoRoot, startPlatform, svc } from './platform';

/**
 * One platform for the suite, on a fresh embedded database: the demo company of `npm start`, a second
 * company that prices by material, and a local webhook receiver registered through the CLI that checks
 * every signature with the SDK and writes what it got to a file the tests read.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-e2e-'));
  // The folder instances of every version share for the flow's files during a rolling deploy (docs/deploy.md).
  const platform = await startPlatform(dataDir, { SVC_WIDGET_ARCHIVE_DIR: path.join(dataDir, 'widget-archive') });

  await svc(dataDir, 'company', 'apply', path.join(repoRoot, 'e2e/fixtures/materials-company.json'));
  await svc(dataDir, 'keys', 'create', 'e2e-materials', '--kind', 'publishable', '--domain', 'localhost');
  // The demo company again, with a 'booking confirmed page' to send customers to.
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const redirecting = path.join(dataDir, 'redirect-company.json');
  writeFileSync(
    redirecting,
    JSON.stringify({
      ...demo,
      slug: 'e2e-redirect',
      name: 'Thanks Page Dumpsters',
      booking: { ...demo.booking, confirmed_page_url: 'https://thanks.example/booked?ref=ads' },
    }),
  );
  await svc(dataDir, 'company', 'apply', redirecting);
  await svc(dataDir, 'keys', 'create', 'e2e-redirect', '--kind', 'publishable', '--domain', 'localhost');
  // The demo company again, whose same-day junk bookings always closed at midnight: today is past its cutoff.
  const lateJunk = path.join(dataDir, 'late-junk-company.json');
  writeFileSync(
    lateJunk,
    JSON.stringify({
      ...demo,
      slug: 'e2e-late-junk',
      name: 'Late Junk Haulers',
      junk: { ...demo.junk, same_day: { allowed: true, cutoff: '00:00' } },
    }),
  );
  await svc(dataDir, 'company', 'apply', lateJunk);
  await svc(dataDir, 'keys', 'create', 'e2e-late-junk', '--kind', 'publishable', '--domain', 'localhost');

  const received = path.join(dataDir, 'webhooks.jsonl');
  let secret = '';
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const event = await verifyWebhook(raw, req.headers['x-svc-signature'] as string, secret).catch(() => null);
      appendFileSync(received, `${JSON.stringify({ verified: event !== null, body: JSON.parse(raw) })}\n`);
      res.writeHead(event ? 200 : 400).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
  secret = (await svc(dataDir, 'webhooks', 'add', 'demo', `http://127.0.0.1:${port}/hook`)).secret;

  Object.assign(process.env, {
    E2E_API_URL: platform.apiUrl,
    E2E_HOSTED_URL: platform.hostedUrl,
    E2E_CONSOLE_URL: platform.consoleUrl,
    E2E_OWNER_EMAIL: platform.owner.email,
    E2E_OWNER_PASSWORD: platform.owner.password,
    E2E_DATA_DIR: dataDir,
    E2E_WEBHOOKS_FILE: received,
  });

  return async () => {
    receiver.close();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
