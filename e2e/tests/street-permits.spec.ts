import { expect, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  openBooking,
  payWith,
  pickFirstOpenDay,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { consoleUrl, createConsoleUser, signIn } from '../support/console';
import { png } from '../support/images';
import { dispatchStop, isoDay, manageLink, openRental, ownCompany, PHONE, payAndConfirm } from '../support/my-booking';

/**
 * Street placement and permits (issue 57, docs/decisions/street-permits.md), as a customer and the office
 * see them: a company whose rule for Erie, CO needs a permit it applies for 14 days ahead ($10 to the city, $5
 * handling, 7 days covered, $25 an extension). On a phone, the customer says the dumpster sits on the street:
 * the page says what the city requires, the calendar greys the days before the permit's first day with the
 * reason, the quote has the fee's line; the booking lands under Needs action with its deadline; the office
 * records the permit with its scan; a delivery without one is refused on the dispatch board until an owner
 * sends it out with a reason. My booking shows an extension's permit fee before paying.
 */
test.use({ viewport: PHONE });

const SLUG = 'e2e-permits';
const ERIE = {
  name: 'Erie, CO',
  zips: ['80516'],
  cities: ['Erie'],
  street: 'permit',
  applies: 'company',
  lead_days: 14,
  city_fee: 10,
  handling_fee: 5,
  covers_days: 7,
  extension_fee: 25,
  taxable: false,
  instructions: 'The City of Erie issues a right-of-way permit for containers on the street.',
};
const api = ownCompany(
  SLUG,
  {
    name: 'Front Range Roll-offs',
    service_area: { zips: ['80516', '78704'] },
    permits: { elsewhere: 'allowed', rules: [ERIE] },
  },
  { publishable: true },
);
const ADDRESS = { street: '455 Briggs St', city: 'Erie', state: 'CO', zip: '80516' };
const STREET = { placement: 'street', delivery_zip: ADDRESS.zip, delivery_city: ADDRESS.city };

/** "Tue Dec 8": the deadline as the office reads it. */
const deadline = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`);
  const part = (o: Intl.DateTimeFormatOptions) => d.toLocaleDateString('en-US', { ...o, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })} ${part({ month: 'short' })} ${part({ day: 'numeric' })}`;
};
const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const dollars = (n: number) => `$${n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

test('a customer in Erie books for the street: later first day, the fee line; Needs action has it; the office records the permit', async ({
  page,
}, info) => {
  const twenty = ((await api('GET', '/sizes')).data as { id: string; yards: number }[]).find((s) => s.yards === 20);
  const driveway = (await api('GET', '/availability')).data;
  const streetDays = (await api('GET', `/availability?${new URLSearchParams(STREET)}`)).data;
  const earliest = streetDays.permit.earliest_delivery_date as string;
  const quote = (body: object) => api('POST', '/quote', { size_id: twenty?.id, rental_days: 7, ...body });
  const [privateQuote, streetQuote] = [(await quote({})).data, (await quote(STREET)).data];
  expect(streetQuote.lines.permit_fee).toBe(15);
  expect(privateQuote.permit).toBeUndefined();

  await openBooking(page, bookUrl(`company=${SLUG}&size=20`));
  // The question, asked after the address (the street's rule is the address's), as a labelled radio group.
  const where = page.getByRole('group', { name: 'Where will the dumpster sit?' });
  await expect(where.getByRole('radio')).toHaveCount(2);
  await page.getByLabel('Street address').fill(ADDRESS.street);
  await page.getByLabel('City').fill(ADDRESS.city);
  await page.getByLabel('State').fill(ADDRESS.state);
  await page.getByLabel('ZIP code').fill(ADDRESS.zip);
  // By keyboard: Space chooses the driveway, the arrow moves to the street.
  await where.getByRole('radio', { name: /Driveway or private property/ }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(where.getByRole('radio', { name: /On the street/ })).toBeChecked();

  await expect(page.getByTestId('permit-note')).toContainText(
    'Erie, CO needs a street permit, applied for 14 days ahead. Front Range Roll-offs applies for it; the permit fee of $15.00 is on your quote.',
  );
  const feeLine = page.locator('dl.sum > div').filter({ hasText: 'Street permit fee' });
  await expect(feeLine).toContainText('$15.00');
  await expect(page.getByTestId('gross-total')).toHaveText(dollars(streetQuote.gross_total));
  expect(streetQuote.gross_total).toBeGreaterThan(privateQuote.gross_total);

  // The driveway's first day is greyed for the street, and says why; the first day offered is the permit's.
  const drivewayFirst = driveway.min_date as string;
  expect(earliest > drivewayFirst).toBe(true);
  const greyed = page.locator(`button.day[data-date="${drivewayFirst}"]`);
  await expect(greyed).toHaveAttribute('aria-disabled', 'true');
  await expect(greyed).toHaveAccessibleName(/A street permit in Erie, CO needs 14 days/);
  await expect(greyed).toHaveAttribute('title', 'A street permit in Erie, CO needs 14 days');
  await expect(page.getByTestId('permit-days-note')).toContainText('a street permit in Erie, CO needs 14 days');
  await screenshot(page, info, 'street-permit-phone-form');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const delivery = await pickFirstOpenDay(page);
  expect(delivery >= earliest).toBe(true);
  await expect(page.getByTestId('permit-days-note')).toContainText(
    `The first delivery day on the street is ${longDay(delivery)}.`,
  );
  const email = `street+${Date.now()}@example.com`;
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Mobile phone/).fill('(303) 555-0142');
  await page.getByLabel(/I accept/).check();
  await continueToPayment(page);
  await expect(page.locator('dl.sum > div').filter({ hasText: 'Where it sits' })).toContainText('On the street');
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const number = Number((await page.locator('.num').textContent())?.replace('#', ''));
  await screenshot(page, info, 'street-permit-phone-booked');

  // My booking: 3 more days pass the 7 the permit covers: the city's extension fee is shown before paying.
  await openRental(page, await manageLink(SLUG, email));
  const extend = page.getByRole('form', { name: 'Extend the rental' });
  await extend.getByLabel('Extra days').fill('3');
  await extend.getByRole('button', { name: 'See the price' }).click();
  await expect(extend.getByTestId('quote-permit-fee')).toHaveText('$25.00');
  await screenshot(page, info, 'street-permit-my-booking-extension');

  // The office, on a laptop: Needs action has the permit with its deadline (delivery − 14 days).
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createConsoleUser({ slug: SLUG });
  await signIn(page, owner.email, owner.password, '/needs-action');
  const permits = page.getByRole('table', { name: 'Street permits to apply for' });
  const task = permits.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${number}` }) });
  await expect(task).toContainText(`Street permit — apply by ${deadline(isoDay(delivery, -14))}`);
  await expect(task).toContainText('Erie, CO');
  await screenshot(page, info, 'street-permit-needs-action');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The order's permit section: needed; the form says what is missing by field, then records it with a scan.
  await task.getByRole('link', { name: `Order #${number}` }).click();
  const section = page.getByRole('region', { name: 'Street permit' });
  await expect(section.getByTestId('permit-details')).toContainText(
    `Needed: apply by ${deadline(isoDay(delivery, -14))}`,
  );
  const form = page.getByRole('form', { name: 'Record the permit' });
  await form.getByRole('button', { name: 'Record the permit' }).click();
  await expect(form.getByLabel('Permit number')).toBeFocused();
  await expect(form.getByLabel('Permit number')).toHaveAccessibleDescription('Enter the permit number the city gave.');
  await form.getByLabel('Permit number').fill('ROW-2026-0118');
  await form.getByLabel('First day covered').fill(delivery);
  await form.getByLabel('Last day covered').fill(isoDay(delivery, 7));
  await form.getByLabel('Scan of the permit').setInputFiles({
    name: 'permit.png',
    mimeType: 'image/png',
    buffer: png(240, 320),
  });
  await form.getByRole('button', { name: 'Record the permit' }).click();
  await expect(section.getByTestId('permit-details')).toContainText('Recorded');
  await expect(section.getByTestId('permit-details')).toContainText('ROW-2026-0118');
  await expect(section.getByRole('img', { name: 'Scan of permit ROW-2026-0118' })).toBeVisible();
  await screenshot(page, info, 'street-permit-recorded');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto(consoleUrl('/needs-action'));
  await expect(page.getByText('No permit to apply for.')).toBeVisible();
  await expect(page.getByRole('link', { name: `Order #${number}` })).toHaveCount(0);
});

test('dispatch refuses "out for delivery" without the permit; an owner sends it out with a reason', async ({
  page,
}, info) => {
  const twenty = ((await api('GET', '/sizes')).data as { id: string; yards: number }[]).find((s) => s.yards === 20);
  const earliest = (await api('GET', `/availability?${new URLSearchParams(STREET)}`)).data.permit
    .earliest_delivery_date as string;
  const calendar = (await api('GET', `/availability?${new URLSearchParams(STREET)}`)).data;
  const closed = new Set((calendar.closed as { date: string }[]).map((c) => c.date));
  let delivery = earliest;
  while (closed.has(delivery)) delivery = isoDay(delivery, 1);
  const made = await api('POST', '/intents', {
    size_id: twenty?.id,
    rental_days: 7,
    delivery_date: delivery,
    delivery_address: ADDRESS.street,
    delivery_city: ADDRESS.city,
    delivery_zip: ADDRESS.zip,
    placement: 'street',
    customer: { name: 'Bo Street', email: `bo+${Date.now()}@example.com`, phone: '+1 303 555 0100' },
    terms_accepted: true,
  });
  const { number } = await payAndConfirm(api, made);

  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createConsoleUser({ slug: SLUG });
  await signIn(page, owner.email, owner.password);
  const stop = await dispatchStop(page, delivery, 'Deliveries', number);
  const move = async (to: string) => {
    await stop.getByLabel(`Move Order #${number} to`).selectOption(to);
    await stop.getByRole('button', { name: `Move Order #${number}` }).click();
  };
  await move('scheduled');
  await expect(stop.locator('.badge', { hasText: 'Scheduled' })).toBeVisible();
  await move('out_for_delivery');
  const refusal = stop.getByTestId(`permit-refusal-${number}`);
  await expect(refusal).toContainText(`Order #${number} needs its street permit (Erie, CO, apply by`);
  await screenshot(page, info, 'street-permit-dispatch-refused');

  await refusal.getByRole('button', { name: 'send it out without one' }).click();
  const dialog = page.getByRole('dialog', { name: `Send order #${number} out without a permit?` });
  await dialog.getByRole('button', { name: 'Send it out' }).click();
  await expect(dialog.getByText('Write why it goes out without a permit')).toBeVisible();
  await dialog.getByLabel('Reason').fill('City office closed; permit applied for by phone, number to follow.');
  await dialog.getByRole('button', { name: 'Send it out' }).click();
  await expect(dialog).toBeHidden();
  await expect(stop.locator('.badge', { hasText: 'Out for delivery' })).toBeVisible();

  await page.goto(consoleUrl(`/orders/${number}`));
  const details = page.getByRole('region', { name: 'Street permit' }).getByTestId('permit-details');
  await expect(details).toContainText('Sent out without a permit');
  await expect(details).toContainText('City office closed');
  await screenshot(page, info, 'street-permit-overridden');
});

test("Settings' street permits: the rules as applied, a refused value said under its field, the saved rule in the Booking API's calendar", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await createConsoleUser({ slug: SLUG });
  await signIn(page, owner.email, owner.password, '/settings/permits');
  const form = page.getByRole('form', { name: 'Street permits' });
  await expect(form.getByLabel(/Ask customers where the dumpster will sit/)).toBeChecked();
  const rule = form.getByRole('group', { name: 'Erie, CO' });
  await expect(rule.getByLabel('ZIP codes')).toHaveValue('80516');
  const lead = rule.getByLabel('Lead days');
  await expect(lead).toHaveValue('14');

  // 99 lead days is more than a rule takes (0–60): the API's sentence lands under the field, which takes focus.
  await lead.fill('99');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(lead).toBeFocused();
  await expect(lead).toHaveAttribute('aria-invalid', 'true');
  await expect(lead).toHaveAccessibleDescription(/60/);
  await screenshot(page, info, 'street-permit-settings-error');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await lead.fill('10');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Street permits saved')).toBeVisible();
  await expect
    .poll(async () => (await api('GET', `/availability?${new URLSearchParams(STREET)}`)).data.permit?.lead_days)
    .toBe(10);
});
