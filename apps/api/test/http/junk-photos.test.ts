import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { junkJobs, junkPhotos } from '../../src/db/schema';
import { PHOTO_MAX_BYTES } from '../../src/domain/junk';
import { payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { type DatabaseLocation, drivers } from '../support/databases';
import { animatedWebp, bookJunk, freeSlot, junkBody, phonePhoto, photoForm, slowUpload } from '../support/junk';
import { seededLocation, spawnServer, type Target } from '../support/servers';
import { withTargetDb } from '../support/target-db';

// POST /junk/photos: multipart, after confirm and within 2 hours, at most 3 per job; each file typed by
// its bytes, decoded for real, turned upright and stored without metadata (GPS first of all).
const targets = inject('targets');

const photosOf = (target: Target, jobId: string) =>
  withTargetDb(target, ({ db }) => db.select().from(junkPhotos).where(eq(junkPhotos.junkJobId, jobId)));

describe.each(targets)('junk photos on $name (folder store)', (target) => {
  const api = apiClient(target.baseUrl);
  const key = target.fixtures.acme.server;
  const upload = (form: FormData) => api.post('/junk/photos', { key, form });
  const folder = path.join(target.env.SVC_DATA_DIR as string, 'photos');

  it('stores two photos of a confirmed job upright and without GPS or any other metadata', async () => {
    const { intent, confirmed } = await bookJunk(api, target);
    const original = await phonePhoto({ width: 400, height: 300, orientation: 6 });
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('TestPhone');
    const res = await upload(photoForm(intent.session_id, [{ bytes: original }, { bytes: await phonePhoto() }]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ job_number: confirmed.body.data.job_number, remaining: 1 });
    // EXIF orientation 6: the stored photo is turned upright.
    expect(res.body.data.photos.map((p: any) => [p.content_type, p.width, p.height])).toEqual([
      ['image/jpeg', 300, 400],
      ['image/jpeg', 400, 300],
    ]);
    const rows = await photosOf(target, confirmed.body.data.job_id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.storageKey).toMatch(new RegExp(`^junk/[0-9a-f-]+/${confirmed.body.data.job_id}/[0-9a-f-]+\\.jpg$`));
      const stored = readFileSync(path.join(folder, row.storageKey));
      expect(stored.length).toBe(row.byteSize);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(stored.toString('latin1')).not.toMatch(/TestPhone|GPS/);
    }
    const listed = ((await api.get(`/sessions/${intent.session_id}`, { key })).body.data as any).job_number;
    expect(listed).toBe(confirmed.body.data.job_number);

    // A third is taken; a fourth is refused with photos_limit_reached, and nothing more is stored.
    expect(
      (await upload(photoForm(intent.session_id, [{ bytes: await phonePhoto(), type: 'image/png', name: 'x.png' }])))
        .body.data.remaining,
    ).toBe(0);
    const fourth = await upload(photoForm(intent.session_id, [{ bytes: await phonePhoto() }]));
    expectError(fourth, 409, 'photos_limit_reached', 'photos');
    expect(await photosOf(target, confirmed.body.data.job_id)).toHaveLength(3);
  });

  it('refuses photos before the job exists, after the window, and for an unknown session', async () => {
    const slot = await freeSlot(api, target);
    const intent = (await api.post('/junk/intents', { key, body: junkBody(slot) })).body.data;
    const photo = await phonePhoto();
    expectError(
      await upload(photoForm(intent.session_id, [{ bytes: photo }])),
      409,
      'photos_not_available',
      'session_id',
    );
    expectError(await upload(photoForm('ses_nobody_here_1', [{ bytes: photo }])), 404, 'not_found', 'session_id');
    expectError(await upload(photoForm(undefined, [{ bytes: photo }])), 400, 'invalid_body', 'session_id');

    const { intent: booked, confirmed } = await bookJunk(api, target);
    expectError(await upload(photoForm(booked.session_id, [])), 400, 'invalid_body', 'photos');
    await withTargetDb(target, ({ db }) =>
      db
        .update(junkJobs)
        .set({ photosUntil: sql`now() - interval '1 second'` })
        .where(eq(junkJobs.id, confirmed.body.data.job_id)),
    );
    expectError(await upload(photoForm(booked.session_id, [{ bytes: photo }])), 410, 'photos_expired', 'session_id');
  });

  it('types a file by its bytes and decodes it for real: each refusal has its code, and nothing is stored', async () => {
    const { intent, confirmed } = await bookJunk(api, target);
    const send = (bytes: Buffer | Uint8Array, type = 'image/jpeg', name = 'pile.jpg') =>
      upload(photoForm(intent.session_id, [{ bytes, type, name }]));
    // A GIF named .jpg, and text: the name and the declared type count for nothing.
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expectError(await send(gif), 415, 'photo_type', 'photos[0]');
    expectError(await send(Buffer.from('not an image at all, just text')), 415, 'photo_type', 'photos[0]');
    // A real PNG sent as image/jpeg is fine: its bytes say PNG.
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect((await send(png)).body.data.photos[0].content_type).toBe('image/png');

    const rejected = async (bytes: Buffer, reason: string) => {
      const res = await send(bytes);
      expectError(res, 400, 'photo_rejected', 'photos[0]');
      expect(res.body.error.details.reason).toBe(reason);
    };
    const jpeg = await phonePhoto();
    await rejected(Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(2000, 7)]), 'undecodable');
    await rejected(
      await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } })
        .jpeg()
        .toBuffer(),
      'too_small',
    );
    await rejected(await animatedWebp(), 'animated');
    // The second file is bad: the first is not kept either.
    const mixed = await upload(photoForm(intent.session_id, [{ bytes: jpeg }, { bytes: gif }]));
    expectError(mixed, 415, 'photo_type', 'photos[1]');
    expect(await photosOf(target, confirmed.body.data.job_id)).toHaveLength(1);

    // Four files in one form: refused before anything is decoded.
    const four = await upload(
      photoForm(
        intent.session_id,
        Array.from({ length: 4 }, () => ({ bytes: jpeg })),
      ),
    );
    expectError(four, 409, 'photos_limit_reached', 'photos');
    expectError(
      await api.post('/junk/photos', { key, body: { session_id: intent.session_id } }),
      400,
      'invalid_body',
      'body',
    );
  });

  it('a photo over 8 MB is 413 photo_too_large, and the server stops reading at the limit', async () => {
    const { intent } = await bookJunk(api, target);
    const big = Buffer.concat([await phonePhoto(), Buffer.alloc(PHOTO_MAX_BYTES, 1)]);
    expectError(await upload(photoForm(intent.session_id, [{ bytes: big }])), 413, 'photo_too_large', 'photos[0]');

    // A streamed upload that would go on for 64 MB: the server reads no more than three photos' worth (what
    // comes past the first photo's limit it drops) and then cuts the connection.
    const boundary = 'svcboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${intent.session_id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 0xff);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head));
        if (sent >= 64 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const res = await fetch(`${target.baseUrl}/booking/v1/junk/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit).catch((err: unknown) => err);
    if (res instanceof Response) expect(res.status).toBe(413);
    expect(sent).toBeLessThan(48 * 1024 * 1024);
    // The cut-off upload harmed nothing: the server answers the next request.
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get('/junk/config', { key })).status).toBe(200);
    // A declared length past three photos is refused before a byte of it is read.
    const declared = await fetch(`${target.baseUrl}/booking/v1/junk/photos`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(100 * 1024 * 1024),
      },
      body: new Uint8Array(head),
    }).catch((err: unknown) => err);
    if (declared instanceof Response) expect(declared.status).toBe(413);
    expect((await api.get('/junk/config', { key })).status).toBe(200);
  });
  it('slow uploads for a made-up session hold no upload slot: a real customer uploads meanwhile', async () => {
    const stalled = Array.from({ length: 6 }, (_, i) =>
      slowUpload(
        target.baseUrl,
        { key: target.fixtures.acme.publishable, origin: 'https://acme.example' },
        // Half stall before their photo begins, half inside it (where the session was checked and refused).
        { sessionId: `ses_madeup_${i}_0000`, intoPhoto: i % 2 === 0 },
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    // A real customer's upload goes through meanwhile, from the same page: the six hold no slot.
    const { intent } = await bookJunk(api, target);
    const real = await api.post('/junk/photos', {
      key: target.fixtures.acme.publishable,
      origin: 'https://acme.example',
      form: photoForm(intent.session_id, [{ bytes: await phonePhoto() }]),
    });
    expect(real.status).toBe(200);
    // Their forms end: each is answered 404 for its session, and the connection serves the next request.
    for (const upload of stalled) upload.end();
    for (const upload of stalled) {
      const res = await upload.response;
      expect(res.status).toBe(404);
      expect((res.body as any).error).toMatchObject({ code: 'not_found', field: 'session_id' });
    }
  });
});

// One company's own uploads, or one address's, hold a share of the process's upload slots, never all of them.
// On the strict servers, which take the client's address from one proxy hop: each party speaks from its own.
const strict = inject('strictTargets');
describe.each(strict)('upload slots shared fairly on $name', (target) => {
  const api = apiClient(target.baseUrl);
  // Companies and addresses of this test's own: the strict servers' per-key and per-address minutes of the
  // fixtures are the rate-limit tests'.
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  async function bookedJob(key: string, ip: string) {
    const slot = (await api.get('/junk/availability', { key, headers: from(ip) })).body.data.days
      .flatMap((d: any) =>
        d.open ? d.windows.filter((w: any) => w.remaining > 0).map((w: any) => ({ ...w, date: d.date })) : [],
      )
      .find((w: any) => w.start !== '13:00');
    const intent = (await api.post('/junk/intents', { key, body: junkBody(slot), headers: from(ip) })).body.data;
    await payWithCard(target, intent);
    const pair = { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id };
    expect((await api.post('/junk/confirm', { key, body: pair, headers: from(ip) })).status).toBe(200);
    return intent.session_id as string;
  }

  it('a company slowly uploading for its own job holds at most 2 slots; another company uploads meanwhile', async () => {
    const slowCo = await acmeTwin(target, 'Slow Uploads Hauling');
    const session = await bookedJob(slowCo.key, '10.61.1.1');
    const slow = Array.from({ length: 4 }, (_, i) =>
      slowUpload(
        target.baseUrl,
        { key: slowCo.key, headers: from(`10.61.0.${i % 2}`) },
        { sessionId: session, intoPhoto: true },
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    // Another company's customer, from another address, uploads at once.
    const other = await acmeTwin(target, 'Other Haulers');
    const theirs = await bookedJob(other.key, '10.62.0.1');
    const photo = await api.post('/junk/photos', {
      key: other.key,
      form: photoForm(theirs, [{ bytes: await phonePhoto() }]),
      headers: from('10.62.0.1'),
    });
    expect(photo.status).toBe(200);
    // The slow company's third upload, from yet another address, waits for its own share.
    const third = await api.post('/junk/photos', {
      key: slowCo.key,
      form: photoForm(session, [{ bytes: await phonePhoto() }]),
      headers: from('10.63.0.1'),
    });
    expectError(third, 429, 'rate_limited');
    expect(third.headers.get('retry-after')).toBe('5');
    // Their forms end: two had slots (their bytes are no photo: 415), the other two were refused a slot.
    for (const upload of slow) upload.end();
    const answers = (await Promise.all(slow.map((u) => u.response))).map((r) => r.status);
    expect(answers.sort()).toEqual([415, 415, 429, 429]);
  });
});

// The same upload on S3-compatible storage: a standalone server configured for a local s3rver bucket.
describe.each(drivers())('junk photos on S3-compatible storage (%s)', (driver) => {
  let s3: S3rver;
  let s3Dir: string;
  let s3Port = 0;
  const locations: DatabaseLocation[] = [];
  let stop = async () => {};
  let target: Target;

  beforeAll(async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    s3Dir = mkdtempSync(path.join(tmpdir(), 'svc-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'junk-photos' }],
    });
    const { port } = await s3.run();
    s3Port = port;
    const { location, fixtures } = await seededLocation(driver, 's3');
    locations.push(location);
    const server = await spawnServer('standalone', location.env, {
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
      SVC_PHOTOS_S3_BUCKET: 'junk-photos',
      SVC_PHOTOS_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      SVC_PHOTOS_S3_ACCESS_KEY_ID: 'S3RVER',
      SVC_PHOTOS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    stop = server.stop;
    target = { name: 's3', kind: 'standalone', driver, baseUrl: server.baseUrl, env: location.env, fixtures };
  });
  afterAll(async () => {
    await stop();
    await s3?.close();
    for (const l of locations) await l.dispose();
  });

  it('stores the cleaned photo in the bucket, not on disk', async () => {
    const api = apiClient(target.baseUrl);
    const { intent, confirmed } = await bookJunk(api, target);
    const res = await api.post('/junk/photos', {
      key: target.fixtures.acme.server,
      form: photoForm(intent.session_id, [{ bytes: await phonePhoto() }]),
    });
    expect(res.status).toBe(200);
    const [row] = await photosOf(target, confirmed.body.data.job_id);
    expect(existsSync(path.join(target.env.SVC_DATA_DIR as string, 'photos', row?.storageKey as string))).toBe(false);
    const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${s3Port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: 'junk-photos', Key: row?.storageKey }));
    expect(object.ContentType).toBe('image/jpeg');
    const stored = Buffer.from(
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    expect(stored.length).toBe(row?.byteSize);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('TestPhone');
  });
});
