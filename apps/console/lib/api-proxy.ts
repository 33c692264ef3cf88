import { apiUrl } from './config';

/**
 * /console/v1/* is the API's console surface, served on this app's origin: the session cookie is first-party
 * and the API's CSRF check sees this app's Origin. Cookie, Origin and the body go through unchanged and
 * every Set-Cookie comes back. A route handler rather than next.config's rewrites, which are fixed at build
 * time (the API's address, SVC_API_URL, is read when the server runs), and rather than a rewrite in
 * proxy.ts, whose keep-alive connection could be one the API had just closed (a 500 "read ECONNRESET"):
 * here a read (GET, HEAD) that meets a closed connection is sent once more, and a call that cannot reach
 * the API is answered 502 `upstream` with a sentence the page shows.
 *
 * Who is calling: the X-Forwarded-For entries written by servers we run: our Next server's (it adds the
 * socket's address, apps/api/src/server/next-server.ts) and those of the proxies in front
 * (CONSOLE_TRUST_PROXY_HOPS: how many, as HOSTED_TRUST_PROXY_HOPS for the hosted pages). That address goes to
 * the API with the platform's proxy token (as the hosted pages' server does), so the sign-in throttle counts
 * visitors, not this server. Under plain `next start`, which keeps a header the browser wrote, with no proxy
 * in front, the header is dropped: the API sees this server's address, and nobody can pick their own.
 */
export async function forwardToApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(`${url.pathname}${url.search}`, `${apiUrl()}/`);
  // `%2e%2e` is a `..` to the URL parser: nothing but the console surface is reached through here.
  if (!target.pathname.startsWith('/console/v1/')) return new Response(null, { status: 404 });
  const retry = request.method === 'GET' || request.method === 'HEAD';
  const body = retry ? undefined : await request.arrayBuffer();
  const init: RequestInit = { method: request.method, headers: forwardedHeaders(request), body, redirect: 'manual' };
  let answer: Response;
  try {
    answer = await fetch(target, init).catch((err: unknown) => {
      if (retry) return fetch(target, init);
      throw err;
    });
  } catch (err) {
    console.error(`console API unreachable (${request.method} ${target.pathname}): ${(err as Error).message}`);
    return Response.json(
      {
        error: {
          code: 'upstream',
          message: retry
            ? 'The console cannot reach the booking platform right now. Try again in a moment.'
            : 'The console could not reach the booking platform, so this may not have been saved. Reload the page to see, then try again.',
        },
      },
      { status: 502 },
    );
  }
  return new Response(answer.body, { status: answer.status, headers: returnedHeaders(answer) });
}

/** Hop-by-hop headers, and those fetch sets itself, go no further. */
const HOP = ['connection', 'keep-alive', 'transfer-encoding', 'te', 'upgrade', 'host', 'content-length'];

function forwardedHeaders(request: Request): Headers {
  const headers = new Headers(request.headers);
  for (const name of [...HOP, 'accept-encoding', 'x-svc-proxy-token', 'x-svc-client-ip']) headers.delete(name);
  const token = process.env.SVC_PROXY_TOKEN;
  const visitor = trustedClientIp(request);
  if (!visitor) headers.delete('x-forwarded-for');
  if (token && visitor) {
    headers.set('x-svc-proxy-token', token);
    headers.set('x-svc-client-ip', visitor);
  }
  return headers;
}

function returnedHeaders(answer: Response): Headers {
  const headers = new Headers();
  answer.headers.forEach((value, name) => {
    // fetch has decoded the body already; each Set-Cookie is copied one by one below.
    if (HOP.includes(name) || name === 'content-encoding' || name === 'set-cookie') return;
    headers.set(name, value);
  });
  for (const cookie of answer.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return headers;
}

/** The entry our own servers added to X-Forwarded-For (the right-most `hops`), or none without them. */
function trustedClientIp(request: Request): string | undefined {
  const socketForwarded = process.env.SVC_NEXT_SOCKET_FORWARDED === '1' ? 1 : 0;
  const hops = Number(process.env.CONSOLE_TRUST_PROXY_HOPS ?? 0) + socketForwarded;
  if (!(hops >= 1)) return undefined;
  const list = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list[Math.max(0, list.length - hops)];
}
