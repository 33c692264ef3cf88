import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The console's way to its API (lib/api-proxy.ts), on the console's production build, against a stand-in of
// the API that can drop a kept-alive connection as a request arrives on it (what the real API's idle timeout
// did: "Failed to proxy … read ECONNRESET", and the page said "The server answered 500") or be away.
const consoleDir = path.resolve(import.meta.dirname, '..');
const nextServer = path.resolve(consoleDir, '../api/dist/next-server.js');

/** The API stand-in: answers { data } and records each request; `dropNextReused` kills one reused connection. */
function apiStandIn() {
  const seen: { method: string; url: string; cookie?: string; reused: boolean }[] = [];
  const served = new WeakSet<Socket>();
  let dropNextReused = false;
  const server: Server = createServer((req, res) => {
    const reused = served.has(req.socket);
    served.add(req.socket);
    seen.push({ method: req.method as string, url: req.url as string, cookie: req.headers.cookie, reused });
    if (reused && dropNextReused) {
      dropNextReused = false;
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
      res.end(JSON.stringify({ data: { ok: true, method: req.method } }));
    });
  });
  server.keepAliveTimeout = 60_000;
  return {
    seen,
    dropOne: () => {
      dropNextReused = true;
    },
    start: () =>
      new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

describe("the console's way to its API", () => {
  const api = apiStandIn();
  let child: ChildProcess;
  let base = '';
  beforeAll(async () => {
    for (const built of [path.join(consoleDir, '.next/BUILD_ID'), nextServer]) {
      if (!existsSync(built)) throw new Error(`${built} is missing: run npm test from the root (it builds first)`);
    }
    const apiPort = await api.start();
    const port = await freePort();
    child = spawn(
      process.execPath,
      [nextServer, '--dir', consoleDir, '--port', String(port), '--hostname', '127.0.0.1'],
      {
        env: { ...process.env, SVC_API_URL: `http://127.0.0.1:${apiPort}`, NODE_ENV: 'production' },
        stdio: 'ignore',
      },
    );
    base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${base}/console/v1/me`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error('the console did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await api.stop();
  });

  it('a read that meets a connection the API dropped is sent again: the page gets its answer', async () => {
    await fetch(`${base}/console/v1/me`); // a kept-alive connection to the API
    api.dropOne();
    const res = await fetch(`${base}/console/v1/me`, { headers: { cookie: 'session=abc' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true, method: 'GET' } });
    const last = api.seen.slice(-2);
    expect(last.map((s) => [s.method, s.reused, s.cookie])).toEqual([
      ['GET', true, 'session=abc'], // dropped
      ['GET', false, 'session=abc'], // sent again, on a new connection
    ]);
    // Every cookie the API sets comes back, one by one.
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('a write is never sent twice: a dropped one is a 502 upstream with a sentence, not a 500', async () => {
    await fetch(`${base}/console/v1/me`);
    api.dropOne();
    const before = api.seen.length;
    const res = await fetch(`${base}/console/v1/leads/x/move`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'contacted' }),
    });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('upstream');
    expect(body.error.message).toMatch(/could not reach the booking platform/);
    expect(api.seen.length - before).toBe(1);
  });

  it('with the API away, reads and writes are a 502 upstream the page can show', async () => {
    await api.stop();
    const read = await fetch(`${base}/console/v1/me`);
    expect(read.status).toBe(502);
    expect(((await read.json()) as { error: { message: string } }).error.message).toMatch(/cannot reach/);
  });
});
