import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveInNext } from '../../src/runtime/next-handler';

/**
 * Every path of the platform (next.config.ts rewrites its bases and the operator's paths here): Node's
 * request and answer go to the platform as they are, as the standalone server hands them over. The body is
 * the platform's to read, under its own limits, and a download streams as long as it takes.
 */
export const config = { api: { bodyParser: false, responseLimit: false, externalResolver: true } };

export default function handler(req: IncomingMessage, res: ServerResponse) {
  return serveInNext(req, res);
}
