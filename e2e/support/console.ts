import { expect, type Page } from '@playwright/test';
import { CONSOLE_CSRF_HEADER, csrfFromCookies } from '@svc/sdk/console';
import { svc } from './platform';

/** The company console of the suite's platform (global-setup.ts). */
export const consoleUrl = (path = '/') => `${process.env.E2E_CONSOLE_URL as string}${path}`;

/** The demo company's owner that `npm start` seeds and prints. */
export const demoOwner = () => ({
  email: process.env.E2E_OWNER_EMAIL as string,
  password: process.env.E2E_OWNER_PASSWORD as string,
});

export type ConsoleUser = { email: string; password: string; name: string; role: 'owner' | 'staff'; slug: string };

let made = 0;

/**
 * A console user of a company, made as a company's people are: `svc users invite` (the operator's CLI), then
 * the invitation accepted over the console's own origin (as its page does: same Origin). Each call makes a
 * new user with a unique e-mail; the password is long enough for the API's rule.
 */
export async function createConsoleUser(
  options: { slug?: string; role?: 'owner' | 'staff'; name?: string; email?: string } = {},
): Promise<ConsoleUser> {
  const slug = options.slug ?? 'demo';
  const role = options.role ?? 'owner';
  const email = options.email ?? `${role}-${Date.now()}-${++made}@e2e.example`;
  const name = options.name ?? (role === 'owner' ? 'Olivia Owner' : 'Sam Staff');
  const password = 'correct horse battery staple';
  const token = await inviteToken(slug, email, role);
  const accepted = await fetch(consoleUrl('/console/v1/invitations/accept'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: consoleUrl('').replace(/\/$/, '') },
    body: JSON.stringify({ token, name, password }),
  });
  if (!accepted.ok)
    throw new Error(`accepting the invitation of ${email} answered ${accepted.status}: ${await accepted.text()}`);
  return { email, password, name, role, slug };
}

/** `svc users invite <slug> <email> --role <role>`: the invitation's token (from its link). */
export async function inviteToken(slug: string, email: string, role: 'owner' | 'staff'): Promise<string> {
  const invited = await svc(process.env.E2E_DATA_DIR as string, 'users', 'invite', slug, email, '--role', role);
  const link: string | undefined = invited.url ?? invited.link ?? invited.invitation_url;
  const token = invited.token ?? (link ? new URL(link).searchParams.get('token') : undefined);
  if (!token) throw new Error(`svc users invite gave no token: ${JSON.stringify(invited)}`);
  return token;
}

/**
 * The link of the latest console e-mail to an address (a password reset, an invitation), read from the
 * company's local outbox with `svc outbox list`. Waits a little: it is written as the request answers.
 */
export async function consoleMailLink(slug: string, to: string): Promise<string> {
  for (let tries = 0; tries < 20; tries++) {
    const rows = (await svc(process.env.E2E_DATA_DIR as string, 'outbox', 'list', slug)) as {
      id: number;
      channel: string;
      to: string;
      payload: { text?: string };
    }[];
    const mail = rows
      .filter((r) => r.channel === 'email' && r.to === to)
      .sort((a, b) => b.id - a.id)
      .find((r) => r.payload.text?.includes('http'));
    const link = mail && /https?:\/\/\S+/.exec(mail.payload.text ?? '')?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no console e-mail with a link to ${to} in ${slug}'s outbox`);
}

/**
 * Signs in through the sign-in page and waits for the signed-in shell. `next` is where to land (default
 * the console's home, the dashboard).
 */
export async function signIn(page: Page, email: string, password: string, next?: string) {
  await page.goto(consoleUrl(next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'));
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
  // Next streams a page's metadata after its body: the page is whole once its title has arrived (axe, run
  // on the shell before it, found no <title> one run in a few).
  await expect(page).toHaveTitle(/^(?!Sign in\b).*Console$/);
}

/** The shell's sign-out button; back on the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** A console API call from the signed-in page, as its own scripts make it (same origin, CSRF header on writes). */
export async function consoleCall(
  page: Page,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const cookies = await page.context().cookies();
  const csrf = csrfFromCookies(cookies.map((c) => `${c.name}=${c.value}`).join('; '));
  return page.evaluate(
    async ({ method, url, body, header, csrf }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (csrf && method !== 'GET') headers[header] = csrf;
      const res = await fetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, url: `/console/v1${apiPath}`, body, header: CONSOLE_CSRF_HEADER, csrf },
  );
}
