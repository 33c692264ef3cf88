import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { cleanPhoto, MAX_STORED_SIDE, sniffType } from './inspect';

const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#888' } });

describe('sniffType', () => {
  it('reads the type from the first bytes only', async () => {
    expect(sniffType(await image(10, 10).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffType(await image(10, 10).png().toBuffer())).toBe('image/png');
    expect(sniffType(await image(10, 10).webp().toBuffer())).toBe('image/webp');
    expect(sniffType(await image(10, 10).gif().toBuffer())).toBeNull();
    expect(sniffType(Buffer.from('RIFF....AVI '))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe('cleanPhoto', () => {
  it('strips GPS and every other metadata, applies the orientation and keeps the format', async () => {
    const withGps = await image(400, 300)
      .jpeg()
      .withMetadata({ orientation: 8 })
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 42/1 51/1' } })
      .toBuffer();
    const clean = await cleanPhoto(withGps, 'photos[0]');
    expect(clean).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 400 });
    const meta = await sharp(clean.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('shrinks a huge photo to the stored size', async () => {
    const clean = await cleanPhoto(await image(4000, 3000).png().toBuffer(), 'photos[0]');
    expect([clean.width, clean.height]).toEqual([MAX_STORED_SIDE, 1920]);
  });

  it('refuses a file that only starts like a JPEG', async () => {
    const head = (await image(300, 300).jpeg().toBuffer()).subarray(0, 100);
    await expect(cleanPhoto(Buffer.concat([head, Buffer.alloc(500)]), 'photos[2]')).rejects.toSatisfy(
      (err) => err instanceof DomainError && err.code === 'photo_rejected' && err.field === 'photos[2]',
    );
  });
});
