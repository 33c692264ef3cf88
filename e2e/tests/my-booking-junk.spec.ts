import { expect, test } from '@playwright/test';
import { screenshot, seriousA11yViolations } from '../support/booking';
import { png as pngOf } from '../support/images';
import { pageApi } from '../support/junk';
import {
  isoDay,
  manageLink,
  openRental,
  PHONE,
  readBooking,
  shownClock,
  shownDay,
  tokenOf,
  watchErrors,
} from '../support/my-booking';

/**
 * The customer's "My booking" page for a junk removal job (/rental/<token>, apps/hosted/app/rental): the
 * link of the job's confirmation e-mail opens the job on a phone, with its status, load, day and arrival
 * window; the customer moves it to another day's window with a free seat, free, and the page and the API
 * both have it there, with the move in its history. The dumpster order's page: my-booking.spec.ts.
 */
test.use({ viewport: PHONE });

type Window = { start: string; end: string };
type JunkBooking = {
  service: 'junk';
  reference: string;
  job_number: number;
  status: string;
  job_date: string;
  time_window: Window;
  move_cutoff: string | null;
  windows: { date: string; windows: (Window & { remaining: number })[] }[];
  changes: { kind: string; status: string; made_by: string; before: unknown; after: unknown }[];
  photos: number;
  photos_remaining: number;
  photos_until: string | null;
};

/** The customer's photo: a plain PNG of its own colour. */
const png = (width: number, height: number) => pngOf(width, height, [180, 120, 60]);

/** The job as the API's My booking surface reads it with the token (what the page must show). */
const read = (token: string) => readBooking<JunkBooking>(token);

/**
 * A demo junk job booked through the Booking API as the company's own page books one (its publishable key,
 * the sandbox card), two or more days ahead so the move's cutoff (the day before, at the company's hour) is
 * still to come; and the My booking link of its confirmation e-mail.
 */
async function bookJunk(tag: string) {
  const api = await pageApi('demo');
  const days = await api.days();
  const today = days[0]?.date as string;
  const day = days.find((d) => d.date >= isoDay(today, 2) && d.open && d.windows.some((w) => w.remaining > 0));
  if (!day) throw new Error('no open junk window two or more days ahead');
  const window = day.windows.find((w) => w.remaining > 0) as Window;
  const confirmed = await api.takeSeat(day.date, window.start, window.end, tag);
  expect(confirmed.status).toBe(200);
  const link = await manageLink('demo', `other+${tag}@example.com`);
  return { link, token: tokenOf(link) };
}

test('the e-mailed link opens the junk job at 390 px, and the customer moves it to another window', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  const { link, token } = await bookJunk(`my-junk-${Date.now()}`);
  const booked = await read(token);
  expect(booked).toMatchObject({ service: 'junk', status: 'confirmed', changes: [], photos: 0 });
  // Booked just now, without photos: the job takes the photo step's 3 photos through the link, for a while.
  expect(booked.photos_remaining).toBe(3);
  expect(Date.parse(booked.photos_until ?? '')).toBeGreaterThan(Date.now());
  expect(booked.move_cutoff).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
  // A later day's window with a free seat, as the API offers it.
  const target = booked.windows
    .filter((d) => d.date > booked.job_date)
    .flatMap((d) => d.windows.filter((w) => w.remaining > 0).map((w) => ({ date: d.date, ...w })))[0];
  if (!target) throw new Error('no other window to move the job to');

  const response = await openRental(page, link);
  expect(response?.headers()['cache-control']).toContain('no-store');
  await expect(page.getByRole('heading', { level: 1, name: `Your junk removal ${booked.reference}` })).toBeVisible();
  await expect(page.getByText(`With Demo Dumpsters · job #${booked.job_number}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Booked' })).toBeVisible();
  await expect(page.locator('.steps [aria-current="step"]')).toHaveText('Booked');
  await expect(page.locator('.steps li')).toHaveText(['Booked', 'Scheduled', 'Crew on the way', 'Completed']);
  await expect(page.getByTestId('job-date')).toHaveText(shownDay(booked.job_date));
  await expect(page.getByTestId('job-window')).toHaveText(
    `${shownClock(booked.time_window.start)} – ${shownClock(booked.time_window.end)}`,
  );
  await expect(page.getByText(/^9 Other St\b.*78702$/)).toBeVisible();
  await expect(page.getByText('No changes yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'Move to another window' });
  await expect(
    form.getByText(/^You can move it until \w{3}, \w{3} \d{1,2}, \d{4} at \d{1,2}:00 [AP]M\. Moving is free\.$/),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-junk-opened');

  // A photo of the pile for the crew: the card says how many more it takes, until when (the visitor's time).
  const photos = page.getByRole('form', { name: "Add photos of what we're hauling" });
  await expect(
    photos.getByText(/^Up to 3 more photos, until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\./),
  ).toBeVisible();
  const input = photos.getByLabel('Photos');
  await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  // Too small for the photo step (under 200 px a side): the API's reason, next to the input.
  await input.setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(120, 120) });
  await photos.getByRole('button', { name: 'Upload' }).click();
  const refusal = photos.locator('p.error');
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toBeEmpty();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect((await input.getAttribute('aria-describedby'))?.split(' ')).toContain(await refusal.getAttribute('id'));
  expect((await read(token)).photos).toBe(0);

  await input.setInputFiles({ name: 'pile.png', mimeType: 'image/png', buffer: png(240, 200) });
  await photos.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByTestId('notice')).toHaveText('Added: the crew has 1 photo');
  await expect(refusal).toHaveCount(0);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByText('1 photo of the pile')).toBeVisible();
  await expect(photos.getByText(/^Up to 2 more photos, until /)).toBeVisible();
  const pictured = await read(token);
  expect(pictured).toMatchObject({ photos: 1, photos_remaining: 2 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-junk-photo-added');

  // Nothing chosen: the form says what is missing, next to the field.
  await form.getByRole('button', { name: 'Move to this window' }).click();
  await expect(form.getByText('Choose a day.')).toBeVisible();
  await expect(form.getByLabel('New day')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('New day').selectOption({ label: shownDay(target.date) });
  const label = `${shownClock(target.start)} – ${shownClock(target.end)}`;
  const radio = form.getByRole('radio', { name: new RegExp(`^${label}`) });
  await expect(radio).toHaveAccessibleName(`${label} · ${target.remaining} left`);
  await radio.check();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-junk-move-chosen');
  await form.getByRole('button', { name: 'Move to this window' }).click();

  const moved = `Moved: ${shownDay(target.date)}, crew arriving ${shownClock(target.start)}–${shownClock(target.end)}`;
  await expect(page.getByTestId('notice')).toHaveText(moved);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByTestId('job-date')).toHaveText(shownDay(target.date));
  await expect(page.getByTestId('job-window')).toHaveText(label);
  const history = page.getByTestId('junk-history');
  await expect(history.locator('li')).toHaveCount(1);
  await expect(history).toContainText(`to ${shownDay(target.date)}, ${label}`);
  await expect(history).toContainText('by you · Free · Done');

  // The API has the job in its new window, and the move in its changes.
  const after = await read(token);
  expect(after).toMatchObject({
    job_date: target.date,
    time_window: { start: target.start, end: target.end },
    changes: [
      {
        kind: 'move_window',
        status: 'applied',
        made_by: 'customer',
        before: { job_date: booked.job_date, time_window: booked.time_window },
        after: { job_date: target.date, time_window: { start: target.start, end: target.end } },
      },
    ],
  });

  // The cutoff follows the job: the day before its new day.
  expect(after.move_cutoff?.slice(0, 10)).toBe(isoDay(target.date, -1));
  await expect(form.getByText(/^You can move it until /)).toContainText(shownDay(isoDay(target.date, -1)));

  // A new visit shows the same, from the server.
  await page.reload();
  await page.locator('.rb-view[data-ready]').waitFor();
  await expect(page.getByTestId('job-date')).toHaveText(shownDay(target.date));
  await expect(page.getByTestId('junk-history').locator('li')).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-junk-moved');
  expect(errors).toEqual([]);
});

test('a window filled by another customer meanwhile is refused next to the windows, then shown full', async ({
  page,
}, info) => {
  const tag = `my-junk-full-${Date.now()}`;
  const { link, token } = await bookJunk(tag);
  const booked = await read(token);
  // The last day offered (the one other specs least book), and its first window with a free seat.
  const last = booked.windows.filter((d) => d.date !== booked.job_date).at(-1);
  const target = last?.windows.find((w) => w.remaining > 0);
  if (!last || !target) throw new Error('no other window to move the job to');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'Move to another window' });
  await form.getByLabel('New day').selectOption({ label: shownDay(last.date) });
  const label = `${shownClock(target.start)} – ${shownClock(target.end)}`;
  const radio = form.getByRole('radio', { name: new RegExp(`^${label}`) });
  await radio.check();

  // Other customers take the window's last seats before the customer presses the button.
  const api = await pageApi('demo');
  for (let i = 0; i < target.remaining; i++)
    expect((await api.takeSeat(last.date, target.start, target.end, `${tag}-${i}`)).status).toBe(200);

  await form.getByRole('button', { name: 'Move to this window' }).click();
  await expect(form.getByText(/window on .* is full: choose another\./)).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
  // The page read the seats again: the window is no longer offered (or shown full, and cannot be chosen).
  const offered = (await read(token)).windows.find((d) => d.date === last.date)?.windows ?? [];
  if (offered.some((w) => w.start === target.start)) {
    await expect(radio).toBeDisabled();
    await expect(radio).toHaveAccessibleName(`${label} · Full`);
  } else {
    await expect(radio).toHaveCount(0);
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-junk-window-full');
  expect(await read(token)).toMatchObject({ job_date: booked.job_date, time_window: booked.time_window, changes: [] });
});
