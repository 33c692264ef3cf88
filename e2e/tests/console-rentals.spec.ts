import { expect, type Page, test } from '@playwright/test';
import { CARDS, screenshot, seriousA11yViolations } from '../support/booking';
import { demoOwner, signIn } from '../support/console';
import { bookOnDemoPage, outboxEmails, rentalApi, tokenOf } from '../support/my-booking';

/**
 * An order's life after booking from the office (the console's order page, its Rental section): the demo
 * owner extends a paid booking by 2 days for a customer on the phone, charged once to the card saved at
 * booking, sees the change listed as the office's and applied, then sends the customer a new My booking link,
 * which stops the one of the confirmation e-mail.
 */

/** The My booking links e-mailed to `to` in the company's local outbox (`svc outbox list`), oldest first. */
async function rentalLinks(slug: string, to: string): Promise<string[]> {
  return (await outboxEmails(slug, to))
    .sort((a, b) => a.id - b.id)
    .flatMap((r) => (r.payload.text ?? '').match(/https?:\/\/\S+\/rental\/rtl_[A-Za-z0-9_-]+/g) ?? []);
}

async function firstRentalLink(slug: string, to: string): Promise<string> {
  for (let tries = 0; tries < 40; tries++) {
    const [link] = await rentalLinks(slug, to);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation e-mail with a My booking link to ${to} in ${slug}'s outbox`);
}

/** The booking as the customer's link reads it (GET /rental/v1/booking), and the answer's status. */
async function readWithLink(link: string) {
  const read = await rentalApi(tokenOf(link));
  type Booking = { rental_days: number; card_saved: boolean; changes: { kind: string; status: string }[] };
  return { status: read.status, booking: read.ok ? (read.data as Booking) : undefined };
}

/** A paid demo booking on /book (the sandbox's good card, saved for changes): its number, e-mail and link. */
async function bookOnDemo(page: Page) {
  const { who, number } = await bookOnDemoPage(page, `console-rentals-${Date.now()}`, CARDS.success);
  return { number, email: who.email, link: await firstRentalLink('demo', who.email) };
}

test('the office extends a booking by 2 days on the saved card, then sends the customer a new link', async ({
  page,
}, info) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { number, email, link } = await bookOnDemo(page);
  const before = (await readWithLink(link)).booking;
  expect(before?.card_saved).toBe(true);
  const days = before?.rental_days as number;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, demoOwner().email, demoOwner().password, `/orders/${number}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Order #${number}`) })).toBeVisible();
  const rental = page.getByRole('region', { name: 'Rental' });
  await expect(rental.getByText(`${days} days:`)).toBeVisible();
  await expect(rental.getByText('Paid in total')).toBeVisible();
  const changes = rental.getByRole('table', { name: 'Changes after booking' });
  await expect(rental.getByText('No changes yet.')).toBeVisible();

  // Priced first (nothing written), then charged once to the saved card, even on a double click.
  const form = rental.getByRole('form', { name: 'Make a change for the customer' });
  await expect(form).toHaveAttribute('data-ready', 'true');
  await form.getByLabel('Change', { exact: true }).selectOption('extend');
  await form.getByLabel('Days to add').fill('2');
  await form.getByRole('button', { name: 'See the price' }).click();
  const charge = form.getByRole('button', { name: /^Charge \$[\d,]+\.\d\d to the saved card and change$/ });
  await expect(charge).toBeVisible();
  await expect(form.getByText(`${days} → ${days + 2} days`)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-rental-quote');
  const amount = (await charge.textContent())?.match(/\$[\d,]+\.\d\d/)?.[0] as string;

  await charge.dblclick();
  // The sentence is shown (.notice) and read out (a live region) once.
  await expect(form.locator('.notice', { hasText: `Changed. ${amount} was charged to the saved card.` })).toBeVisible();
  const row = changes.getByRole('row').filter({ hasText: 'Extend' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Office');
  await expect(row).toContainText(`${days} → ${days + 2} days`);
  await expect(row).toContainText(amount);
  await expect(row).toContainText('Applied');
  await expect(rental.getByText(`${days + 2} days:`)).toBeVisible();
  // The customer's page reads the same: one change, applied, the booking 2 days longer.
  const after = (await readWithLink(link)).booking;
  expect(after?.rental_days).toBe(days + 2);
  expect(after?.changes.map((c) => [c.kind, c.status])).toEqual([['extend', 'applied']]);

  // A new link for the customer: confirmed first, then said; the confirmation e-mail's link stops working.
  await rental.getByRole('button', { name: 'Send the customer a new link' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a new My booking link for Order #${number}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send the new link' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    rental.locator('.notice', { hasText: `A new link was sent to ${email} by e-mail and text.` }),
  ).toBeVisible();
  expect((await readWithLink(link)).status).not.toBe(200);
  await expect
    .poll(async () => (await rentalLinks('demo', email)).filter((l) => l !== link).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const fresh = (await rentalLinks('demo', email)).filter((l) => l !== link).at(-1) as string;
  expect((await readWithLink(fresh)).booking?.rental_days).toBe(days + 2);

  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-rental-section');
  expect(errors).toEqual([]);
});
