import type { IncomingMessage, ServerResponse } from 'node:http';
import { replay } from '../../answers';

// As the API's route (pages/api/svc.ts): the body left to the handler, which reads it.
export const config = { api: { bodyParser: false, responseLimit: false, externalResolver: true } };

export default function handler(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const send = () => {
    const body = replay(`${req.method} ${path}`);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  req.resume(); // read the body, as the API does
  req.on('end', send);
}
