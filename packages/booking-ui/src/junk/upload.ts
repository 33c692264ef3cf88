/**
 * A junk photo's way to the API: resized in the browser when it is large (a phone's 12 MP photo becomes a
 * 2560 px JPEG well under the 8 MB limit), then sent alone with XMLHttpRequest, whose upload progress
 * fetch cannot report. The server still checks and re-encodes everything (type, size, metadata).
 */
const MAX_EDGE = 2560;
/** Below this, a photo of acceptable dimensions is sent as it is (the server strips its metadata). */
const SEND_AS_IS_BYTES = 3 * 1024 * 1024;

export async function preparePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // not decodable here (HEIC on some browsers, or not an image): the server says which
  }
  try {
    const edge = Math.max(bitmap.width, bitmap.height);
    if (edge <= MAX_EDGE && file.size <= SEND_AS_IS_BYTES) return file;
    const scale = Math.min(1, MAX_EDGE / edge);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file; // no canvas to spare (memory): the server says if the original is too big
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    // Phones cap canvas memory: give this one back now rather than at the next collection.
    canvas.width = 0;
    canvas.height = 0;
    return blob ?? file;
  } finally {
    bitmap.close();
  }
}

export type UploadResult =
  | { ok: true; remaining: number }
  | { ok: false; code: string; reason?: string; retryAfter?: number };

export type PhotoTarget = { apiBaseUrl: string; publishableKey: string; widget: boolean; sessionId: string };

export function uploadPhoto(
  target: PhotoTarget,
  photo: Blob,
  name: string,
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${target.apiBaseUrl.replace(/\/$/, '')}/booking/v1/junk/photos`);
    xhr.setRequestHeader('Authorization', `Bearer ${target.publishableKey}`);
    if (target.widget) xhr.setRequestHeader('X-SVC-Channel', 'widget');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, code: 'network' });
    xhr.ontimeout = () => resolve({ ok: false, code: 'network' });
    xhr.onload = () => {
      let body: {
        data?: { remaining: number };
        error?: { code: string; details?: { reason?: string } };
      } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's HTML page: reported as an unknown failure below
      }
      if (xhr.status === 200 && body.data) return resolve({ ok: true, remaining: body.data.remaining });
      const retryAfter = Number(xhr.getResponseHeader('retry-after')) || undefined;
      resolve({ ok: false, code: body.error?.code ?? 'internal', reason: body.error?.details?.reason, retryAfter });
    };
    xhr.timeout = 120_000;
    const form = new FormData();
    form.append('session_id', target.sessionId);
    form.append('photos', new File([photo], name, { type: photo.type || 'application/octet-stream' }));
    xhr.send(form);
  });
}
