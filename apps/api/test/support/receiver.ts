import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on loopback whose answer each test chooses. */
type Received = { headers: IncomingMessage['headers']; body: string };
export function receiver() {
  const received: Received[] = [];
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end('ok');
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      answer(res);
    });
  });
  return {
    received,
    answerWith: (fn: (res: ServerResponse) => void) => {
      answer = fn;
    },
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`)),
      ),
    stop: () => new Promise((r) => server.closeAllConnections() ?? server.close(r)),
  };
}
