/**
 * A request URL's path, as `new URL(url).pathname` gives it, for a URL that is already whole and normalized
 * (a Request's, as @hono/node-server makes it and Hono reads it): a scan, not a parse, on every request.
 */
export function urlPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const query = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  const end = query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}
