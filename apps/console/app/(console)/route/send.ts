import { api, call } from '../../../lib/api';
import type { FieldTransport } from '../../../lib/field-queue';

/**
 * How the queue reaches the API: the console's own client through this app's /console/v1 proxy, which adds
 * the CSRF header on writes. A photo is multipart: its id and stop first, then the file, as the API reads it.
 */
export const transport: FieldTransport = {
  photo(item) {
    const form = new FormData();
    form.append('id', item.id);
    form.append('stop', item.stop);
    form.append('photo', item.blob, `${item.id}.${extension(item.blob.type)}`);
    // The operation declares no JSON body: a FormData goes as it is (openapi-fetch sets the boundary).
    return call(api.POST('/driver/photos', { body: form as never }));
  },
  action(item) {
    return call(
      api.POST('/driver/actions', {
        body: {
          id: item.id,
          stop: item.stop,
          action: item.action,
          done_at: item.done_at,
          ...(item.reason ? { reason: item.reason } : {}),
          ...(item.photo_id ? { photo_id: item.photo_id } : {}),
          ...(item.ticket ? { ticket: item.ticket } : {}),
        },
      }),
    );
  },
};

const extension = (type: string) => ({ 'image/png': 'png', 'image/webp': 'webp' })[type] ?? 'jpg';

/** A photo kept as taken when it is small and of a type the API takes; anything else is redrawn. */
const KEEP_UNDER = 3 * 1024 * 1024;
const TAKEN = ['image/jpeg', 'image/png', 'image/webp'];
/** The longest side of a redrawn photo: plenty for a placement or a ticket, a fraction of the bytes. */
const LONGEST = 2560;

/**
 * A phone's photo made ready to wait on the phone and go over a weak signal: a large one (a 12-megapixel
 * camera's is 3 to 10 MB, the API takes 8) is redrawn as a JPEG at 2560 px at most. A file the browser
 * cannot draw is kept as it is: the API says what it refuses.
 */
export async function preparePhoto(file: File): Promise<Blob> {
  if (file.size <= KEEP_UNDER && TAKEN.includes(file.type)) return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob ?? file;
  } catch {
    return file;
  }
}
