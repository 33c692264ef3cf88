import sharp from 'sharp';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { payWithCard } from './booking';
import type { ApiResponse, apiClient } from './client';
import type { Target } from './servers';

type Api = ReturnType<typeof apiClient>;
type Slot = { date: string; start: string; end: string; remaining: number };

/** Open windows of acme's junk calendar with seats left, as GET /junk/availability shows them. */
export async function openSlots(api: Api, target: Target, from?: string): Promise<Slot[]> {
  const res = await api.get('/junk/availability', {
    key: target.fixtures.acme.server,
    query: from ? { from, to: addDaysIso(from, 29) } : {},
  });
  if (res.status !== 200) throw new Error(`availability: ${JSON.stringify(res.body)}`);
  return (res.body.data.days as any[]).flatMap((d) =>
    d.open ? (d.windows as Slot[]).filter((w) => w.remaining > 0).map((w) => ({ ...w, date: d.date })) : [],
  );
}

const addDaysIso = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A seat nobody holds: the morning windows (the 13:00 one has a single seat, kept for the race tests). */
export async function freeSlot(api: Api, target: Target): Promise<Slot> {
  const slot = (await openSlots(api, target)).find((s) => s.start !== '13:00');
  if (!slot) throw new Error('acme has no junk seat left in the next 30 days');
  return slot;
}

let counter = 0;
export function junkBody(slot: { date: string; start: string; end: string }, overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    load_fraction: '1/4',
    job_date: slot.date,
    time_window_start: slot.start,
    time_window_end: slot.end,
    address_line1: '12 Main St',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    notes: 'An old couch in the garage',
    customer: { name: 'Jo Hauler', email: `jo${counter}.${Date.now()}@example.com`, phone: '+1 212 555 0142' },
    terms_accepted: true,
    ...overrides,
  };
}

/** junk intents -> card -> junk confirm, on a free seat. */
export async function bookJunk(
  api: Api,
  target: Target,
  card: string = TEST_CARDS.success,
  overrides: Record<string, unknown> = {},
) {
  const key = target.fixtures.acme.server;
  const slot = await freeSlot(api, target);
  const intent: ApiResponse = await api.post('/junk/intents', { key, body: junkBody(slot, overrides) });
  if (intent.status !== 200) throw new Error(`junk intents: ${JSON.stringify(intent.body)}`);
  const paid = await payWithCard(target, intent.body.data, card);
  const confirmed = await api.post('/junk/confirm', {
    key,
    body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
  });
  return { slot, intent: intent.body.data, paid, confirmed };
}

/** An animated WebP of two frames. */
export async function animatedWebp() {
  const frame = (background: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
    .webp()
    .toBuffer();
}

/** A photo as a phone sends it: a JPEG with EXIF (GPS coordinates, camera, orientation). */
export function phonePhoto(options: { width?: number; height?: number; orientation?: number } = {}) {
  return sharp({
    create: { width: options.width ?? 400, height: options.height ?? 300, channels: 3, background: '#6b8e23' },
  })
    .jpeg()
    .withMetadata({ orientation: options.orientation ?? 1 })
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 51/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 0/1 21/1' },
    })
    .toBuffer();
}

export function photoForm(
  sessionId: string | undefined,
  files: { bytes: Buffer | Uint8Array; type?: string; name?: string }[],
) {
  const form = new FormData();
  if (sessionId !== undefined) form.set('session_id', sessionId);
  for (const [i, f] of files.entries()) {
    form.append(
      'photos',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }),
      f.name ?? `photo${i}.jpg`,
    );
  }
  return form;
}

/**
 * A multipart upload that sends its session_id, then stalls (inside its photo with `intoPhoto`, else before
 * it) until `end()`: how a slow or hostile client holds a connection. `response` is the server's answer,
 * which may come before the body ends.
 */
export function slowUpload(
  baseUrl: string,
  auth: { key: string; origin?: string; headers?: Record<string, string> },
  form: { sessionId: string; intoPhoto: boolean },
) {
  const boundary = `slow${Math.random().toString(36).slice(2)}`;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const text = (t: string) => new TextEncoder().encode(t);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(
        text(`--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${form.sessionId}\r\n`),
      );
      if (form.intoPhoto) {
        c.enqueue(
          text(
            `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
        );
        c.enqueue(new Uint8Array(2048).fill(0xff));
      }
    },
  });
  const response = fetch(`${baseUrl}/booking/v1/junk/photos`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${auth.key}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(auth.origin ? { origin: auth.origin } : {}),
      ...auth.headers,
    },
    body,
    duplex: 'half',
  } as RequestInit).then(
    async (res) => ({ status: res.status, headers: res.headers, body: await res.json().catch(() => null) }),
    (err: unknown) => ({ status: 0, headers: new Headers(), body: String(err) }),
  );
  return {
    response,
    /** Ends the form (unfinished): the server refuses what is left, and frees what it held. */
    end() {
      try {
        controller.enqueue(text(`\r\n--${boundary}--\r\n`));
        controller.close();
      } catch {
        // the server already answered and closed the connection
      }
    },
  };
}
