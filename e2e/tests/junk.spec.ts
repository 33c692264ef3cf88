import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  CARDS,
  continueToPayment,
  env,
  jobDeliveries,
  jobFromCli,
  junkUrl,
  openBooking,
  payWith,
  screenshot,
} from '../support/booking';
import {
  dayWithWindow,
  expectJobNumber,
  fillJunkDetails,
  junkCustomer,
  pageApi,
  pickDay,
  windowRadio,
} from '../support/junk';
import { repoRoot } from '../support/platform';

const SAMPLES = path.join(repoRoot, 'docs/samples');

/**
 * Runs in the page: a 4000 x 3000 JPEG of fine noise at full quality (about 10 MB, as a phone's photo of a
 * junk pile), as base64. No named helpers inside: the page has no bundler helpers.
 */
async function phonePhoto(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 4000;
  canvas.height = 3000;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  const image = context.createImageData(canvas.width, canvas.height);
  let seed = 1;
  for (let i = 0; i < image.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((seed >> 16) % 81) - 40;
    image.data[i] = 130 + noise;
    image.data[i + 1] = 110 + noise;
    image.data[i + 2] = 90 + noise;
    image.data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  const blob = (await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 1))) as Blob;
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A JPEG's EXIF block (its APP1 segment), or null: read marker by marker up to the image data. */
function exifOf(jpeg: Buffer): Buffer | null {
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda; ) {
    const length = jpeg.readUInt16BE(at + 2);
    const segment = jpeg.subarray(at + 4, at + 2 + length);
    if (jpeg[at + 1] === 0xe1 && segment.subarray(0, 4).toString('latin1') === 'Exif') return segment;
    at += 2 + length;
  }
  return null;
}

/** Whether a JPEG says where it was taken: an EXIF block with a GPS directory (tag 0x8825). */
function hasGps(jpeg: Buffer): boolean {
  const exif = exifOf(jpeg);
  return Boolean(exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))));
}

/** Every stored photo file of the platform's folder store. */
function storedPhotos(): string[] {
  const root = path.join(env().dataDir, 'photos');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  try {
    return walk(root);
  } catch {
    return [];
  }
}

test('the junk page books a 1/4 load in a morning window; photos are added on the confirmation (two with GPS, one of 10 MB)', async ({
  page,
}, info) => {
  const date = await dayWithWindow('demo', '08:00');
  await openBooking(page, junkUrl('demo', 'utm_source=flyer'));
  await expect(page.getByRole('heading', { name: 'Demo Dumpsters' })).toBeVisible();
  // The loads are drawn with their prices; the suggested 1/4 truck is priced from the first paint.
  await expect(page.getByRole('radio', { name: /Full truck/ })).toHaveAccessibleName(/\$749\.00/);
  await page.getByRole('radio', { name: /1\/4 truck/ }).check();
  await expect(page.getByTestId('gross-total')).toHaveText('$277.10');
  await expect(page.getByText('Not sure? Pick the closest size')).toBeVisible();
  await pickDay(page, date);
  await windowRadio(page, '8:00 AM – 10:00 AM').check();
  await expect(windowRadio(page, '8:00 AM – 10:00 AM')).toHaveAccessibleName(/\d left/);
  await fillJunkDetails(page, junkCustomer('happy'));
  // What the crew will not take and what costs extra are shown before payment.
  await expect(page.getByText('Paint, solvents and chemicals')).toBeVisible();
  await expect(page.getByText('Stairs (per flight)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
  await screenshot(page, info, 'junk-form');

  await continueToPayment(page);
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText('1/4 truck');
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  const jobNumber = await expectJobNumber(page);
  await expect(page.getByText(/The crew arrives .*8:00 AM – 10:00 AM/)).toBeVisible();
  await expect(page.getByText(/You can add them for 2 hours, until/)).toBeVisible();

  // Two photos, one taken by a phone with its GPS position in it.
  expect(hasGps(readFileSync(path.join(SAMPLES, 'junk-pile-1.jpg')))).toBe(true);
  await page
    .locator('input[type=file]')
    .setInputFiles([path.join(SAMPLES, 'junk-pile-1.jpg'), path.join(SAMPLES, 'junk-pile-2.jpg')]);
  await expect(page.getByText('2 of 3 photos added.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: /Upload of junk-pile-1\.jpg/ })).toHaveAttribute('value', '1');

  // A 12-megapixel photo as a phone takes it, over the 8 MB limit: the page redraws it at 2560 px first.
  const big = Buffer.from(await page.evaluate(phonePhoto), 'base64');
  expect(big.length).toBeGreaterThan(8 * 1024 * 1024);
  await page.locator('input[type=file]').setInputFiles({ name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: big });
  await expect(page.getByText('3 of 3 photos added.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Add more photos' })).toBeDisabled();
  await screenshot(page, info, 'junk-confirmed-photos');

  const job = await jobFromCli('demo', jobNumber);
  expect(job).toMatchObject({
    status: 'confirmed',
    payment_status: 'paid',
    load: '1/4 truck',
    job_date: date,
    window: '08:00-10:00',
    address: '100 Congress Ave, 78701',
    charged: 277.1,
    photos: 3,
    channel: 'link',
  });
  // The stored photos carry no trace of where they were taken.
  const files = storedPhotos();
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of files) {
    const stored = readFileSync(file);
    expect(hasGps(stored)).toBe(false);
    expect(stored.includes('SamplePhone')).toBe(false);
  }
  await expect
    .poll(() => jobDeliveries(jobNumber), { timeout: 20_000 })
    .toContainEqual(['booking.completed', true, 'junk', 'link', 'flyer']);
});

test('a window taken meanwhile by another customer is refused, then shown as full', async ({ page }, info) => {
  // 15:00-17:00 takes one crew on weekdays: the last seat is what two customers race for.
  const date = await dayWithWindow('demo', '15:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  const late = windowRadio(page, '3:00 PM – 5:00 PM');
  await expect(late).toHaveAccessibleName(/1 left/);
  await late.check();
  await fillJunkDetails(page, junkCustomer('race'));

  const other = await (await pageApi('demo')).takeSeat(date, '15:00', '17:00', 'race');
  expect(other.status).toBe(200);
  await continueToPayment(page);
  await expect(page.getByText('That arrival window was just taken or is no longer offered.')).toBeVisible();
  // The page read the seats again: the window is full now, and cannot be chosen.
  await expect(late).toHaveAccessibleName(/Full/);
  await expect(late).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
  await screenshot(page, info, 'junk-window-taken');

  // A new visitor sees it full from the first paint.
  await openBooking(page, junkUrl('demo', `date=${date}`));
  await pickDay(page, date);
  await expect(windowRadio(page, '3:00 PM – 5:00 PM')).toBeDisabled();
  await expect(windowRadio(page, '3:00 PM – 5:00 PM')).toHaveAccessibleName(/Full/);
});

test('going back from the card to change the details books the last seat of a window once', async ({ page }) => {
  const date = await dayWithWindow('demo', '15:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  await windowRadio(page, '3:00 PM – 5:00 PM').check();
  await fillJunkDetails(page, junkCustomer('change'));
  await continueToPayment(page);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  // The customer goes back: the next intent names this one with its secret, which ends it (no second job).
  await page.getByRole('button', { name: 'Change details' }).click();
  await page.getByLabel(/^Mobile phone/).fill('(512) 555-0177');
  await continueToPayment(page);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  expect(await jobFromCli('demo', await expectJobNumber(page))).toMatchObject({
    window: '15:00-17:00',
    job_date: date,
  });
  // The window's one seat went to this booking, once: another customer is refused it now.
  expect((await (await pageApi('demo')).takeSeat(date, '15:00', '17:00', 'change-other')).status).toBe(409);
});

test('same day after the cutoff: today is greyed out and says why', async ({ page }, info) => {
  const days = await (await pageApi('e2e-late-junk')).days();
  const today = days[0] as { date: string; open: boolean };
  expect(today.open).toBe(false);
  await openBooking(page, junkUrl('e2e-late-junk', `date=${today.date}`));
  const day = page.locator(`button.day[data-date="${today.date}"]`);
  await expect(day).toHaveAttribute('aria-disabled', 'true');
  await expect(day).toHaveAccessibleName(/same-day bookings are closed/);
  await day.click({ force: true }); // Playwright will not click an aria-disabled button on its own
  await expect(day).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Pick a day first')).toBeVisible();
  await continueToPayment(page);
  await expect(page.getByText('Choose a pickup date on the calendar.')).toBeVisible();
  await screenshot(page, info, 'junk-same-day-closed');
});

test('a declined card says so, and a good card then books the job', async ({ page }) => {
  const date = await dayWithWindow('demo', '10:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  await fillJunkDetails(page, junkCustomer('decline'));
  await continueToPayment(page);
  await payWith(page, CARDS.decline);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible();
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  expect(await jobFromCli('demo', await expectJobNumber(page))).toMatchObject({ status: 'confirmed' });
});

test('an elevated-risk card: the job is received and held for review', async ({ page }, info) => {
  const date = await dayWithWindow('demo', '10:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  await fillJunkDetails(page, junkCustomer('held'));
  await continueToPayment(page);
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Booking received, under review' })).toBeVisible();
  const job = await jobFromCli('demo', await expectJobNumber(page));
  expect(job).toMatchObject({ status: 'pending_risk_review', payment_status: 'unpaid' });
  await screenshot(page, info, 'junk-held');
});

test('preview=1 shows the real loads and prices with booking switched off; an unknown company is not found', async ({
  page,
}) => {
  await openBooking(page, junkUrl('demo', 'preview=1'));
  await expect(page.getByText('Preview: these are the real loads and prices; booking is switched off.')).toBeVisible();
  await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/);
  await expect(page.getByRole('button', { name: 'Booking is off in preview' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  const response = await page.goto(junkUrl('no-such-company'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find this booking page' })).toBeVisible();
});
