import { expect, type Locator, type Page } from '@playwright/test';

/** A page, or the part of it one flow is in (a widget's container or dialog). */
type Scope = Page | Locator;

import { type Customer, env } from './booking';

/** A junk customer: the walk-through's address, in the demo company's area. */
export const junkCustomer = (tag: string): Customer => ({
  name: 'Pat Lee',
  email: `pat+${tag}@example.com`,
  phone: '(512) 555-0199',
  address: '100 Congress Ave',
  zip: '78701',
});

type Day = { date: string; open: boolean; windows: { start: string; end: string; remaining: number }[] };

/** Where a spec's platform is: the suite's, or one the spec started (support/platform.ts). */
type Urls = { api: string; hosted: string };

/**
 * The Booking API as the company's own page calls it (its publishable key, its Origin), from the test:
 * how another customer books a seat, or what the calendar should show.
 */
export async function pageApi(slug: string, urls: Urls = env()) {
  const lookup = await fetch(`${urls.api}/embed/v1/companies/${slug}`);
  const key = ((await lookup.json()) as { data: { publishable_key: string } }).data.publishable_key;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${urls.api}/booking/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, Origin: urls.hosted, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data?: any; error?: { code: string } } };
  };
  return {
    key,
    async days(): Promise<Day[]> {
      return (await call('GET', '/junk/availability')).body.data.days;
    },
    /**
     * Another customer takes a seat: books it, as their page does (an intent, the sandbox card, the
     * confirm). An open intent takes nothing (docs/decisions/unpaid-intents-hold-nothing.md). The intent's
     * answer when it is refused, the confirm's otherwise.
     */
    async takeSeat(date: string, start: string, end: string, tag: string) {
      const intent = await call('POST', '/junk/intents', {
        load_fraction: 'min',
        job_date: date,
        time_window_start: start,
        time_window_end: end,
        address_line1: '9 Other St',
        zip: '78702',
        customer: { name: 'Other Customer', email: `other+${tag}@example.com`, phone: '5125550100' },
        terms_accepted: true,
      });
      if (intent.status !== 200) return intent;
      const { payment_intent_id, client_secret, session_id } = intent.body.data;
      const paid = await fetch(`${urls.api}/sandbox/v1/payment_intents/${payment_intent_id}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: urls.hosted },
        body: JSON.stringify({
          client_secret,
          card: { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
          return_url: `${urls.hosted}/done`,
        }),
      });
      if (paid.status !== 200) throw new Error(`the sandbox card answered ${paid.status}`);
      return call('POST', '/junk/confirm', { session_id, payment_intent_id });
    },
  };
}

/** The first day after today whose window starting at `start` has `seats` or more left. */
export async function dayWithWindow(slug: string, start: string, seats = 1, urls: Urls = env()): Promise<string> {
  const days = await (await pageApi(slug, urls)).days();
  const today = days[0]?.date;
  const day = days.find((d) => d.date !== today && d.windows.some((w) => w.start === start && w.remaining >= seats));
  if (!day) throw new Error(`no day with a ${start} window open`);
  return day.date;
}

/** Clicks a day on the calendar, moving to its month first. */
export async function pickDay(page: Scope, date: string) {
  for (let i = 0; i < 4; i++) {
    const day = page.locator(`button.day[data-date="${date}"]`);
    if ((await day.count()) > 0) return day.click();
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error(`${date} is not on the calendar`);
}

export async function fillJunkDetails(page: Scope, c: Customer) {
  await page.getByLabel('Street address').fill(c.address);
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill(c.zip);
  await page.getByLabel('Full name').fill(c.name);
  await page.getByLabel(/^E-mail/).fill(c.email);
  await page.getByLabel(/^Mobile phone/).fill(c.phone);
  await page.getByLabel(/I accept/).check();
}

/** The window's radio by its label ("8:00 AM – 10:00 AM"). */
export const windowRadio = (page: Scope, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}`) });

export async function expectJobNumber(page: Scope): Promise<number> {
  const text = await page.locator('.num').textContent();
  const jobNumber = Number(text?.replace('#', ''));
  expect(jobNumber).toBeGreaterThan(1000);
  return jobNumber;
}
