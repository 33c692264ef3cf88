import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { CONSOLE_CSRF_HEADER, csrfFromCookies } from '@svc/sdk/console';
import { env } from './booking';
import { consoleMailLink, consoleUrl, createConsoleUser } from './console';
import { type BookingApi, calendar, intent, sizeId, tokenOf } from './my-booking';
import { repoRoot } from './platform';

/**
 * The driver's day as the specs drive it through the console API (/console/v1, on the console's own origin as
 * its pages call it: the session cookie, the Origin and the CSRF header): a company's owner invites a driver,
 * the driver accepts, the office moves an order along the board and gives its pickup to the driver, and the
 * driver sends what happened at the stop (photos, picked up, the weigh ticket) from the phone.
 */

/** A photo of a weigh ticket for the driver to send (a small JPEG of the repository's samples). */
export const TICKET_JPEG = path.join(repoRoot, 'docs/samples/junk-pile-1.jpg');

export type ConsoleCall = (method: string, route: string, body?: object) => Promise<{ status: number; body: any }>;

/** A signed-in console member: JSON calls, a multipart upload, and the context to dispose of. */
export type ConsoleSession = {
  call: ConsoleCall;
  upload(
    route: string,
    form: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
  ): Promise<{
    status: number;
    body: any;
  }>;
  dispose(): Promise<void>;
};

const origin = () => consoleUrl('').replace(/\/$/, '');

async function sessionOf(context: APIRequestContext): Promise<ConsoleSession> {
  const csrf = async () => {
    const { cookies } = await context.storageState();
    return csrfFromCookies(cookies.map((c) => `${c.name}=${c.value}`).join('; ')) ?? '';
  };
  const answer = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => ({
    status: res.status(),
    body: await res.json().catch(() => null),
  });
  return {
    async call(method, route, body) {
      const res = await context.fetch(consoleUrl(`/console/v1${route}`), {
        method,
        headers: { origin: origin(), [CONSOLE_CSRF_HEADER]: await csrf() },
        ...(body === undefined ? {} : { data: body }),
      });
      return answer(res);
    },
    async upload(route, form) {
      const res = await context.post(consoleUrl(`/console/v1${route}`), {
        headers: { origin: origin(), [CONSOLE_CSRF_HEADER]: await csrf() },
        multipart: form,
      });
      return answer(res);
    },
    dispose: () => context.dispose(),
  };
}

/** Signs in to the console as a member (POST /console/v1/session from the console's origin). */
export async function consoleSignIn(email: string, password: string): Promise<ConsoleSession> {
  const context = await playwrightRequest.newContext();
  const res = await context.post(consoleUrl('/console/v1/session'), {
    headers: { origin: origin() },
    data: { email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return sessionOf(context);
}

/**
 * A company's owner (made with `svc users invite`) signed in, and a driver the owner invited from the console
 * (POST /members/invitations, role driver) who accepted the e-mailed link: both sessions and the driver's id.
 */
export async function ownerAndDriver(slug: string) {
  const owner = await createConsoleUser({ slug, role: 'owner', name: 'Olivia Owner' });
  const office = await consoleSignIn(owner.email, owner.password);
  const email = `driver-${Date.now()}@e2e.example`;
  const invited = await office.call('POST', '/members/invitations', { email, role: 'driver' });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const token = new URL(await consoleMailLink(slug, email)).searchParams.get('token') as string;
  const context = await playwrightRequest.newContext();
  const accepted = await context.post(consoleUrl('/console/v1/invitations/accept'), {
    headers: { origin: origin() },
    data: { token, name: 'Dana Driver', password: 'correct horse battery staple' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const driver = await sessionOf(context);
  const me = await driver.call('GET', '/me');
  expect(me.body?.data?.role).toBe('driver');
  const members = await office.call('GET', '/members');
  const driverId = (members.body.data.members as { id: string; email: string }[]).find((m) => m.email === email)?.id;
  if (!driverId) throw new Error(`${email} is not among ${slug}'s members: ${JSON.stringify(members.body)}`);
  return { office, driver, driverId };
}

/**
 * A rental of `yards` yards booked through the Booking API from the first open day, paid with `card` in the
 * sandbox (saved for later charges) and confirmed: its number, days and My booking link.
 */
export async function bookRental(api: BookingApi, o: { yards: number; days: number; card: string; tag: string }) {
  const { first } = await calendar(api);
  const made = await intent(api, {
    sizeId: await sizeId(api, o.yards),
    delivery: first,
    days: o.days,
    street: '5 Scale Rd',
    tag: o.tag,
  });
  expect(made.error).toBeUndefined();
  const paid = await fetch(`${env().api}/sandbox/v1/payment_intents/${made.data.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: made.data.client_secret,
      card: { number: o.card.replace(/\s/g, ''), exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  });
  expect(paid.status).toBe(200);
  const done = await api('POST', '/confirm', {
    session_id: made.data.session_id,
    payment_intent_id: made.data.payment_intent_id,
  });
  expect(done.error).toBeUndefined();
  const link = done.data.manage_url as string;
  return { number: done.data.order_number as number, link, token: tokenOf(link), delivery: first, days: o.days };
}

/** The office moves order `number` along the board, one status at a time (POST /orders/{n}/status). */
export async function moveOrder(office: ConsoleSession, number: number, statuses: string[]) {
  for (const status of statuses) {
    const moved = await office.call('POST', `/orders/${number}/status`, { status });
    expect(moved.status, `#${number} to ${status}: ${JSON.stringify(moved.body)}`).toBe(200);
  }
}

/**
 * The office gives order `number`'s pickup on `date` to the driver (GET /dispatch, then POST /dispatch/route):
 * the stop's key.
 */
export async function assignPickup(office: ConsoleSession, date: string, number: number, driverId: string) {
  const day = await office.call('GET', `/dispatch?date=${date}`);
  expect(day.status, JSON.stringify(day.body)).toBe(200);
  const stop = (day.body.data.pickups as { order_number: number; route: { stop: string } }[]).find(
    (s) => s.order_number === number,
  );
  if (!stop)
    throw new Error(`no pickup of #${number} on the dispatch board of ${date}: ${JSON.stringify(day.body.data)}`);
  const assigned = await office.call('POST', '/dispatch/route', {
    date,
    driver_id: driverId,
    stops: [stop.route.stop],
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return stop.route.stop;
}

/** The driver sends an action at a stop (POST /driver/actions) with an id of the phone's own: the stop as it is now. */
export async function fieldAction(driver: ConsoleSession, stop: string, action: string, extra: object = {}) {
  const done = await driver.call('POST', '/driver/actions', { id: randomUUID(), stop, action, ...extra });
  expect(done.status, `${action} at ${stop}: ${JSON.stringify(done.body)}`).toBe(200);
  return done.body.data.stop;
}

/** The driver's photo of a stop (POST /driver/photos, multipart id, stop, photo): its id. */
export async function fieldPhoto(driver: ConsoleSession, stop: string, file = TICKET_JPEG): Promise<string> {
  const sent = await driver.upload('/driver/photos', {
    id: randomUUID(),
    stop,
    photo: { name: path.basename(file), mimeType: 'image/jpeg', buffer: readFileSync(file) },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data.id as string;
}

/**
 * A rental through to the landfill: the office moves it to delivered and gives its pickup to the driver, who
 * picks it up and sends a weigh ticket of `netTons` (with a photo of it when `photo`). The pickup's day.
 */
export async function weighRental(
  team: Awaited<ReturnType<typeof ownerAndDriver>>,
  rental: { number: number; token: string },
  pickupDate: string,
  ticket: { netTons: number; landfillCost: number; photo: boolean },
) {
  await moveOrder(team.office, rental.number, ['scheduled', 'out_for_delivery', 'delivered']);
  const stop = await assignPickup(team.office, pickupDate, rental.number, team.driverId);
  await fieldAction(team.driver, stop, 'picked_up');
  const photoId = ticket.photo ? await fieldPhoto(team.driver, stop) : undefined;
  await fieldAction(team.driver, stop, 'weigh_ticket', {
    ticket: { net_tons: ticket.netTons, landfill_cost: ticket.landfillCost, ...(photoId ? { photo_id: photoId } : {}) },
  });
  return stop;
}

/** An overage as the rule prices it (docs/decisions/drivers-day.md), in dollars: tons over × rate, tax, card fee. */
export function overageOf(o: {
  netTons: number;
  includedTons: number;
  perTon: number;
  taxPercent: number;
  cardFee: { percent: number; fixed: number };
}) {
  const halfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
  const overHundredths = Math.max(0, Math.round(o.netTons * 100) - Math.round(o.includedTons * 100));
  const amount = halfUp(overHundredths * Math.round(o.perTon * 100), 100);
  const tax = halfUp(amount * Math.round(o.taxPercent * 1000), 100_000);
  const fee =
    halfUp((amount + tax) * Math.round(o.cardFee.percent * 1000), 100_000) + Math.round(o.cardFee.fixed * 100);
  return {
    over: overHundredths / 100,
    amount: amount / 100,
    tax: tax / 100,
    fee: fee / 100,
    gross: (amount + tax + fee) / 100,
  };
}
