import sharp, { type Metadata } from 'sharp';
import { DomainError } from '../domain/errors';
import { PHOTO_MAX_BYTES, type PhotoType } from '../domain/junk';

/**
 * A junk photo from a customer's phone, made safe to keep: its type read from its bytes (never its name),
 * decoded for real, turned upright and re-encoded without any metadata (GPS, camera, time).
 */
export type CleanPhoto = { bytes: Buffer; contentType: PhotoType; width: number; height: number };

/** Smaller than this on either side says nothing about a pile of junk. */
export const MIN_SIDE = 200;
/** Decoding a larger image costs too much memory (a "decompression bomb"); 50 MP covers any phone. */
export const MAX_PIXELS = 50_000_000;
/** Stored photos are at most this long on their long side: enough for a crew to judge the pile. */
export const MAX_STORED_SIDE = 2560;

/** The image type of a file's first bytes: JPEG, PNG or WebP, else null. */
export function sniffType(head: Uint8Array): PhotoType | null {
  const at = (i: number, bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  return null;
}

const rejected = (reason: string, message: string, field: string) =>
  new DomainError('photo_rejected', message, { field, details: { reason } });

/** Checks and cleans one photo; `field` names it in refusals (photos[0], photos[1], ...). */
export async function cleanPhoto(bytes: Buffer, field: string): Promise<CleanPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) {
    throw new DomainError('photo_too_large', `A photo is at most ${PHOTO_MAX_BYTES} bytes (8 MB).`, {
      field,
      details: { max_bytes: PHOTO_MAX_BYTES },
    });
  }
  const type = sniffType(bytes.subarray(0, 16));
  if (!type) {
    throw new DomainError('photo_type', 'Photos must be JPEG, PNG or WebP images.', {
      field,
      details: { allowed: ['image/jpeg', 'image/png', 'image/webp'] },
    });
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: true }).metadata();
  } catch {
    throw rejected('undecodable', 'This photo could not be read: the file is damaged or not really an image.', field);
  }
  if ((meta.pages ?? 1) > 1) throw rejected('animated', 'Animated images are not accepted: send a still photo.', field);
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw rejected(
      'too_small',
      `This photo is ${width}x${height}: send one at least ${MIN_SIDE} pixels on each side.`,
      field,
    );
  }
  if (width * height > MAX_PIXELS) {
    throw rejected('too_many_pixels', `This photo has more than ${MAX_PIXELS / 1_000_000} million pixels.`, field);
  }
  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked, so GPS and the rest go.
    const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85 })
        : type === 'image/png'
          ? pipeline.png()
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: type, width: info.width, height: info.height };
  } catch {
    throw rejected('undecodable', 'This photo could not be read: the file is damaged or truncated.', field);
  }
}
