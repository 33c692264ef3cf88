import { log } from '../lib/log';

/** A file a route sends: its name (ASCII, no quotes), its type and its text in chunks. */
export type Download = { filename: string; contentType: string; chunks: AsyncIterable<string> };

function streamOf(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        log().error({ err }, 'download cut short');
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}

/** The 200 of a download: its chunks streamed as they come, never kept. */
export function downloadResponse({ filename, contentType, chunks }: Download): Response {
  return new Response(streamOf(chunks), {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
